import { convert, type FormatCallback, type HtmlToTextOptions } from 'html-to-text';

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

/**
 * HTML past this many characters is not turned into text: one mail's conversion stays well under
 * the request budget (about 0.2 s here; 2 MB took 2 s per pass and held the API). The mail itself is
 * kept whole (the inbound record, and the file store for what does not fit in it).
 */
export const HTML_TEXT_MAX_CHARS = 256 * 1024;
/**
 * Elements nested deeper than this are flattened (their tags dropped, their text kept) before the
 * conversion: html-to-text walks the tree recursively, and a few thousand nested <div>s overflow
 * the stack. Mail clients nest a few dozen deep.
 */
export const HTML_MAX_DEPTH = 200;

/** Void elements: never hold content, never nest. */
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/** Elements whose content is text, not markup (the parser reads up to their end tag). */
const RAW_TEXT_ELEMENTS = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'noscript']);
/** An open element the parser closes when one of these opens (`<p>a<p>b`, `<li>a<li>b`, `<td>a<td>b`). */
const CLOSED_BY: Record<string, string[]> = {
  p: ['p'],
  li: ['li'],
  td: ['td', 'th'],
  th: ['td', 'th'],
  tr: ['tr', 'td', 'th'],
  option: ['option'],
  dt: ['dt', 'dd'],
  dd: ['dt', 'dd'],
};
/**
 * A tag, a comment or a declaration. Attributes run to the next '>' (quoted values whole) and
 * never over an unquoted '<', so a stray '<' costs a few steps, not a scan to the end.
 */
const MARKUP = /<!--[\s\S]*?(?:-->|$)|<([/!?]?)([a-zA-Z][a-zA-Z0-9:-]*)?(?:[^<>"']|"[^"]*"|'[^']*')*>/g;

/**
 * The HTML with every element nested deeper than `maxDepth` flattened: its tags dropped (so the
 * tree the converter walks is at most that deep), its text kept. Reads the tags as a parser does
 * closely enough: void elements, end tags closing what they close, `<p>`/`<li>`/`<td>` closing
 * their open sibling, script/style bodies skipped. Linear in the input.
 */
export function flattenDeepHtml(html: string, maxDepth = HTML_MAX_DEPTH): string {
  const open: Array<{ name: string; isKept: boolean }> = [];
  const openCount = new Map<string, number>();
  const push = (name: string, isKept: boolean) => {
    open.push({ name, isKept });
    openCount.set(name, (openCount.get(name) ?? 0) + 1);
  };
  const pop = () => {
    const top = open.pop()!;
    openCount.set(top.name, openCount.get(top.name)! - 1);
    return top;
  };
  let out = '';
  let last = 0;
  let isFlattened = false;
  let lower: string | null = null;
  MARKUP.lastIndex = 0;
  for (let match = MARKUP.exec(html); match; match = MARKUP.exec(html)) {
    const [tag, kind, rawName] = match;
    const name = rawName?.toLowerCase();
    if (!name || kind === '!' || kind === '?') continue;
    let keep = true;
    if (kind === '/') {
      if (openCount.get(name)) {
        let top = pop();
        while (top.name !== name) top = pop();
        keep = top.isKept;
      }
    } else if (!VOID_ELEMENTS.has(name) && !tag.endsWith('/>')) {
      const closes = CLOSED_BY[name];
      while (closes && open.length && closes.includes(open.at(-1)!.name)) pop();
      if (RAW_TEXT_ELEMENTS.has(name)) {
        // Skipped to its end tag: what it holds is not markup.
        lower ??= html.toLowerCase();
        const end = lower.indexOf(`</${name}`, MARKUP.lastIndex);
        MARKUP.lastIndex = end === -1 ? html.length : end;
        if (open.length >= maxDepth) {
          // Too deep to keep: dropped with its content (a style or script has nothing to read).
          out += html.slice(last, match.index);
          const close = end === -1 ? html.length : html.indexOf('>', end) + 1 || html.length;
          last = close;
          MARKUP.lastIndex = close;
          isFlattened = true;
        }
        continue;
      }
      keep = open.length < maxDepth;
      push(name, keep);
    }
    if (!keep) {
      out += html.slice(last, match.index);
      last = match.index + tag.length;
      isFlattened = true;
    }
  }
  return isFlattened ? out + html.slice(last) : html;
}

/**
 * Plain tag stripping, for HTML the converter could not read: script/style bodies and tags
 * dropped, block ends as line breaks, the common entities decoded.
 */
export function stripTags(html: string): string {
  return tidy(
    html
      .replace(/<(script|style|title|head)\b[^<>]*>[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
      .replace(/<(?:br|\/p|\/div|\/li|\/tr|\/h[1-6]|\/blockquote)\b[^<>]*>/gi, '\n')
      .replace(/<[^<>]*>/g, '')
      .replace(/&nbsp;/gi, ' ')
      .replace(/&lt;/gi, '<')
      .replace(/&gt;/gi, '>')
      .replace(/&quot;/gi, '"')
      .replace(/&#39;|&apos;/gi, "'")
      .replace(/&amp;/gi, '&')
      .replace(/[ \t]+/g, ' '),
  );
}

/** Marks the quoted thread in the converted text (private-use characters, removed from the input first). */
const QUOTE_OPEN = '\uE000';
const QUOTE_CLOSE = '\uE001';
const THREAD_START = '\uE002';
const MARKERS = /[\uE000-\uE002]/g;

/** The quoted thread's elements as their usual formats would show them, with the quote marked. */
const markQuotedThread: FormatCallback = (elem, walk, builder, formatOptions) => {
  const isBlockquote = elem.name === 'blockquote';
  builder.openBlock({
    leadingLineBreaks: formatOptions.leadingLineBreaks ?? (isBlockquote ? 2 : 1),
    reservedLineLength: isBlockquote ? 2 : 0,
  });
  builder.addLiteral(QUOTE_OPEN);
  walk(elem.children, builder);
  builder.addLiteral(QUOTE_CLOSE);
  builder.closeBlock({
    trailingLineBreaks: formatOptions.trailingLineBreaks ?? (isBlockquote ? 2 : 1),
    blockTransform: isBlockquote
      ? (text) =>
          text
            // As html-to-text's blockquote: no empty first or last line (the marks are no line of their own).
            .replace(/^([\uE000\uE001]*)\n+/, '$1')
            .replace(/\n+([\uE000\uE001]*)$/, '$1')
            .split('\n')
            .map((line) => `> ${line}`)
            .join('\n')
      : undefined,
  });
};

const OPTIONS: HtmlToTextOptions = {
  // Lines as the sender wrote them: the page wraps them.
  wordwrap: false,
  formatters: { markQuotedThread },
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    // Inline images ("cid:image001.png@01DA…") are noise in text.
    { selector: 'img', format: 'skip' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    // The quoted thread as mail clients mark it up in HTML: Gmail, Apple Mail, Thunderbird, Yahoo.
    ...['div.gmail_quote', 'blockquote', 'div.moz-cite-prefix', 'div.yahoo_quoted', 'div.gmail_signature'].map(
      (selector) => ({ selector, format: 'markQuotedThread' }),
    ),
  ],
};

/** Outlook puts its "From: … Sent: …" header and the quoted mail after one of these: the thread starts there. */
const OUTLOOK_THREAD_START = /<(?:div|hr)\b[^>]*\bid\s*=\s*["']?(?:divRplyFwdMsg|appendonsend|stopSpelling)\b/i;

const tidy = (text: string) =>
  text
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** The marked text without its quoted spans (nested ones inside), each with the "> " prefixes before it on its line. */
function withoutQuotes(marked: string): string {
  let out = '';
  let depth = 0;
  for (let index = 0; index < marked.length; index += 1) {
    const char = marked[index]!;
    if (char === QUOTE_OPEN) {
      if (depth === 0) out = out.replace(/(^|\n)[> ]*$/, '$1');
      depth += 1;
    } else if (char === QUOTE_CLOSE) {
      depth = Math.max(0, depth - 1);
    } else if (depth === 0) {
      out += char;
    }
  }
  return out;
}

/** An HTML mail read as text, once: the whole of it, the new part of it, and why it could not be read, if so. */
export interface MailHtmlText {
  /** The whole mail as text: <head>, <style> and <script> dropped, entities decoded, links kept, quotes as "> ". */
  text: string;
  /**
   * The new part of a reply: the quoted thread's markup (Gmail's gmail_quote, any blockquote,
   * Outlook's divRplyFwdMsg and what follows it) dropped, then trimmed as a plain-text reply is
   * ("-----Original Message-----", an attribution line left above the quote).
   */
  reply: string;
  /** Set when the converter failed: the texts are then the HTML with its tags stripped. */
  problem: string | null;
}

/**
 * Reads an HTML mail: at most HTML_TEXT_MAX_CHARS of it, nesting flattened past HTML_MAX_DEPTH, in
 * one conversion (the quoted thread marked, so the whole text and the reply come from the same
 * pass). A converter failure is no 500: the tags are stripped instead and `problem` says why.
 */
export function readMailHtml(html: string): MailHtmlText {
  const head = html.slice(0, HTML_TEXT_MAX_CHARS).replace(MARKERS, '');
  const outlook = head.search(OUTLOOK_THREAD_START);
  const marked = outlook >= 0 ? `${head.slice(0, outlook)}${THREAD_START}${head.slice(outlook)}` : head;
  try {
    const converted = convert(flattenDeepHtml(marked), OPTIONS);
    const text = tidy(converted.replace(MARKERS, ''));
    const own = withoutQuotes(converted.split(THREAD_START)[0]!).replace(MARKERS, '');
    return { text, reply: trimReply(tidy(own)), problem: null };
  } catch (error) {
    const text = stripTags(head);
    const reason = error instanceof Error ? error.message : String(error);
    return { text, reply: trimReply(text), problem: `its HTML could not be read as text (${reason.slice(0, 200)})` };
  }
}

/** An HTML mail as text (see MailHtmlText.text). */
export const htmlToText = (html: string): string => readMailHtml(html).text;

/** The new part of an HTML-only reply (see MailHtmlText.reply). */
export const htmlReplyText = (html: string): string => readMailHtml(html).reply;
