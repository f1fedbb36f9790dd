import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildIcs, escapeText, foldLine } from '../../../server/bookings/ics';

const event = {
  method: 'REQUEST' as const,
  uid: 'booking-abc@nimbus.test',
  sequence: 0,
  stampMs: Date.parse('2026-11-27T10:00:00Z'),
  startMs: Date.parse('2027-03-29T04:30:00Z'),
  endMs: Date.parse('2027-03-29T05:00:00Z'),
  summary: 'Consultation: Ana, Nimbus',
  description: 'Shop floor; dashboards, reports\nand more — with a long line '.repeat(4),
  location: 'https://meet.google.com/nim-bus-call',
  organizer: { name: 'Nimbus team, Nimbus Bespoke Software', email: 'team@nimbus.test' },
  attendee: { name: 'Ana "Ops" Silva', email: 'ana@example.com' },
};

describe('the invitation (.ics)', () => {
  it('when written, then lines end in CRLF, none is longer than 75 octets, and ical.js reads back every field', () => {
    const ics = buildIcs(event);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('uid')).toBe(event.uid);
    expect(vevent.getFirstPropertyValue('sequence')).toBe(0);
    expect(vevent.getFirstPropertyValue('description')).toBe(event.description);
    expect((vevent.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(
      '2027-03-29T04:30:00.000Z',
    );
    expect((vevent.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString()).toBe(
      '2027-03-29T05:00:00.000Z',
    );
    expect(vevent.getFirstProperty('attendee')!.getParameter('cn')).toBe('Ana Ops Silva');
  });

  it('when a cancellation is written, then METHOD:CANCEL and STATUS:CANCELLED with one SEQUENCE', () => {
    const ics = buildIcs({ ...event, method: 'CANCEL', sequence: 2 });
    expect(ics.match(/^SEQUENCE:/gm)).toHaveLength(1);
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('when text holds separators or multi-byte characters, then it is escaped and folded between characters', () => {
    expect(escapeText('a;b,c\\d\ne')).toBe('a\\;b\\,c\\\\d\\ne');
    const folded = foldLine(`DESCRIPTION:${'₹'.repeat(40)}`);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'₹'.repeat(40)}`);
  });

  it('when a name, topic or place holds a lone CR, LF, NEL, U+2028/9, DEL or another control character, then no line is added and none of them is left', () => {
    const clean = buildIcs({ ...event, url: 'https://meet.example/ab' });
    const hostile = buildIcs({
      ...event,
      summary: 'Consultation: Ana\rMETHOD:CANCEL and Nimbus',
      description:
        'Line one\rATTENDEE:mailto:evil@example.com\u2028two\u2029three\u0085four\r\nfive\u0000\u0007\u001b\u007f\u009b six\ttab',
      location: 'Room\n1\rB',
      organizer: { name: 'Nimbus\rteam', email: 'team@nimbus.test' },
      attendee: { name: 'Ana\rATTENDEE;CN=x:mailto:evil@example.com', email: 'ana@example.com\r' },
      url: 'https://meet.example/a\rb',
    });
    // The same lines (unfolded) as a clean invitation, however a lenient parser splits lines.
    const lines = (ics: string) => ics.replace(/\r\n /g, '').split(/\r\n|\r|\n|\u0085|\u2028|\u2029/);
    expect(lines(hostile).map((line) => line.split(/[:;]/)[0])).toEqual(
      lines(clean).map((line) => line.split(/[:;]/)[0]),
    );
    // eslint-disable-next-line no-control-regex -- no control character may be left
    expect(hostile.replace(/\r\n/g, '')).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(hostile.match(/^ATTENDEE/gm)).toHaveLength(1);
    expect(hostile.match(/^METHOD/gm)).toHaveLength(1);
    for (const line of hostile.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const vevent = new ICAL.Component(ICAL.parse(hostile)).getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('summary')).toBe('Consultation: Ana METHOD:CANCEL and Nimbus');
    expect(vevent.getFirstPropertyValue('description')).toBe(
      'Line one\nATTENDEE:mailto:evil@example.com\ntwo\nthree\nfour\nfive six tab',
    );
    expect(vevent.getFirstPropertyValue('location')).toBe('Room 1 B');
    expect(vevent.getFirstProperty('attendee')!.getParameter('cn')).toBe('Ana ATTENDEE;CN=x:mailto:evil@example.com');
    expect(vevent.getFirstPropertyValue('attendee')).toBe('mailto:ana@example.com');
  });
});
