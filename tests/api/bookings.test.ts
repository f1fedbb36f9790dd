import request from 'supertest';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_CONFLICT, BOOKING_MESSAGES, formatInZone } from '@/domain/bookings';
import { deleteBookingsOf } from '../../server/bookings/bookings';
import { drainOutbox } from '../../server/mail/drain';
import { CONTACT_EMAIL_LIMIT_MESSAGE } from '../../server/routes/contact';
import { testApp, testInstance } from '../helpers/api-app';
import { admin, createStaffWithToken } from '../helpers/emulators';
import { caughtMailPerTest, drainOptions, mailsTo, TEST_FROM } from '../helpers/mail-catcher';
import { uniqueEmail } from './payments-fixtures';
import {
  DAY,
  HOUR,
  freeSlots,
  invitationOf,
  istAt,
  istDate,
  manageTokenOf,
  mimeParts,
  nextEuropeanChange,
  sourceOf,
  visitorForm,
} from '../helpers/bookings';

const STAFF_INBOX = 'calls@nimbus.test';
const { transport } = caughtMailPerTest();
const env = (extra: Record<string, string> = {}) => ({
  COMPANY_EMAIL: STAFF_INBOX,
  MAIL_FROM: `${TEST_FROM.name} <${TEST_FROM.address}>`,
  ...extra,
});
const app = (extra: Record<string, string> = {}) => testApp({ env: env(extra) }).app;
const as = (token: string) => (call: request.Test) => call.set('Authorization', `Bearer ${token}`);

async function stored() {
  const { db } = admin();
  const [bookings, slots, seats, enquiries, mail] = await Promise.all(
    ['bookings', 'bookingSlots', 'bookingDaySeats', 'enquiries', 'mail'].map((name) => db.collection(name).get()),
  );
  return { bookings: bookings!, slots: slots!, seats: seats!, enquiries: enquiries!, mail: mail! };
}

const drain = () => drainOutbox(admin().db, transport(), drainOptions());

let staff: { uid: string; idToken: string };
beforeAll(async () => {
  staff = await createStaffWithToken(uniqueEmail('booking-staff'));
});

describe('booking a call: one slot, one booking, across instances', () => {
  it('when two visitors book the same slot at once on two instances, then one gets it and the other is told it was just taken, with nothing stored for them', async () => {
    const instances = [testInstance('bookings-a', env()).app, testInstance('bookings-b', env()).app];
    const [slot] = await freeSlots(instances[0]!);
    const emails = [uniqueEmail('first'), uniqueEmail('second')];
    const answers = await Promise.all(
      instances.map((server, index) =>
        request(server)
          .post('/api/bookings')
          .send(visitorForm(slot!, { email: emails[index], name: `Visitor ${index}` })),
      ),
    );

    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const lost = answers.find((answer) => answer.status === 409)!;
    expect(lost.body).toEqual({ message: BOOKING_MESSAGES.taken, code: BOOKING_CONFLICT.taken });
    expect(lost.body.message).toMatch(/^That time was just taken/);
    const won = answers.find((answer) => answer.status === 201)!;
    expect(won.body).toMatchObject({ message: BOOKING_MESSAGES.booked, startAt: slot });

    const data = await stored();
    expect(data.bookings.size).toBe(1);
    expect(data.slots.size).toBe(1);
    expect(data.enquiries.size).toBe(1);
    expect(data.mail.size).toBe(2);
    const winner = data.bookings.docs[0]!.data();
    expect(emails).toContain(winner.email);
    expect(data.enquiries.docs.every((doc) => doc.get('email') === winner.email)).toBe(true);
    expect(data.enquiries.docs[0]!.data()).toMatchObject({ kind: 'consultation', status: 'New', source: 'visitor' });
    expect((data.enquiries.docs[0]!.get('consultation.startAt') as Timestamp).toDate().toISOString()).toBe(slot);

    // The loser is shown fresh slots: the taken one is gone.
    expect(await freeSlots(instances[1]!)).not.toContain(slot);
  });

  it('when 8 visitors book 8 times of one day at once on two instances and the most per day is 6, then 6 are booked and 2 told the time is gone (409 with its code)', async () => {
    const instances = [testInstance('day-cap-a', env()).app, testInstance('day-cap-b', env()).app];
    const byDay = new Map<string, string[]>();
    for (const slot of await freeSlots(instances[0]!)) {
      const day = istDate(Date.parse(slot));
      byDay.set(day, [...(byDay.get(day) ?? []), slot]);
    }
    const times = [...byDay.values()].find((slots) => slots.length >= 8)!.slice(0, 8);
    const answers = await Promise.all(
      times.map((slot, index) =>
        request(instances[index % 2]!)
          .post('/api/bookings')
          .send(visitorForm(slot, { email: uniqueEmail(`cap-${index}`) })),
      ),
    );

    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 201, 201, 201, 409, 409]);
    // Racing, a loser usually finds the day full; one that lost every try is told its time was taken.
    for (const lost of answers.filter((answer) => answer.status === 409)) {
      expect([
        { message: BOOKING_MESSAGES.dayFull, code: BOOKING_CONFLICT.dayFull },
        { message: BOOKING_MESSAGES.taken, code: BOOKING_CONFLICT.taken },
      ]).toContainEqual(lost.body);
    }
    const data = await stored();
    expect([data.bookings.size, data.slots.size, data.seats.size, data.enquiries.size]).toEqual([6, 6, 6, 6]);
    const day = istDate(Date.parse(times[0]!));
    expect((await freeSlots(instances[1]!)).some((slot) => istDate(Date.parse(slot)) === day)).toBe(false);
  });

  it('when a day already has its 6 calls, then the 7th visitor is told the day is full (409 day-full), not that the time was taken', async () => {
    const server = app();
    const byDay = new Map<string, string[]>();
    for (const slot of await freeSlots(server)) {
      const day = istDate(Date.parse(slot));
      byDay.set(day, [...(byDay.get(day) ?? []), slot]);
    }
    const times = [...byDay.values()].find((slots) => slots.length >= 7)!.slice(0, 7);
    for (const [index, slot] of times.slice(0, 6).entries()) {
      await request(server)
        .post('/api/bookings')
        .send(visitorForm(slot, { email: uniqueEmail(`full-${index}`) }))
        .expect(201);
    }

    const seventh = await request(server)
      .post('/api/bookings')
      .send(visitorForm(times[6]!, { email: uniqueEmail('full-7') }));

    expect(seventh.status).toBe(409);
    expect(seventh.body).toEqual({ message: BOOKING_MESSAGES.dayFull, code: BOOKING_CONFLICT.dayFull });
  });

  it('when a time is in the past, outside hours, on a holiday, inside the notice or beyond the window, then 400 with a message and nothing stored', async () => {
    const anyTime = app({ BOOKING_MIN_NOTICE_HOURS: '0', BOOKING_WINDOW_DAYS: '60' });
    const slots = (await freeSlots(anyTime)).map(Date.parse);
    const first = slots[0]!;
    const later = slots.find((ms) => ms > Date.now() + 3 * DAY && istDate(ms) !== istDate(first))!;
    const post = (server: ReturnType<typeof app>, startMs: number) =>
      request(server)
        .post('/api/bookings')
        .send(visitorForm(new Date(startMs).toISOString()));

    const lastWeek = istAt(istDate(Date.now() - 7 * DAY), '10:00');
    await post(anyTime, lastWeek).expect(400, { message: BOOKING_MESSAGES.past });
    await post(anyTime, istAt(istDate(later), '21:00')).expect(400, { message: BOOKING_MESSAGES.outside });
    await post(anyTime, later + 10 * 60_000).expect(400, { message: BOOKING_MESSAGES.outside });
    await post(app({ BOOKING_MIN_NOTICE_HOURS: '720', BOOKING_WINDOW_DAYS: '60' }), first).expect(400, {
      message: BOOKING_MESSAGES.notice(720),
    });
    await post(app({ BOOKING_MIN_NOTICE_HOURS: '0', BOOKING_WINDOW_DAYS: '1' }), later).expect(400, {
      message: BOOKING_MESSAGES.window(1),
    });
    // The company's holidays are support's list (settings/businessCalendar), edited by staff.
    await admin()
      .db.doc('settings/businessCalendar')
      .set({ holidays: [{ date: istDate(later), name: 'Company offsite' }] });
    await post(anyTime, later).expect(400, { message: BOOKING_MESSAGES.holiday('Company offsite') });
    expect((await freeSlots(anyTime)).map(Date.parse).some((ms) => istDate(ms) === istDate(later))).toBe(false);

    const data = await stored();
    expect([data.bookings.size, data.slots.size, data.enquiries.size, data.mail.size]).toEqual([0, 0, 0, 0]);
  });

  it('when a date does not exist (30 February), then 400 says so and nothing is stored, never a call on 2 March', async () => {
    // 10:00 IST on the next 2 March that is a weekday: what Date.parse made of "30 February".
    const year = [0, 1, 2, 3, 4, 5, 6]
      .map((ahead) => new Date().getUTCFullYear() + ahead)
      .find(
        (y) =>
          Date.parse(`${y}-03-02T04:30:00Z`) > Date.now() &&
          [1, 2, 3, 4, 5].includes(new Date(`${y}-03-02`).getUTCDay()),
      )!;
    const windowDays = Math.ceil((Date.parse(`${year}-03-02T04:30:00Z`) - Date.now()) / DAY) + 1;
    const server = app({ BOOKING_MIN_NOTICE_HOURS: '0', BOOKING_WINDOW_DAYS: String(windowDays) });
    const answer = await request(server)
      .post('/api/bookings')
      .send(visitorForm(`${year}-02-30T04:30:00.000Z`));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: `There is no 30 February ${year}. Please pick one of the times shown.` });
    const data = await stored();
    expect([data.bookings.size, data.slots.size, data.enquiries.size, data.mail.size]).toEqual([0, 0, 0, 0]);
  });

  it('when a bot fills the honeypot, then it is answered exactly as a real booking (keys, types, id form) and nothing is stored or mailed', async () => {
    const server = app();
    const [slot, other] = await freeSlots(server);
    const bot = await request(server)
      .post('/api/bookings')
      .send(visitorForm(slot!, { website: 'https://spam.example' }))
      .expect(201);
    const data = await stored();
    expect([data.bookings.size, data.slots.size, data.enquiries.size, data.mail.size]).toEqual([0, 0, 0, 0]);
    expect(await freeSlots(server)).toContain(slot);

    const real = await request(server).post('/api/bookings').send(visitorForm(other!)).expect(201);
    const shape = (body: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(body).map(([key, value]) => [key, typeof value]));
    expect(shape(bot.body)).toEqual(shape(real.body));
    expect(Object.keys(bot.body).sort()).toEqual(['id', 'message', 'startAt']);
    expect(bot.body).toMatchObject({ message: real.body.message, startAt: slot });
    expect(bot.body.id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(real.body.id).toMatch(/^[A-Za-z0-9]{20}$/);
    // A time a real booking is refused is refused to the bot too.
    const refused = await request(server)
      .post('/api/bookings')
      .send(visitorForm('2027-02-30T04:30:00.000Z', { website: 'https://spam.example' }));
    expect(refused.status).toBe(400);
  });

  it('when one address books a fourth time in an hour, or a script calls without App Check, then it is refused as the contact form refuses it', async () => {
    const server = app({ BOOKING_MIN_NOTICE_HOURS: '0' });
    const slots = await freeSlots(server);
    const email = uniqueEmail('busy');
    for (const slot of slots.slice(0, 3)) {
      await request(server).post('/api/bookings').send(visitorForm(slot, { email })).expect(201);
    }
    await request(server)
      .post('/api/bookings')
      .send(visitorForm(slots[3]!, { email }))
      .expect(429, { message: CONTACT_EMAIL_LIMIT_MESSAGE });
    expect((await stored()).bookings.size).toBe(3);
    const guarded = app({ APP_CHECK: 'enforce' });
    expect((await request(guarded).post('/api/bookings').send(visitorForm(slots[4]!))).status).toBe(401);
    expect((await request(guarded).get('/api/bookings/slots')).status).toBe(401);
  });

  it('when a field is missing or wrong, then 400 names it and nothing is stored', async () => {
    const server = app();
    const [slot] = await freeSlots(server);
    const answer = await request(server)
      .post('/api/bookings')
      .send(visitorForm(slot!, { email: 'not-an-email', phone: '' }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBeTruthy();
    expect((await stored()).bookings.size).toBe(0);
  });
});

describe('the invitations: a booking, a reschedule and a cancellation, read by ical.js', () => {
  it('when a London visitor books across the daylight-saving change, moves it, then cancels, then every .ics keeps the UID, raises SEQUENCE, and says REQUEST, REQUEST, CANCEL at the right instants', async () => {
    const server = app({ BOOKING_MIN_NOTICE_HOURS: '0', BOOKING_WINDOW_DAYS: '240' });
    const change = nextEuropeanChange(Date.now() + DAY);
    const slots = (await freeSlots(server)).filter((slot) => istDate(Date.parse(slot)) > change.date);
    // 10:00 IST on the first working day after the change: 04:30 UTC, 5:30 am BST or 4:30 am GMT.
    const tenOClock = slots.find((slot) => slot.endsWith('T04:30:00.000Z'))!;
    const moveTo = slots.find((slot) => slot > tenOClock && slot.endsWith('T05:15:00.000Z'))!;
    const email = uniqueEmail('london');

    const booked = await request(server).post('/api/bookings').send(visitorForm(tenOClock, { email })).expect(201);
    const bookingId = booked.body.id as string;
    const booking = (await admin().db.doc(`bookings/${bookingId}`).get()).data()!;
    expect((booking.startAt as Timestamp).toDate().toISOString()).toBe(tenOClock);
    expect(booking).toMatchObject({ timeZone: 'Europe/London', sequence: 0, status: 'Booked' });
    await drain();

    const [confirmation] = await mailsTo(email);
    const [staffCopy] = await mailsTo(STAFF_INBOX);
    const localTime = change.after === 'BST' ? '5:30 am BST' : '4:30 am GMT';
    expect(confirmation!.text).toContain(localTime);
    expect(confirmation!.text).toContain('10:00 am IST');
    const first = await invitationOf(confirmation!);
    const firstStaff = await invitationOf(staffCopy!);
    expect(first.contentType).toMatch(/^text\/calendar;.*method=REQUEST/);
    expect(first).toMatchObject({ method: 'REQUEST', sequence: 0, status: 'CONFIRMED', start: tenOClock });
    expect(Date.parse(first.end) - Date.parse(first.start)).toBe(30 * 60_000);
    expect(first.uid).toBe(firstStaff.uid);
    expect(first.attendee).toBe(`mailto:${email}`);
    expect(first.organizer).toBe(`mailto:${STAFF_INBOX}`);
    expect(first.location).toMatch(/^https:\/\//);
    expect(first.text.match(/^SEQUENCE:/gm)).toHaveLength(1);

    // Reschedule from the mail's signed link.
    const token = manageTokenOf(confirmation!);
    const view = await request(server).get(`/api/bookings/manage/${token}`).expect(200);
    expect(view.body).toMatchObject({ startAt: tenOClock, canChange: true, status: 'Booked' });
    await request(server)
      .post(`/api/bookings/manage/${token}/reschedule`)
      .send({ startAt: moveTo })
      .expect(200, { message: BOOKING_MESSAGES.rescheduled, startAt: moveTo });
    await drain();
    const moved = (await mailsTo(email)).find((mail) => /has moved/.test(mail.subject))!;
    const second = await invitationOf(moved);
    expect(second).toMatchObject({
      uid: first.uid,
      method: 'REQUEST',
      sequence: 1,
      status: 'CONFIRMED',
      start: moveTo,
    });
    expect(
      (await invitationOf((await mailsTo(STAFF_INBOX)).find((mail) => /moved/.test(mail.subject))!)).sequence,
    ).toBe(1);
    // The old time is free again; the new one is not; moved within its day, it keeps its day seat.
    expect((await stored()).seats.docs.map((seat) => seat.get('bookingId'))).toEqual([bookingId]);
    const after = await freeSlots(server);
    expect(after).toContain(tenOClock);
    expect(after).not.toContain(moveTo);

    // Cancel with the newer mail's link.
    const newToken = manageTokenOf(moved);
    await request(server)
      .post(`/api/bookings/manage/${newToken}/cancel`)
      .expect(200, { message: BOOKING_MESSAGES.cancelledNow });
    await drain();
    const cancelled = (await mailsTo(email)).find((mail) => /cancelled/.test(mail.subject))!;
    const third = await invitationOf(cancelled);
    expect(third.contentType).toMatch(/method=CANCEL/);
    expect(third).toMatchObject({ uid: first.uid, method: 'CANCEL', sequence: 2, status: 'CANCELLED', start: moveTo });
    const halfHourAfter = (iso: string) => new Date(Date.parse(iso) + 30 * 60_000).toISOString();
    expect([second.end, third.end]).toEqual([halfHourAfter(moveTo), halfHourAfter(moveTo)]);
    const staffCancel = await invitationOf(
      (await mailsTo(STAFF_INBOX)).find((mail) => /cancelled/.test(mail.subject))!,
    );
    expect(staffCancel).toMatchObject({ uid: first.uid, method: 'CANCEL', sequence: 2 });
    expect(cancelled.text).not.toMatch(/\/booking\//);
    expect(await freeSlots(server)).toContain(moveTo);
    expect((await stored()).seats.size).toBe(0);
    expect((await admin().db.doc(`enquiries/${bookingId}`).get()).get('consultation.status')).toBe('Cancelled');
    // A cancelled call cannot be moved.
    const again = await request(server)
      .post(`/api/bookings/manage/${newToken}/reschedule`)
      .send({ startAt: tenOClock });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: BOOKING_MESSAGES.cancelled });
  });

  it('when a call is booked and cancelled, then each mail carries text/calendar; method=REQUEST, then CANCEL, inside multipart/alternative (as Exchange sends it), and the .ics attached', async () => {
    const server = app();
    const [slot] = await freeSlots(server);
    const email = uniqueEmail('alternative');
    await request(server).post('/api/bookings').send(visitorForm(slot!, { email })).expect(201);
    await drain();
    const confirmation = (await mailsTo(email))[0]!;
    const token = manageTokenOf(confirmation);
    await request(server).post(`/api/bookings/manage/${token}/cancel`).expect(200);
    await drain();
    const cancellation = (await mailsTo(email)).find((mail) => /cancelled/.test(mail.subject))!;

    for (const [mail, method, file] of [
      [confirmation, 'REQUEST', 'invite.ics'],
      [cancellation, 'CANCEL', 'cancel.ics'],
    ] as const) {
      const parts = mimeParts(await sourceOf(mail));
      const calendar = parts.filter((part) => part.contentType.startsWith('text/calendar'));
      expect(calendar, mail.subject).toHaveLength(1);
      expect(calendar[0]!.contentType).toMatch(new RegExp(`method=${method}(;|$)`));
      expect(calendar[0]!.parents.at(-1)).toMatch(/^multipart\/alternative/);
      expect(calendar[0]!.text).toContain(`METHOD:${method}\r\n`);
      // Beside the text and HTML of the same alternative, and attached once more as a file.
      const siblings = parts.filter((part) => part.parents.at(-1) === calendar[0]!.parents.at(-1));
      expect(siblings.map((part) => part.contentType.split(';')[0])).toEqual([
        'text/plain',
        'text/html',
        'text/calendar',
      ]);
      const attached = parts.filter((part) => /^attachment/.test(part.disposition));
      expect(attached.map((part) => /filename="?([^";]+)/.exec(part.disposition)?.[1])).toEqual([file]);
      expect(attached[0]!.text).toBe(calendar[0]!.text);
      expect(mail.text).toContain(`(${file}) is attached`);
    }
    expect(cancellation.text).not.toMatch(/invitation|invite\.ics/);
  });

  it('when a visitor in India books from Chrome (Asia/Calcutta), then the booking keeps Asia/Kolkata and the mail shows the time once, in IST', async () => {
    const server = app();
    const [slot] = await freeSlots(server);
    const email = uniqueEmail('calcutta');
    const { body } = await request(server)
      .post('/api/bookings')
      .send(visitorForm(slot!, { email, timeZone: 'Asia/Calcutta' }))
      .expect(201);
    expect((await admin().db.doc(`bookings/${body.id}`).get()).get('timeZone')).toBe('Asia/Kolkata');
    await drain();
    const [mail] = await mailsTo(email);
    const when = formatInZone(Date.parse(slot!), 'Asia/Kolkata');
    expect(mail!.subject).toBe(`Your call with Nimbus Bespoke Software is booked: ${when}`);
    const whenLine = mail!.text!.split('\n').find((line) => line.startsWith('When'))!;
    expect(whenLine).toMatch(new RegExp(`^When:?\\s+${when}$`));
    expect(`${mail!.subject}\n${mail!.text}`).not.toMatch(/GMT|Calcutta/);
  });

  it('when a name or topic holds a lone CR, then the invitation has no extra line: one ATTENDEE, one METHOD, no bare CR', async () => {
    const server = app();
    const [slot] = await freeSlots(server);
    const email = uniqueEmail('cr');
    await request(server)
      .post('/api/bookings')
      .send(
        visitorForm(slot!, {
          email,
          name: 'Ana\rATTENDEE;CN=Mallory:mailto:mallory@example.com',
          topic: 'Stock app\rMETHOD:CANCEL\u2028STATUS:CANCELLED',
        }),
      )
      .expect(201);
    await drain();
    const invitation = await invitationOf((await mailsTo(email))[0]!);
    // However a lenient parser splits lines (a lone CR or LF, U+2028), each property is there once.
    const lines = invitation.text.replace(/\r\n[ \t]/g, '').split(/\r\n|\r|\n|\u2028|\u2029/);
    const named = (name: string) => lines.filter((line) => line.startsWith(name));
    expect([named('ATTENDEE'), named('METHOD'), named('STATUS')].map((found) => found.length)).toEqual([1, 1, 1]);
    expect(named('METHOD')).toEqual(['METHOD:REQUEST']);
    expect(invitation.text).not.toMatch(/\r(?!\n)|[\u2028\u2029]/);
    expect(invitation).toMatchObject({ attendee: `mailto:${email}`, method: 'REQUEST', status: 'CONFIRMED' });
  });

  it('when the call starts within 2 hours, then the page says why it cannot change and rescheduling or cancelling is refused; a forged link opens nothing', async () => {
    // Booked at least 4 hours ahead (the default notice), so its link outlives the test.
    const server = app();
    const [slot] = await freeSlots(server);
    const email = uniqueEmail('late');
    const { body } = await request(server).post('/api/bookings').send(visitorForm(slot!, { email })).expect(201);
    await drain();
    const token = manageTokenOf((await mailsTo(email))[0]!);
    // The call moves to 90 minutes from now (the link still opens it: it expires at the old start, later).
    const soon = Date.now() + 90 * 60_000;
    await admin()
      .db.doc(`bookings/${body.id}`)
      .update({ startAt: Timestamp.fromMillis(soon), endAt: Timestamp.fromMillis(soon + 30 * 60_000) });
    const view = await request(server).get(`/api/bookings/manage/${token}`).expect(200);
    expect(view.body).toMatchObject({
      canChange: false,
      reason: BOOKING_MESSAGES.tooLate,
      companyPhone: '+91 80 4567 8910',
    });
    await request(server)
      .post(`/api/bookings/manage/${token}/cancel`)
      .expect(409, { message: BOOKING_MESSAGES.tooLate });
    await request(server)
      .post(`/api/bookings/manage/${token}/reschedule`)
      .send({ startAt: (await freeSlots(server)).at(-1) })
      .expect(409, { message: BOOKING_MESSAGES.tooLate });
    const forged = `${body.id}.${(Date.now() + DAY).toString(36)}.${'A'.repeat(32)}`;
    await request(server).get(`/api/bookings/manage/${forged}`).expect(404, { message: BOOKING_MESSAGES.linkInvalid });
  });
});

describe('reminders: 24 h and 1 h before, each sent once across instances', () => {
  it('when two API instances run the bookings job twice each, then each reminder mail is sent once', async () => {
    const instances = [testInstance('reminders-a', env()).app, testInstance('reminders-b', env()).app];
    const [slot] = await freeSlots(instances[0]!);
    const email = uniqueEmail('remind');
    const { body } = await request(instances[0]!).post('/api/bookings').send(visitorForm(slot!, { email })).expect(201);
    const moveTo = async (startMs: number) =>
      admin()
        .db.doc(`bookings/${body.id}`)
        .update({
          startAt: Timestamp.fromMillis(startMs),
          endAt: Timestamp.fromMillis(startMs + 30 * 60_000),
          reminders: ['24h', '1h'],
        });
    const runEverywhere = async () => {
      const first = await Promise.all(
        instances.map((server) => as(staff.idToken)(request(server).post('/api/staff/jobs/bookings/run'))),
      );
      // Two passes at once: one runs, the other is told it is running (or runs after it).
      for (const answer of first) expect([200, 409]).toContain(answer.status);
      for (const server of instances)
        await as(staff.idToken)(request(server).post('/api/staff/jobs/bookings/run')).expect(200);
    };
    const drainBoth = () => Promise.all([drain(), drain()]);

    await moveTo(Date.now() + 23 * HOUR);
    await runEverywhere();
    await drainBoth();
    await moveTo(Date.now() + 50 * 60_000);
    await runEverywhere();
    await drainBoth();

    const reminders = (await mailsTo(email)).filter((mail) => mail.subject.startsWith('Reminder'));
    expect(reminders.map((mail) => mail.subject).sort()).toEqual([
      'Reminder: your call with Nimbus Bespoke Software in 1 hour',
      'Reminder: your call with Nimbus Bespoke Software in 24 hours',
    ]);
    expect(reminders.every((mail) => /\/booking\//.test(mail.text ?? ''))).toBe(true);
    const booking = (await admin().db.doc(`bookings/${body.id}`).get()).data()!;
    expect([...booking.remindersSent].sort()).toEqual(['1h', '24h']);
  });
});

describe('staff: availability, blocked time and no-shows', () => {
  it('when staff save availability and block time, then the visitor sees only the new hours, outside the block', async () => {
    const server = app({ BOOKING_MIN_NOTICE_HOURS: '0' });
    const settings = await as(staff.idToken)(request(server).get('/api/staff/bookings/settings')).expect(200);
    expect(settings.body).toMatchObject({ saved: false, settings: { meetingMinutes: 30, bufferMinutes: 15 } });
    const hours = [1, 2, 3, 4, 5].map((day) => ({ day, from: 14 * 60, to: 16 * 60 }));
    await as(staff.idToken)(request(server).post('/api/staff/bookings/settings'))
      .send({
        ...settings.body.settings,
        meetingMinutes: 60,
        bufferMinutes: 0,
        staff: [{ id: 'ravi', name: 'Ravi', email: 'ravi@nimbus.test', hours }],
      })
      .expect(200);
    const slots = await freeSlots(server);
    expect(new Set(slots.map((slot) => slot.slice(11, 16)))).toEqual(new Set(['08:30', '09:30']));
    const blocked = slots[0]!;
    await as(staff.idToken)(request(server).post('/api/staff/bookings/blocks'))
      .send({
        staffId: 'ravi',
        startAt: blocked,
        endAt: new Date(Date.parse(blocked) + HOUR).toISOString(),
        reason: 'Dentist',
      })
      .expect(201);
    expect(await freeSlots(server)).not.toContain(blocked);
    const bad = await as(staff.idToken)(request(server).post('/api/staff/bookings/settings')).send({
      ...settings.body.settings,
      staff: [],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBeTruthy();
  });

  it('when staff block time that holds a booked call, then they are first told whose call and when (409, nothing blocked); said yes, it is blocked and the call stays booked', async () => {
    const server = app({ BOOKING_MIN_NOTICE_HOURS: '0' });
    const [slot] = await freeSlots(server);
    const { body } = await request(server)
      .post('/api/bookings')
      .send(visitorForm(slot!, { name: 'Ana Silva' }))
      .expect(201);
    const block = {
      staffId: 'team',
      startAt: new Date(Date.parse(slot!) - HOUR).toISOString(),
      endAt: new Date(Date.parse(slot!) + HOUR).toISOString(),
      reason: 'Offsite',
    };
    const asked = await as(staff.idToken)(request(server).post('/api/staff/bookings/blocks')).send(block);
    expect(asked.status).toBe(409);
    expect(asked.body.message).toBe(
      `This time holds a booked call: Ana Silva, ${formatInZone(Date.parse(slot!), 'Asia/Kolkata')}. Blocking it keeps that call booked and only stops new bookings. Block it anyway?`,
    );
    expect((await admin().db.collection('bookingBlocks').get()).size).toBe(0);

    const made = await as(staff.idToken)(request(server).post('/api/staff/bookings/blocks'))
      .send({ ...block, overCalls: true })
      .expect(201);
    expect(made.body.callsInside).toEqual([{ id: body.id, name: 'Ana Silva', startAt: slot }]);
    expect((await admin().db.collection('bookingBlocks').get()).size).toBe(1);
    expect((await admin().db.doc(`bookings/${body.id}`).get()).get('status')).toBe('Booked');
  });

  it("when a person's account is deleted, then the calls booked from their address go, and a future one's time is free again", async () => {
    const server = app({ BOOKING_MIN_NOTICE_HOURS: '0' });
    const [slot] = await freeSlots(server);
    const email = uniqueEmail('erase');
    await request(server).post('/api/bookings').send(visitorForm(slot!, { email })).expect(201);
    expect(await deleteBookingsOf(admin().db, [email.toUpperCase()])).toBe(1);
    const data = await stored();
    expect([data.bookings.size, data.slots.size, data.seats.size]).toEqual([0, 0, 0]);
    expect(await freeSlots(server)).toContain(slot);
  });

  it('when staff mark a call that has started a no-show, then it and its inbox entry say so; one still ahead is refused', async () => {
    const server = app({ BOOKING_MIN_NOTICE_HOURS: '0' });
    const [slot] = await freeSlots(server);
    const { body } = await request(server).post('/api/bookings').send(visitorForm(slot!)).expect(201);
    const early = await as(staff.idToken)(request(server).post(`/api/staff/bookings/${body.id}/no-show`));
    expect(early.status).toBe(409);
    await admin()
      .db.doc(`bookings/${body.id}`)
      .update({ startAt: Timestamp.fromMillis(Date.now() - 10 * 60_000) });
    await as(staff.idToken)(request(server).post(`/api/staff/bookings/${body.id}/no-show`)).expect(200);
    expect((await admin().db.doc(`bookings/${body.id}`).get()).get('status')).toBe('No-show');
    expect((await admin().db.doc(`enquiries/${body.id}`).get()).get('consultation.status')).toBe('No-show');
  });
});
