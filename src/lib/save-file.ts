/**
 * The file name a Content-Disposition header gives: RFC 6266's `filename*` (RFC 8187,
 * `UTF-8''` and percent-encoded bytes: the real name, `Client’s brief.pdf`, `अनुबंध.pdf`) first,
 * then the plain `filename` (quoted or a token: the API's ASCII fallback); null when it names none
 * or cannot be read.
 */
export function fileNameFrom(contentDisposition: string | null | undefined): string | null {
  if (!contentDisposition) return null;
  const parameter = (name: string) =>
    new RegExp(`(?:^|;)\\s*${name}\\s*=\\s*("(?:[^"\\\\]|\\\\.)*"|[^;]*)`, 'i').exec(contentDisposition)?.[1]?.trim();
  const extended = parameter('filename\\*');
  const match = extended ? /^([\w!#$%&+^`{}~-]+)'[^']*'(.+)$/.exec(extended) : null;
  if (match) {
    const [, charset = '', encoded = ''] = match;
    try {
      if (/^utf-?8$/i.test(charset)) return decodeURIComponent(encoded) || null;
      if (/^iso-8859-1$/i.test(charset)) {
        return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) || null;
      }
    } catch {
      // Malformed percent-encoding: fall back to filename.
    }
  }
  const plain = parameter('filename');
  if (!plain) return null;
  const unquoted = plain.startsWith('"') ? plain.slice(1, -1).replace(/\\(.)/g, '$1') : plain;
  return unquoted || null;
}

/**
 * Hands a Blob to the browser as a download named `name`. The one way the site saves a file:
 * every download goes through here (see saveDownload).
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: releasing it at once can cancel the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Saves a file the API sent under the name its Content-Disposition gives (see fileNameFrom), or
 * `fallbackName` when it gives none.
 */
export function saveDownload(file: { blob: Blob; fileName: string | null }, fallbackName: string): void {
  saveFile(file.blob, file.fileName ?? fallbackName);
}
