import { COMPANY } from '../../../src/domain/company';
import { formatIstDateTime } from '../../../src/domain/dates';
import { escapeHtml } from '../../../src/domain/html';

/** What a template produces: one mail with an HTML part and a plain-text part. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** HTML that is already safe (built by `html` or `layout`), so `html` does not escape it again. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Interpolation = string | number | SafeHtml | null | undefined | false | Interpolation[];

function interpolate(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(interpolate).join('');
  if (value instanceof SafeHtml) return value.value;
  return escapeHtml(String(value));
}

/**
 * Tagged template for mail HTML: every interpolated value is escaped unless it is SafeHtml, so a
 * visitor's name or message can never add markup (or a remote image) to a mail.
 */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  return new SafeHtml(
    strings.reduce((out, part, index) => out + part + (index < values.length ? interpolate(values[index]!) : ''), ''),
  );
}

/**
 * One line of header-safe text: control characters (CR, LF, tabs, NUL, Unicode line separators)
 * become a space, so a name or subject can never start a new mail header.
 */
export function oneLine(value: string, max = 200): string {
  const flat = value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Text with its line breaks kept, as HTML. */
export function multiline(value: string): SafeHtml {
  return new SafeHtml(
    value
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .map((line) => escapeHtml(line))
      .join('<br>'),
  );
}

/** A moment as Indian readers expect it: '23 Nov 2026, 7:14 am IST'. */
export function formatIst(iso: string): string {
  return formatIstDateTime(new Date(iso));
}

export const FONT = 'font-family:Arial,Helvetica,sans-serif';
/** Every text colour of a mail reads at 4.5:1 or more on white (tests/unit/mail/contrast.test.ts). */
export const MAIL_COLOURS = { text: '#1e293b', muted: '#475569', brandInk: COMPANY.brandInkColour } as const;
const TEXT_COLOUR = MAIL_COLOURS.text;
const MUTED = MAIL_COLOURS.muted;

/** A two-column facts table (label, value; line breaks kept) for the HTML part. */
export function factsTable(rows: Array<[string, string]>): SafeHtml {
  return html`<table
    role="presentation"
    cellpadding="0"
    cellspacing="0"
    style="border-collapse:collapse;width:100%;margin:16px 0"
  >
    ${rows.map(
      ([label, value]) =>
        html`<tr>
          <th
            scope="row"
            align="left"
            valign="top"
            style="${FONT};font-size:14px;font-weight:bold;color:${MUTED};padding:6px 12px 6px 0;border-bottom:1px solid #e2e8f0;width:34%"
          >
            ${label}
          </th>
          <td style="${FONT};font-size:14px;color:${TEXT_COLOUR};padding:6px 0;border-bottom:1px solid #e2e8f0">
            ${multiline(value)}
          </td>
        </tr> `,
    )}
  </table>`;
}

/** The same facts for the text part: 'Label: value' lines. */
export function factsText(rows: Array<[string, string]>): string {
  return rows.map(([label, value]) => `${label}:${value.includes('\n') ? `\n${value}` : ` ${value}`}`).join('\n');
}

/**
 * A link as a customer reads it: the page, without the query that names a record by our internal
 * id ('…/profile?invoice=abc123' -> '…/profile'); the words around it say what to open there.
 */
export function readableUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url.split(/[?#]/)[0] ?? url;
  }
}

export function paragraph(content: string | SafeHtml): SafeHtml {
  return html`<p style="${FONT};font-size:15px;line-height:1.5;color:${TEXT_COLOUR};margin:0 0 14px">${content}</p>`;
}

/** A link styled as a button (a plain link, so it works in every client and has no tracking). */
export function button(label: string, href: string): SafeHtml {
  return html`<p style="margin:20px 0">
    <a
      href="${href}"
      style="${FONT};display:inline-block;background:${MAIL_COLOURS.brandInk};color:#ffffff;font-size:15px;font-weight:bold;text-decoration:none;padding:12px 20px;border-radius:6px"
      >${label}</a
    >
  </p>`;
}

const FOOTER_TEXT = [COMPANY.legalName, COMPANY.address, `${COMPANY.phone} · ${COMPANY.email}`];

/**
 * Wraps a mail's content in the company's frame: name at the top; legal name, address and contact
 * at the bottom. Only inline styles and text: no images, no remote resources, no tracking.
 */
export function layout(input: { subject: string; heading: string; body: SafeHtml; text: string }): RenderedMail {
  const htmlPart = html`<!DOCTYPE html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${input.subject}</title>
      </head>
      <body style="margin:0;padding:0;background:#f1f5f9">
        <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9">
          <tr>
            <td align="center" style="padding:24px 12px">
              <table
                role="presentation"
                width="100%"
                cellpadding="0"
                cellspacing="0"
                style="max-width:600px;background:#ffffff;border-top:4px solid ${COMPANY.brandColour};border-radius:8px"
              >
                <tr>
                  <td style="padding:24px 28px 8px">
                    <p style="${FONT};font-size:18px;font-weight:bold;color:${MAIL_COLOURS.brandInk};margin:0 0 16px">
                      ${COMPANY.name}
                    </p>
                    <h1 style="${FONT};font-size:22px;line-height:1.3;color:${TEXT_COLOUR};margin:0 0 16px">
                      ${input.heading}
                    </h1>
                    ${input.body}
                  </td>
                </tr>
                <tr>
                  <td style="padding:16px 28px 24px;border-top:1px solid #e2e8f0">
                    ${FOOTER_TEXT.map((line) => html`<p style="${FONT};font-size:12px;line-height:1.5;color:${MUTED};margin:0">${line}</p>`)}
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html> `;
  const text = `${COMPANY.name}\n\n${input.heading}\n\n${input.text.trim()}\n\n--\n${FOOTER_TEXT.join('\n')}\n`;
  return { subject: oneLine(input.subject, 250), html: htmlPart.value, text };
}
