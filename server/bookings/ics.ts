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

/** TEXT value escaping (RFC 5545 3.3.11). */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** A parameter value (CN=...): quoted, without the characters a quoted value cannot hold. */
const paramValue = (value: string) => `"${value.replace(/["\r\n]/g, '')}"`;

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
    `UID:${event.uid}`,
    `DTSTAMP:${icsUtc(event.stampMs)}`,
    `DTSTART:${icsUtc(event.startMs)}`,
    `DTEND:${icsUtc(event.endMs)}`,
    `SEQUENCE:${event.sequence}`,
    `STATUS:${isCancel ? 'CANCELLED' : 'CONFIRMED'}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    `ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${event.organizer.email}`,
    `ATTENDEE;CN=${paramValue(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=${isCancel ? 'DECLINED' : 'NEEDS-ACTION'};RSVP=${isCancel ? 'FALSE' : 'TRUE'}:mailto:${event.attendee.email}`,
    'TRANSP:OPAQUE',
    ...(isCancel
      ? []
      : ['BEGIN:VALARM', 'ACTION:DISPLAY', `DESCRIPTION:${escapeText(event.summary)}`, 'TRIGGER:-PT15M', 'END:VALARM']),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** The MIME type of the attachment: Outlook and Gmail read the method from it. */
export const icsContentType = (method: IcsMethod) => `text/calendar; charset=utf-8; method=${method}`;
