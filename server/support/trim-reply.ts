import { convert, type HtmlToTextOptions } from 'html-to-text';

/**
 * The new part of a mail reply: everything above the quoted history (the "… wrote:" line a mail
 * client puts above the quote, in the languages our customers write in, Outlook's
 * "-----Original Message-----" or "From: … Sent: …" block) and the signature ("-- ", "Sent from
 * my iPhone"). The stored message keeps the whole original beside it.
 *
 * A line that starts with ">" is not cut by itself: customers write "> 100 errors per hour" and
 * answer between quoted lines; a quote is cut from the header that introduces it.
 */

/**
 * How an attribution line ends ("On Mon, 30 Nov 2026 at 13:30, Nimbus <…> wrote:"), as Gmail,
 * Apple Mail and Outlook write it in English, the Indian languages they offer and the European
 * ones customers set.
 */
const ATTRIBUTION_ENDINGS: RegExp[] = [
  /\bwrote:$/i, // English
  /ने लिखा:$/u, // Hindi: "… को … ने लिखा:"
  /यांनी लिहिले:$/u, // Marathi
  /எழுதியது:$/u, // Tamil
  /(?:వ్రాశారు|రాశారు):$/u, // Telugu
  /লিখেছেন:$/u, // Bengali
  /લખ્યું:$/u, // Gujarati
  /ಬರೆದಿದ್ದಾರೆ:$/u, // Kannada
  /എഴുതി:$/u, // Malayalam
  /ਲਿਖਿਆ:$/u, // Punjabi
  /لکھا:$/u, // Urdu
  /\ba\s+écrit\s*:$/iu, // French: "… a écrit :"
  /\bescribió:$/iu, // Spanish
  /\bescreveu:$/iu, // Portuguese
  /\bha scritto:$/i, // Italian
  /\bschrieb\b.*:$/i, // German: "Am … um 13:30 Uhr schrieb Nimbus <…>:"
  /\bschreef\b.*:$/i, // Dutch: "Op … schreef Nimbus <…>:"
];
/** Words an attribution starts with in languages that have one ("On …", "Le …", "Am …"). */
const ATTRIBUTION_START = /^(On|Le|Am|El|Em|Il|Op)\s/i;
/** An attribution names a date or an address; "Here is what my colleague wrote:" names neither. */
const NAMES_DATE_OR_ADDRESS = /[\p{Nd}@]/u;

const BANNERS = [
  /^-{2,}\s*(Original Message|Forwarded message|Ursprüngliche Nachricht|Weitergeleitete Nachricht|Message d'origine|Message transféré|Mensaje original|Messaggio originale|Oorspronkelijk bericht)\s*-{2,}$/i,
];
/** Outlook's header block: "From: …" then "Sent:" (or Date/To/Subject) within a few lines, in its languages. */
const OUTLOOK_FROM = /^(From|De|Von|Da|Van|प्रेषक)\s?:\s*\S/i;
const OUTLOOK_NEXT =
  /^(Sent|Date|To|Subject|Envoyé|À|Objet|Gesendet|Datum|An|Betreff|Enviado|Fecha|Para|Asunto|Inviato|Data|Oggetto|Verzonden|Aan|Onderwerp|भेजा गया|प्रति|विषय)\s?:/i;
const SIGNATURES = [/^--\s*$/, /^Sent from my \w+/i, /^Get Outlook for /i, /^Sent from Mail for Windows/i];

/** A line without its quote markers ("> > On … wrote:" is an attribution quoted by a later reply). */
const unquoted = (line: string) => line.replace(/^(\s*>)+\s?/, '').trim();
const isBlank = (line: string | undefined) => line === undefined || line.trim() === '';

/** Where the attribution ending on line `end` starts: up to two wrapped lines above it. */
function attributionStart(lines: string[], end: number): number | null {
  let start = end;
  while (start > Math.max(0, end - 2) && !isBlank(lines[start - 1])) start -= 1;
  const startsAParagraph = start === 0 || isBlank(lines[start - 1]);
  // "On …" begins it (the last such line: the customer's own "On the second screen …" above it
  // stays); without such a word (Hindi, Tamil …) the paragraph does, when it is at most three
  // lines; otherwise only the ending line: the customer's text runs into it.
  const run = lines.slice(start, end + 1).map(unquoted);
  const opener = run.findLastIndex((line) => ATTRIBUTION_START.test(line));
  if (opener >= 0) start += opener;
  else if (!startsAParagraph) start = end;
  const text = lines
    .slice(start, end + 1)
    .map(unquoted)
    .join(' ');
  return NAMES_DATE_OR_ADDRESS.test(text) ? start : null;
}

/** The index of the first line of the quoted history or signature, or the number of lines. */
function quoteStart(lines: string[]): number {
  for (let index = 0; index < lines.length; index += 1) {
    const line = unquoted(lines[index]!);
    const raw = lines[index]!.trimEnd();
    if (SIGNATURES.some((pattern) => pattern.test(raw))) return index;
    if (BANNERS.some((pattern) => pattern.test(line))) return index;
    if (/^_{5,}$/.test(line) && lines.slice(index + 1, index + 3).some((next) => OUTLOOK_FROM.test(unquoted(next)))) {
      return index;
    }
    if (
      OUTLOOK_FROM.test(line) &&
      lines.slice(index + 1, index + 5).some((next) => OUTLOOK_NEXT.test(unquoted(next)))
    ) {
      return index;
    }
    if (ATTRIBUTION_ENDINGS.some((pattern) => pattern.test(line))) {
      const start = attributionStart(lines, index);
      if (start !== null) return start;
    }
  }
  return lines.length;
}

export function trimReply(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  return lines.slice(0, quoteStart(lines)).join('\n').trim();
}

/** HTML past this many characters is not turned into text (the mail itself is kept whole). */
const HTML_TEXT_MAX_CHARS = 2_000_000;

const BASE_OPTIONS: HtmlToTextOptions = {
  // Lines as the sender wrote them: the page wraps them.
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    // Inline images ("cid:image001.png@01DA…") are noise in text.
    { selector: 'img', format: 'skip' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
  ],
};

/** The quoted thread as mail clients mark it up in HTML: Gmail, Apple Mail, Thunderbird, Yahoo. */
const QUOTED_THREAD_SELECTORS = [
  'div.gmail_quote',
  'blockquote',
  'div.moz-cite-prefix',
  'div.yahoo_quoted',
  'div.gmail_signature',
];
/** Outlook puts its "From: … Sent: …" header and the quoted mail after one of these: the thread starts there. */
const OUTLOOK_THREAD_START = /<(?:div|hr)\b[^>]*\bid\s*=\s*["']?(?:divRplyFwdMsg|appendonsend|stopSpelling)\b/i;

const tidy = (text: string) =>
  text
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** An HTML mail as text: <head>, <style> and <script> dropped, entities decoded, links kept. */
export function htmlToText(html: string): string {
  return tidy(convert(html.slice(0, HTML_TEXT_MAX_CHARS), BASE_OPTIONS));
}

/**
 * The new part of an HTML-only reply: the quoted thread's markup (Gmail's gmail_quote, any
 * blockquote, Outlook's divRplyFwdMsg and what follows it) dropped, then the text trimmed as a
 * plain-text reply is ("-----Original Message-----", an attribution line left above the quote).
 */
export function htmlReplyText(html: string): string {
  const head = html.slice(0, HTML_TEXT_MAX_CHARS);
  const outlook = head.search(OUTLOOK_THREAD_START);
  const own = outlook >= 0 ? head.slice(0, outlook) : head;
  const text = convert(own, {
    ...BASE_OPTIONS,
    selectors: [
      ...BASE_OPTIONS.selectors!,
      ...QUOTED_THREAD_SELECTORS.map((selector) => ({ selector, format: 'skip' })),
    ],
  });
  return trimReply(tidy(text));
}
