import ICAL from 'ical.js';
import request from 'supertest';
import { expect } from 'vitest';
import { catcher, caughtAttachment, type CaughtMail } from './mail-catcher';

export type App = Parameters<typeof request>[0];

/** A visitor's booking form for a start time. */
export const visitorForm = (startAt: string, overrides: Record<string, unknown> = {}) => ({
  startAt,
  name: 'Ana Silva',
  email: 'ana@example.com',
  phone: '+44 20 7946 0958',
  company: 'Silva Foods',
  topic: 'A stock and orders app for our two kitchens.',
  plan: '',
  timeZone: 'Europe/London',
  ...overrides,
});

export async function freeSlots(server: App): Promise<string[]> {
  const response = await request(server).get('/api/bookings/slots').expect(200);
  return response.body.slots as string[];
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** 'YYYY-MM-DD' of an instant in IST. */
export const istDate = (ms: number) => new Date(ms + 5.5 * HOUR).toISOString().slice(0, 10);

/** An IST wall-clock time on a day, as an instant. */
export const istAt = (day: string, time: string) => Date.parse(`${day}T${time}:00+05:30`);

/**
 * The next change of European summer time after `fromMs` (the last Sunday of March: GMT -> BST;
 * of October: BST -> GMT), as its date and the offset that follows.
 */
export function nextEuropeanChange(fromMs: number): { date: string; after: 'BST' | 'GMT' } {
  const lastSunday = (year: number, month: number) => {
    const last = new Date(Date.UTC(year, month + 1, 0));
    last.setUTCDate(last.getUTCDate() - last.getUTCDay());
    return last;
  };
  const year = new Date(fromMs).getUTCFullYear();
  const changes = [year, year + 1].flatMap((y) => [
    { at: lastSunday(y, 2), after: 'BST' as const },
    { at: lastSunday(y, 9), after: 'GMT' as const },
  ]);
  const next = changes.find((change) => change.at.getTime() > fromMs)!;
  return { date: next.at.toISOString().slice(0, 10), after: next.after };
}

/** The invitation attached to a caught mail, parsed by ical.js, with its MIME type. */
export async function invitationOf(mail: CaughtMail) {
  const attachment = (
    mail.attachments as Array<{ generatedFileName: string; contentType: string; fileName?: string }>
  ).find((entry) => entry.contentType.startsWith('text/calendar'));
  expect(attachment, `an invitation on '${mail.subject}'`).toBeTruthy();
  const text = (await caughtAttachment(mail.id, attachment!.generatedFileName)).toString('utf8');
  // The catcher shows the type without its parameters: the method is read from the message as sent.
  const source = await (await fetch(`${catcher.webUrl}/api/email/${mail.id}/source`)).text();
  const contentType = /^Content-Type:\s*(text\/calendar[^\r\n]*)/im.exec(source)?.[1] ?? attachment!.contentType;
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent('vevent')!;
  const time = (name: string) => (event.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString();
  return {
    text,
    contentType,
    method: calendar.getFirstPropertyValue('method') as string,
    uid: event.getFirstPropertyValue('uid') as string,
    sequence: Number(event.getFirstPropertyValue('sequence')),
    status: event.getFirstPropertyValue('status') as string,
    start: time('dtstart'),
    end: time('dtend'),
    location: event.getFirstPropertyValue('location') as string,
    organizer: event.getFirstPropertyValue('organizer') as string,
    attendee: event.getFirstPropertyValue('attendee') as string,
  };
}

/** The reschedule/cancel link's token in a visitor's mail. */
export function manageTokenOf(mail: CaughtMail): string {
  const match = /\/booking\/([A-Za-z0-9._-]+)/.exec(mail.text ?? '');
  expect(match, `a reschedule link in '${mail.subject}'`).toBeTruthy();
  return match![1]!;
}

/** One MIME part of a message as it arrived: its Content-Type (with parameters), its parents' types, its body. */
export interface MimePart {
  contentType: string;
  disposition: string;
  /** The Content-Types of the multiparts it sits in, outermost first. */
  parents: string[];
  /** The body, decoded (base64 and quoted-printable), as UTF-8. */
  text: string;
}

/** Every leaf part of a raw message, with the multiparts it sits in. */
export function mimeParts(source: string, parents: string[] = []): MimePart[] {
  const split = /\r?\n\r?\n/.exec(source);
  const head = (split ? source.slice(0, split.index) : source).replace(/\r?\n[ \t]+/g, ' ');
  const body = split ? source.slice(split.index + split[0].length) : '';
  const header = (name: string) =>
    head
      .split(/\r?\n/)
      .find((line) => line.toLowerCase().startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  const contentType = header('content-type') || 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const pieces = body.split(`--${boundary}`).slice(1, -1);
    // The line break before a boundary belongs to the boundary (RFC 2046 5.1.1), not to the part.
    return pieces.flatMap((piece) =>
      mimeParts(piece.replace(/^\r?\n/, '').replace(/\r?\n$/, ''), [...parents, contentType]),
    );
  }
  const encoding = header('content-transfer-encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8')
        : body;
  return [{ contentType, disposition: header('content-disposition'), parents, text }];
}

/** A caught mail's raw source, as it arrived. */
export async function sourceOf(mail: CaughtMail): Promise<string> {
  return (await fetch(`${catcher.webUrl}/api/email/${mail.id}/source`)).text();
}
