import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  addBusinessHours,
  businessCalendar,
  businessMinutesBetween,
  DEFAULT_HOLIDAYS,
  formatDueIn,
  formatDueTime,
  formatMinutes,
  holidayListWarning,
} from '@/domain/business-hours';
import { computeSla, SUPPORT_TIERS, type SupportEvent } from '@/domain/support';

/** An IST wall-clock time as an instant: ist('2026-11-27 17:00'). */
const ist = (wall: string) => new Date(`${wall.replace(' ', 'T')}:00+05:30`);
const cal = businessCalendar();
const noHolidays = businessCalendar([]);

describe('business-hours arithmetic (Mon–Fri 09:30–18:30 IST, holidays)', () => {
  it.each([
    // [case, start (IST), hours, due (IST)]
    ['within one day', '2026-11-25 10:00', 4, '2026-11-25 14:00'],
    ['across the weekend: Friday 17:00 + 4 h', '2026-11-27 17:00', 4, '2026-11-30 12:00'],
    ['a target ending at 18:30 is due at 18:30', '2026-11-25 14:30', 4, '2026-11-25 18:30'],
    ['made on Saturday: counts from Monday 09:30', '2026-11-28 11:00', 1, '2026-11-30 10:30'],
    ['made before opening: counts from 09:30', '2026-11-25 07:15', 8, '2026-11-25 17:30'],
    ['made after closing: counts from the next morning', '2026-11-25 21:00', 1, '2026-11-26 10:30'],
    ['across a holiday (Gandhi Jayanti, Fri 2 Oct 2026)', '2026-10-01 16:30', 4, '2026-10-05 11:30'],
    ['across the year end (Christmas Friday, then Monday 28 Dec)', '2026-12-24 17:30', 8, '2026-12-28 16:30'],
    ['into the new year', '2026-12-31 18:00', 1, '2027-01-01 10:00'],
    ['Premium: 1 h at 18:00', '2026-11-26 18:00', 1, '2026-11-27 10:00'],
  ])('%s', (_case, start, hours, due) => {
    expect(addBusinessHours(ist(start), hours, cal).toISOString()).toBe(ist(due).toISOString());
  });

  it.each([
    ['Friday 17:00 + 1 day = Monday 17:00', '2026-11-27 17:00', 1, '2026-11-30 17:00'],
    ['3 days from Wednesday 10:00', '2026-11-25 10:00', 3, '2026-11-30 10:00'],
    ['5 days across Christmas', '2026-12-21 09:30', 5, '2026-12-28 18:30'],
  ])('business days: %s', (_case, start, days, due) => {
    expect(addBusinessDays(ist(start), days, cal).toISOString()).toBe(ist(due).toISOString());
  });

  it('without holidays, Christmas is a working day', () => {
    expect(addBusinessHours(ist('2026-12-24 17:30'), 8, noHolidays).toISOString()).toBe(
      ist('2026-12-25 16:30').toISOString(),
    );
  });

  it.each([
    ['the same day', '2026-11-25 10:00', '2026-11-25 12:30', 150],
    ['a weekend counts nothing', '2026-11-28 08:00', '2026-11-29 20:00', 0],
    ['Friday 17:00 to Monday 12:00', '2026-11-27 17:00', '2026-11-30 12:00', 240],
    ['over a holiday', '2026-10-01 16:30', '2026-10-05 11:30', 240],
  ])('business time between: %s', (_case, from, to, minutes) => {
    expect(businessMinutesBetween(ist(from), ist(to), cal)).toBe(minutes);
  });

  it('adding then measuring gives the same business time back', () => {
    for (const start of ['2026-11-27 17:00', '2026-12-24 17:30', '2026-11-28 11:00']) {
      const due = addBusinessHours(ist(start), 7, cal);
      const counted = businessMinutesBetween(ist(start), due, cal);
      expect(counted).toBe(420);
    }
  });

  it('formats due times in IST, whatever the reader’s zone', () => {
    expect(formatDueTime(ist('2026-11-30 13:30'))).toBe('Mon 30 Nov 2026, 1:30 pm IST');
    expect(formatDueTime(ist('2027-01-01 09:30'))).toBe('Fri 1 Jan 2027, 9:30 am IST');
    expect(formatDueTime(ist('2026-12-07 12:05'))).toBe('Mon 7 Dec 2026, 12:05 pm IST');
    expect(formatDueTime(null)).toBe('N/A');
  });

  it('formats lengths and distances', () => {
    expect(formatMinutes(390)).toBe('6 h 30 min');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(120)).toBe('2 h');
    const now = ist('2026-11-25 10:00').getTime();
    expect(formatDueIn(now + 2 * 3_600_000, now)).toBe('due in 2 h');
    expect(formatDueIn(now - 3 * 3_600_000, now)).toBe('overdue by 3 h');
    expect(formatDueIn(now + 25 * 60_000, now)).toBe('due in 25 min');
  });
});

describe('the holiday list: 2028, and a warning before it runs out', () => {
  const names = (year: string) =>
    DEFAULT_HOLIDAYS.filter((holiday) => holiday.date.startsWith(year))
      .map((holiday) => holiday.name)
      .sort();

  it('when the default list is read, then 2028 has the same seventeen holidays as 2026 and 2027', () => {
    expect(names('2028')).toHaveLength(17);
    expect(names('2028')).toEqual(names('2027'));
    expect(names('2027')).toEqual(names('2026'));
    expect(DEFAULT_HOLIDAYS.find((holiday) => holiday.name === 'Diwali' && holiday.date.startsWith('2028'))?.date).toBe(
      '2028-10-17',
    );
  });

  it('when an SLA clock runs over Diwali 2028 (Tue 17 Oct), then the due times skip it', () => {
    // Priority: first reply in 4 business hours. Mon 17:00-18:30 is 1.5 h; Tuesday is Diwali.
    const events: SupportEvent[] = [{ type: 'created', at: ist('2028-10-16 17:00').getTime() }];

    const state = computeSla(events, SUPPORT_TIERS.priority, cal);

    expect(state.firstReplyDueAt).toBe(ist('2028-10-18 12:00').getTime());
    expect(computeSla(events, SUPPORT_TIERS.priority, noHolidays).firstReplyDueAt).toBe(
      ist('2028-10-17 12:00').getTime(),
    );
    expect(addBusinessDays(ist('2028-12-22 10:00'), 1, cal).toISOString()).toBe(ist('2028-12-26 10:00').toISOString());
  });

  it.each([
    ['61 days before the last listed year (2028) ends', '2028-11-01 23:59', null],
    ['60 days before it ends', '2028-11-02 00:00', 60],
    ['its last day', '2028-12-31 18:00', 1],
    ['0 days before: the year has ended', '2029-01-01 00:00', 0],
    ['after it ended', '2029-02-10 12:00', -40],
  ])('when it is %s (%s IST), then the days left are %s (null: no warning)', (_case, wall, daysLeft) => {
    const warning = holidayListWarning(DEFAULT_HOLIDAYS, ist(wall).getTime());

    expect(warning?.daysLeft ?? null).toBe(daysLeft);
    if (warning) expect(warning.lastYear).toBe(2028);
  });

  it('when it warns, then it says which year to add and what happens otherwise', () => {
    expect(holidayListWarning(DEFAULT_HOLIDAYS, ist('2028-11-02 09:00').getTime())?.message).toBe(
      'The holiday list ends with 2028 (60 days left): add 2029’s holidays, or from 1 January 2029 SLA clocks, sign-off periods and bookings count them as business days.',
    );
    expect(holidayListWarning(DEFAULT_HOLIDAYS, ist('2029-01-01 00:00').getTime())?.message).toBe(
      'The holiday list ended with 2028: add the holidays of 2029. Until then SLA clocks, sign-off periods and bookings count them as business days.',
    );
    // A company's own list that ends in 2026 warns now; an empty one always does.
    const own = [{ date: '2026-12-25' }];
    expect(holidayListWarning(own, ist('2026-11-28 12:00').getTime())?.daysLeft).toBe(34);
    expect(holidayListWarning([], ist('2026-11-28 12:00').getTime())?.message).toMatch(/^No holidays are listed/);
  });
});
