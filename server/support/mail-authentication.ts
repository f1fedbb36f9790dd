/**
 * Whether an inbound mail's sender domain vouched for it: a From address proves nothing by itself,
 * SPF and DKIM *aligned* with it do. Read from the headers the receiving service puts on top of the
 * mail (Postmark: `Received-SPF`, its SPF check of the envelope sender, and SpamAssassin's
 * `X-Spam-Tests`, where DKIM_VALID_AU is a valid DKIM signature by the From address's domain).
 */
export interface SenderAuthentication {
  /** SPF passed for the envelope sender's domain, and that domain is the From domain or a parent of it. */
  spfAligned: boolean;
  /** A DKIM signature by the From domain (or a parent of it) verified. */
  dkimAligned: boolean;
  /** What was reported, for the review queue: 'SPF fail for forger.test; DKIM none'. */
  summary: string;
}

export type MailHeader = { Name: string; Value: string };

const cleanDomain = (value: string) =>
  value
    .trim()
    .replace(/^[<"]+|[>".]+$/g, '')
    .toLowerCase();

/** The domain of an address ('Asha <asha@Mail.Example.com>' -> 'mail.example.com'), or null. */
export function domainOf(address: string): string | null {
  const at = address.lastIndexOf('@');
  const domain = cleanDomain(at >= 0 ? address.slice(at + 1) : '');
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain) ? domain : null;
}

/**
 * Whether a domain that SPF or DKIM authenticated vouches for mail from `fromDomain`: the same
 * domain or a parent of it (example.com vouches for mail.example.com; not the other way round,
 * and a bare top-level domain vouches for nothing).
 */
export function isAlignedDomain(authenticated: string, fromDomain: string): boolean {
  const vouching = cleanDomain(authenticated);
  const from = cleanDomain(fromDomain);
  if (!vouching.includes('.')) return false;
  return from === vouching || from.endsWith(`.${vouching}`);
}

/** Comments, nested ones too, out of a header value ("Pass (a (b) c) x=1" -> "Pass  x=1"); an unclosed one runs to the end. */
function withoutComments(value: string): string {
  let depth = 0;
  let out = '';
  for (const char of value) {
    if (char === '(') depth += 1;
    else if (char === ')' && depth > 0) depth -= 1;
    else if (depth === 0) out += char;
  }
  return out;
}

/**
 * One `Received-SPF` header read as RFC 7208 writes it: the result, then `key=value` pairs split by
 * ";", comments not read. The domain SPF checked: envelope-from's (helo's when the identity is
 * helo); null when that key is missing, given twice, or its value is no single token.
 */
function readReceivedSpf(value: string): { result: string; domain: string | null } {
  const text = withoutComments(value).trim();
  const result = /^([A-Za-z]+)(?=\s|;|$)/.exec(text)?.[1]?.toLowerCase() ?? 'unreadable';
  const pairs = new Map<string, string | null>();
  for (const part of text.slice(result === 'unreadable' ? 0 : result.length).split(';')) {
    const pair = /^\s*([A-Za-z0-9_.-]+)\s*=\s*(?:"([^"\s]*)"|([^\s"]*))\s*$/.exec(part);
    const key = (pair?.[1] ?? /^\s*([A-Za-z0-9_.-]+)\s*=/.exec(part)?.[1])?.toLowerCase();
    if (!key) continue;
    // A key given twice, or a value that is not one token, says nothing for sure.
    pairs.set(key, pairs.has(key) || !pair ? null : (pair[2] ?? pair[3] ?? null));
  }
  const isHelo = pairs.get('identity')?.toLowerCase() === 'helo';
  const checked = pairs.get(isHelo ? 'helo' : 'envelope-from');
  const domain = checked ? (isHelo ? domainOf(`@${checked}`) : domainOf(checked)) : null;
  return { result, domain };
}

/**
 * The verdicts in a mail's headers. The receiving service adds its own `Received-SPF` and
 * `X-Spam-Tests` (SpamAssassin also replaces any X-Spam-* the sender wrote), but a sender can
 * write more of them, above or below: so every one present must agree. SPF vouches only when each
 * `Received-SPF` passes for a domain aligned with From; DKIM only when each `X-Spam-Tests` holds
 * DKIM_VALID_AU (a valid DKIM signature by the From domain). `Authentication-Results` is not read:
 * Postmark does not document adding one. No verdict at all (a mail replayed locally without them)
 * authenticates nothing.
 */
export function senderAuthentication(headers: MailHeader[], from: string): SenderAuthentication {
  const all = (name: string) =>
    headers.filter((header) => header.Name.toLowerCase() === name.toLowerCase()).map((header) => header.Value);
  const fromDomain = domainOf(from);

  const spfs = all('Received-SPF').map(readReceivedSpf);
  const isSpfAligned = (spf: { result: string; domain: string | null }) =>
    spf.result === 'pass' && !!spf.domain && !!fromDomain && isAlignedDomain(spf.domain, fromDomain);
  const spfAligned = spfs.length > 0 && spfs.every(isSpfAligned);
  // What the review queue shows: the first verdict that does not vouch (else the first).
  const spf = spfs.find((verdict) => !isSpfAligned(verdict)) ?? spfs[0];

  const testsHeaders = all('X-Spam-Tests').map(
    (value) =>
      new Set(
        value
          .toUpperCase()
          .split(/[\s,]+/)
          .filter(Boolean),
      ),
  );
  const dkimAligned =
    !!fromDomain && testsHeaders.length > 0 && testsHeaders.every((tests) => tests.has('DKIM_VALID_AU'));
  const tests = testsHeaders.find((set) => !set.has('DKIM_VALID_AU')) ?? testsHeaders[0];
  const dkim = !tests
    ? 'not reported'
    : dkimAligned
      ? `valid for ${fromDomain}`
      : tests.has('DKIM_VALID_AU')
        ? 'valid for it, but not in every report'
        : tests.has('DKIM_VALID')
          ? 'valid for another domain'
          : tests.has('DKIM_SIGNED')
            ? 'signed, not valid'
            : 'none';
  const disagree = (count: number, name: string) => (count > 1 ? ` (${count} ${name} headers)` : '');
  return {
    spfAligned,
    dkimAligned,
    summary:
      `SPF ${spf?.result ?? 'not reported'}${spf?.domain ? ` for ${spf.domain}` : ''}${disagree(spfs.length, 'Received-SPF')}; ` +
      `DKIM ${dkim}${disagree(testsHeaders.length, 'X-Spam-Tests')}`,
  };
}
