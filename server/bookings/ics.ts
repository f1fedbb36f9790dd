/**
 * An iCalendar invitation (RFC 5545, with RFC 5546's METHOD) of one consultation, written by hand:
 * CRLF line ends, lines folded at 75 octets, text escaped. Times are UTC ('Z'), so no VTIMEZONE is
 * needed and every client puts the call at the same instant. One UID per booking for its whole
 * life; SEQUENCE rises with each change, so a reschedule replaces the event and a CANCEL removes it.
 */

export type IcsMethod = 'REQUEST' | 'CANCEL';

export interface IcsEvent {
  method: IcsMethod;
  uid: string;
  sequence: number;
  /** When this version was made (DTSTAMP). */
  stampMs: number;
  startMs: number;
  endMs: number;
  summary: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** The meeting's link, when it is a video call. */
  url?: string;
}

/** 20270329T043000Z */
export function icsUtc(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * Every way text can break a line somewhere: CRLF, a lone CR or LF (lenient parsers split on
 * either, so a lone CR in a name would start a line of its own: an extra ATTENDEE or METHOD),
 * NEL and Unicode's line and paragraph separators.
 */
const LINE_BREAKS = /\r\n|[\r\n\u0085\u2028\u2029]/g;
/** The other control characters (C0 but tab and the breaks above, DEL, C1): never in a value. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F]/g;

/** One line of text: line breaks and tabs become a space, other control characters go. */
export function oneLine(value: string): string {
  return value.replace(LINE_BREAKS, ' ').replace(/\t/g, ' ').replace(CONTROLS, '');
}

/**
 * TEXT value escaping (RFC 5545 3.3.11): `\\ ; ,` escaped; each line break (any kind) is the
 * escaped `\n` a calendar shows as a new line, or with `multiline: false` a space. No control
 * character is ever left in the value, so the only CRLFs in an invitation are between its lines.
 */
export function escapeText(value: string, { multiline = true }: { multiline?: boolean } = {}): string {
  const lines = multiline ? value.replace(/\t/g, ' ').replace(CONTROLS, '').split(LINE_BREAKS) : [oneLine(value)];
  return lines
    .map((line) => oneLine(line).replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,'))
    .join('\\n');
}

/** A parameter value (CN=...): quoted, on one line, without the characters a quoted value cannot hold. */
const paramValue = (value: string) => `"${oneLine(value).replace(/"/g, '')}"`;

/** A URI value (mailto:, URL): no spaces or control characters, which no URI holds. */
const uriValue = (value: string) => oneLine(value).replace(/\s/g, '');

/** Folds a content line at 75 octets (never inside a UTF-8 character), continuation lines starting with a space. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function buildIcs(event: IcsEvent): string {
  const isCancel = event.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Nimbus Bespoke Software//Consultations//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    'BEGIN:VEVENT',
    `UID:${uriValue(event.uid)}`,
    `DTSTAMP:${icsUtc(event.stampMs)}`,
    `DTSTART:${icsUtc(event.startMs)}`,
    `DTEND:${icsUtc(event.endMs)}`,
    `SEQUENCE:${event.sequence}`,
    `STATUS:${isCancel ? 'CANCELLED' : 'CONFIRMED'}`,
    `SUMMARY:${escapeText(event.summary, { multiline: false })}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location, { multiline: false })}`,
    ...(event.url ? [`URL:${uriValue(event.url)}`] : []),
    `ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${uriValue(event.organizer.email)}`,
    `ATTENDEE;CN=${paramValue(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=${isCancel ? 'DECLINED' : 'NEEDS-ACTION'};RSVP=${isCancel ? 'FALSE' : 'TRUE'}:mailto:${uriValue(event.attendee.email)}`,
    'TRANSP:OPAQUE',
    ...(isCancel
      ? []
      : [
          'BEGIN:VALARM',
          'ACTION:DISPLAY',
          `DESCRIPTION:${escapeText(event.summary, { multiline: false })}`,
          'TRIGGER:-PT15M',
          'END:VALARM',
        ]),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** The MIME type of the attachment: Outlook and Gmail read the method from it. */
export const icsContentType = (method: IcsMethod) => `text/calendar; charset=utf-8; method=${method}`;
