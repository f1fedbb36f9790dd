import { describe, expect, it } from 'vitest';
import { dateRangeSchema, isIsoDay, isoDateSchema } from '@/domain/ist';
import { holidaysSchema } from '@/domain/support';

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('dates are days of the calendar', () => {
  it('when a YYYY-MM-DD date names no day (2099-99-99, 2026-02-31, 2027-02-29), then every date schema refuses it with one message saying so', () => {
    for (const day of ['2099-99-99', '2026-02-31', '2027-02-29', '2026-00-10']) {
      expect(isIsoDay(day), day).toBe(false);
      expect(messagesOf(isoDateSchema.safeParse(day))).toEqual([`${day} is not a day of the calendar.`]);
      expect(messagesOf(holidaysSchema.safeParse({ holidays: [{ date: day, name: 'Holi' }] }))).toEqual([
        `${day} is not a day of the calendar.`,
      ]);
    }
    expect(messagesOf(dateRangeSchema.safeParse({ from: '2026-02-31', to: '2026-03-31' }))).toEqual([
      '2026-02-31 is not a day of the calendar.',
    ]);
    expect(messagesOf(isoDateSchema.safeParse('2026-2-1'))).toEqual(['Dates are YYYY-MM-DD.']);
  });

  it('when a date is a real day (a leap day too), then it is taken', () => {
    for (const day of ['2028-02-29', '2026-12-31', '2026-01-01']) {
      expect(isIsoDay(day), day).toBe(true);
      expect(isoDateSchema.parse(day)).toBe(day);
    }
  });
});
