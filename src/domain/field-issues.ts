/**
 * How a bad field is named in a message, for the API's 400s (server/errors.ts) and a bad setting
 * in the site's or the API's configuration.
 */

/** 'lines', 0, 'amountPaise' -> 'lines[0].amountPaise': the field as the request body names it. */
export function fieldName(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>(
    (name, key) => (typeof key === 'number' ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key)),
    '',
  );
}

/**
 * An issue's message naming its field once: as the API's fieldIssueMessage (server/errors.ts) wrote it (it names the field
 * already), or a schema's own message with the field put before it.
 */
export function namedIssueMessage(issue: { path?: ReadonlyArray<PropertyKey>; message: string }): string {
  const field = fieldName(issue.path ?? []);
  if (!field || issue.message.startsWith(`${field}: `) || issue.message === `Missing field: ${field}.`) {
    return issue.message;
  }
  return `${field}: ${issue.message}`;
}
