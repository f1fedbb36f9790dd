import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  addBusinessHours,
  businessCalendar,
  businessMinutesBetween,
  formatDueIn,
  formatDueTime,
  formatMinutes,
} from '@/domain/business-hours';

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
