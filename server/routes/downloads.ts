import { encodeExtended } from 'content-disposition';
import type { Response } from 'express';

/** Unpaired UTF-16 surrogates (a JSON name may carry one): encodeURIComponent throws on them. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A file name in printable ASCII, for `filename="…"` (clients that do not read filename*): accents
 * dropped, compatibility characters decomposed (U+202F, a Mac screenshot's narrow space, becomes a
 * space), curly quotes straight, anything else `_`; never `"`, `\` or `%` (which a browser might
 * unescape). A name with nothing left of its stem is `file` with its extension.
 */
export function asciiFileName(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u2018\u2019\u201A\u201B\u2032]/g, "'")
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/[^\x20-\x7E]+/g, '_')
    .replace(/["\\%]/g, '_')
    .trim();
  const dot = ascii.lastIndexOf('.');
  const stem = dot > 0 ? ascii.slice(0, dot) : ascii;
  const extension = dot > 0 ? ascii.slice(dot) : '';
  if (/[A-Za-z0-9]/.test(stem)) return ascii;
  return `file${/^\.[A-Za-z0-9]{1,10}$/.test(extension) ? extension : ''}`;
}

/**
 * The one Content-Disposition every download sends: `filename="…"` in ASCII (see asciiFileName),
 * and, when that is not the name itself, the real name as RFC 6266 / RFC 8187 `filename*=UTF-8''…`,
 * which browsers prefer. Any name is safe here: Node refuses a header with a character above
 * U+00FF (a 500 for `Client’s brief.pdf`), and this header holds only ASCII.
 */
export function contentDisposition(fileName: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const name = fileName.replace(LONE_SURROGATE, '\uFFFD');
  const fallback = asciiFileName(name);
  const plain = `${type}; filename="${fallback}"`;
  return fallback === name ? plain : `${plain}; filename*=${encodeExtended(name)}`;
}

/**
 * A generated file as a download (a PDF, a CSV, a ZIP): saved under `fileName`, and never kept
 * by a shared cache on the way (they hold personal or business data).
 */
export function sendDownload(
  res: Response,
  { fileName, contentType, body }: { fileName: string; contentType: string; body: string | Buffer | Uint8Array },
): void {
  res
    .status(200)
    .set({
      'Content-Type': contentType,
      'Content-Disposition': contentDisposition(fileName),
      'Cache-Control': 'private, no-store',
    })
    .send(Buffer.isBuffer(body) || typeof body === 'string' ? body : Buffer.from(body));
}
