import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, getDocs, orderBy, query, Timestamp, where } from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { expectReadsDenied, list, read, remove, rulesTestbed, update, write } from '../helpers/rules-env';

const rules = rulesTestbed();
const { staff, alice, visitor, seed } = rules;

const start = Timestamp.fromMillis(Date.parse('2027-03-29T04:30:00Z'));

beforeEach(async () => {
  await seed('bookings/b1', { staffId: 'team', email: 'v@example.com', status: 'Booked', startAt: start, sequence: 0 });
  await seed('bookingBlocks/k1', { staffId: 'team', startAt: start, endAt: start, reason: 'Offsite' });
  await seed('bookingSlots/team_2027-03-29T04:30:00.000Z', { bookingId: 'b1', staffId: 'team', startAt: start });
  await seed('settings/bookings', { meetingMinutes: 30 });
});

describe('consultations (bookings, blocks, slot locks): written only by the API', () => {
  it("when staff read the week's calls and blocked time, then it is allowed", async () => {
    await assertSucceeds(read(staff(), 'bookings/b1'));
    await assertSucceeds(
      getDocs(query(collection(staff(), 'bookings'), where('startAt', '>=', start), orderBy('startAt'))),
    );
    await assertSucceeds(list(staff(), 'bookingBlocks'));
    await assertSucceeds(read(staff(), 'settings/bookings'));
  });

  it('when a visitor or a customer reads a call, a block, a slot lock or the settings, then it is denied', async () => {
    await expectReadsDenied(
      [alice(), visitor()],
      ['bookings/b1', 'bookingBlocks/k1', 'bookingSlots/team_2027-03-29T04:30:00.000Z', 'settings/bookings'],
    );
    for (const db of [alice(), visitor()]) await assertFails(list(db, 'bookings'));
  });

  it('when anyone, staff too, writes a call, a block or a slot lock from a browser, then it is denied (only the API writes)', async () => {
    for (const db of [staff(), alice(), visitor()]) {
      await assertFails(write(db, 'bookings/b2', { staffId: 'team', status: 'Booked', startAt: start }));
      await assertFails(update(db, 'bookings/b1', { status: 'Cancelled' }));
      await assertFails(remove(db, 'bookings/b1'));
      await assertFails(write(db, 'bookingBlocks/k2', { staffId: 'team', startAt: start, endAt: start }));
      await assertFails(write(db, 'bookingSlots/team_x', { bookingId: 'b2' }));
      await assertFails(remove(db, 'bookingSlots/team_2027-03-29T04:30:00.000Z'));
      await assertFails(write(db, 'settings/bookings', { meetingMinutes: 5 }));
    }
    await assertFails(read(staff(), 'bookingSlots/team_2027-03-29T04:30:00.000Z'));
    // The day seats (the day's maximum) are the API's alone too.
    for (const db of [staff(), alice(), visitor()]) {
      await assertFails(read(db, 'bookingDaySeats/team_2027-03-29_0'));
      await assertFails(write(db, 'bookingDaySeats/team_2027-03-29_5', { bookingId: 'b2' }));
    }
  });
});
