import { describe, expect, it } from 'vitest';
import {
  BOOKING_MESSAGES,
  DEFAULT_BOOKING_SETTINGS,
  bookingStatusLabel,
  dayHoursText,
  dueReminders,
  formatInZone,
  freeSlots,
  parseDayHours,
  remindersFor,
  slotProblem,
  staffFreeAt,
  timeInZone,
  type SlotContext,
} from '@/domain/bookings';

const HOUR = 3_600_000;
/** 09:00 IST on Monday 30 Nov 2026 (03:30 UTC). */
const MONDAY_9_IST = Date.parse('2026-11-30T03:30:00Z');
const ist = (day: string, time: string) => Date.parse(`${day}T${time}:00+05:30`);

const ctx = (overrides: Partial<SlotContext> = {}): SlotContext => ({
  nowMs: MONDAY_9_IST,
  settings: DEFAULT_BOOKING_SETTINGS,
  holidays: [{ date: '2026-12-08', name: 'Staff day' }],
  busy: [],
  ...overrides,
});

describe('free slots (IST hours, the buffer, notice, window, holidays)', () => {
  it('when nothing is booked, then a weekday offers 10:00 to 17:30 IST every 45 minutes, from the minimum notice on', () => {
    const slots = freeSlots(ctx()).filter((slot) => slot.startMs < ist('2026-12-01', '00:00'));
    // 4 h notice from 09:00: the first is 13:00.
    expect(slots.map((slot) => timeInZone(slot.startMs, 'Asia/Kolkata'))).toEqual([
      '1:00 pm',
      '1:45 pm',
      '2:30 pm',
      '3:15 pm',
      '4:00 pm',
      '4:45 pm',
      '5:30 pm',
    ]);
    const tuesday = freeSlots(ctx()).filter(
      (slot) => slot.startMs >= ist('2026-12-01', '00:00') && slot.startMs < ist('2026-12-02', '00:00'),
    );
    expect(tuesday).toHaveLength(11);
    expect(tuesday[0]!.staffIds).toEqual(['team']);
  });

  it('when a day is a weekend or a holiday, then it offers nothing; the window ends the list', () => {
    const days = new Set(
      freeSlots(ctx()).map((slot) => new Date(slot.startMs + 5.5 * HOUR).toISOString().slice(0, 10)),
    );
    expect(days.has('2026-12-05')).toBe(false); // Saturday
    expect(days.has('2026-12-06')).toBe(false); // Sunday
    expect(days.has('2026-12-08')).toBe(false); // the company's holiday
    expect(days.has('2026-12-18')).toBe(true);
    // 21 days from Monday 09:00 IST end at 09:00 on Monday 21 Dec, before its first slot.
    expect(days.has('2026-12-21')).toBe(false);
  });

  it('when a call is booked, then its time and the buffer either side are taken, and the day maximum holds', () => {
    const call = {
      staffId: 'team',
      startMs: ist('2026-12-01', '10:45'),
      endMs: ist('2026-12-01', '11:15'),
      isCall: true,
    };
    const starts = freeSlots(ctx({ busy: [call] })).map((slot) => slot.startMs);
    expect(starts).not.toContain(ist('2026-12-01', '10:45'));
    expect(starts).toContain(ist('2026-12-01', '10:00'));
    expect(starts).toContain(ist('2026-12-01', '11:30'));
    // A block 10:50-11:40 takes 10:45 and 11:30 (buffer), and counts toward no maximum.
    const block = {
      staffId: 'team',
      startMs: ist('2026-12-01', '10:50'),
      endMs: ist('2026-12-01', '11:40'),
      isCall: false,
    };
    expect(staffFreeAt(ist('2026-12-01', '11:30'), ctx({ busy: [block] }))).toEqual([]);
    expect(staffFreeAt(ist('2026-12-01', '12:15'), ctx({ busy: [block] }))).toEqual(['team']);
    const full = Array.from({ length: 6 }, (_, index) => ({
      staffId: 'team',
      startMs: ist('2026-12-02', '10:00') + index * 45 * 60_000,
      endMs: ist('2026-12-02', '10:30') + index * 45 * 60_000,
      isCall: true,
    }));
    expect(staffFreeAt(ist('2026-12-02', '16:00'), ctx({ busy: full }))).toEqual([]);
  });

  it('when a requested time is past, too soon, too far, on a holiday or off the hours, then each gets its message', () => {
    const check = (startMs: number) => slotProblem(startMs, ctx());
    expect(check(MONDAY_9_IST - HOUR)).toBe(BOOKING_MESSAGES.past);
    expect(check(ist('2026-11-30', '10:00'))).toBe(BOOKING_MESSAGES.notice(4));
    expect(check(ist('2027-01-04', '10:00'))).toBe(BOOKING_MESSAGES.window(21));
    expect(check(ist('2026-12-08', '10:00'))).toBe(BOOKING_MESSAGES.holiday('Staff day'));
    expect(check(ist('2026-12-01', '19:00'))).toBe(BOOKING_MESSAGES.outside);
    expect(check(ist('2026-12-01', '10:10'))).toBe(BOOKING_MESSAGES.outside);
    expect(check(ist('2026-12-05', '10:00'))).toBe(BOOKING_MESSAGES.outside);
    expect(check(ist('2026-12-01', '10:00'))).toBeNull();
  });
});

describe('time zones: an IST slot shown to a visitor in London across daylight saving', () => {
  it('when the slot is 10:00 IST before and after 28 Mar 2027, then London sees 4:30 am GMT, then 5:30 am BST', () => {
    expect(formatInZone(ist('2027-03-26', '10:00'), 'Europe/London')).toBe('Fri 26 Mar 2027, 4:30 am GMT');
    expect(formatInZone(ist('2027-03-29', '10:00'), 'Europe/London')).toBe('Mon 29 Mar 2027, 5:30 am BST');
    expect(formatInZone(ist('2027-03-29', '10:00'), 'Asia/Kolkata')).toBe('Mon 29 Mar 2027, 10:00 am IST');
    expect(new Date(ist('2027-03-29', '10:00')).toISOString()).toBe('2027-03-29T04:30:00.000Z');
  });
});

describe('reminders', () => {
  const start = ist('2026-12-10', '10:00');
  it('when a call was booked days ahead, then 24 h and 1 h are wanted; booked 3 h ahead, only 1 h', () => {
    expect(remindersFor(start, start - 72 * HOUR)).toEqual(['24h', '1h']);
    expect(remindersFor(start, start - 3 * HOUR)).toEqual(['1h']);
  });
  it('when the job looks, then each reminder is due once; two due at once send only the nearer', () => {
    expect(dueReminders(start, start - 25 * HOUR, ['24h', '1h'], [])).toEqual({ send: null, mark: [] });
    expect(dueReminders(start, start - 23 * HOUR, ['24h', '1h'], [])).toEqual({ send: '24h', mark: ['24h'] });
    expect(dueReminders(start, start - 23 * HOUR, ['24h', '1h'], ['24h'])).toEqual({ send: null, mark: [] });
    expect(dueReminders(start, start - 30 * 60_000, ['24h', '1h'], [])).toEqual({ send: '1h', mark: ['24h', '1h'] });
    expect(dueReminders(start, start + 60_000, ['24h', '1h'], [])).toEqual({ send: null, mark: [] });
  });
});

describe('weekly hours as staff type them', () => {
  it('when hours are typed, then they read back the same; nonsense is refused', () => {
    expect(parseDayHours('10:00-13:00, 14:00-18:00')).toEqual([
      [600, 780],
      [840, 1080],
    ]);
    expect(parseDayHours('')).toEqual([]);
    expect(parseDayHours('18:00-10:00')).toBeNull();
    expect(parseDayHours('ten to six')).toBeNull();
    expect(
      dayHoursText(
        [
          { day: 1, from: 600, to: 780 },
          { day: 1, from: 840, to: 1080 },
        ],
        1,
      ),
    ).toBe('10:00-13:00, 14:00-18:00');
  });
});

describe('a call as it reads over time', () => {
  it('when a booked call has ended, then it reads Held (In progress while under way), never Booked; other statuses stay', () => {
    const start = Date.parse('2026-12-01T04:30:00Z');
    const end = start + 30 * 60_000;
    expect(bookingStatusLabel('Booked', start, end, start - 1)).toBe('Booked');
    expect(bookingStatusLabel('Booked', start, end, start)).toBe('In progress');
    expect(bookingStatusLabel('Booked', start, end, end)).toBe('Held');
    expect(bookingStatusLabel('Cancelled', start, end, end + 1)).toBe('Cancelled');
    expect(bookingStatusLabel('No-show', start, end, end + 1)).toBe('No-show');
  });
});
