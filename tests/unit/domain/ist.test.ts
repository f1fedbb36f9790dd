import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addMonthsToMonth,
  dateRangeMs,
  istDay,
  istDayStartMs,
  istMidnightMs,
  istMonth,
  istYearStartMs,
  monthRangeMs,
  previousIstMonth,
} from '../../../src/domain/ist';

const utc = (iso: string) => Date.parse(iso);

describe('India time (src/domain/ist.ts)', () => {
  it('when an instant is just before or at midnight IST, then it is on the day India says (18:30 UTC is the turn)', () => {
    expect(istDay(utc('2026-03-10T18:29:59.999Z'))).toBe('2026-03-10');
    expect(istDay(utc('2026-03-10T18:30:00.000Z'))).toBe('2026-03-11');
    expect(istMidnightMs(utc('2026-03-10T18:30:00.000Z'))).toBe(utc('2026-03-10T18:30:00.000Z'));
    expect(istMidnightMs(utc('2026-03-11T18:29:59.999Z'))).toBe(utc('2026-03-10T18:30:00.000Z'));
    expect(istDayStartMs('2026-03-11')).toBe(utc('2026-03-10T18:30:00.000Z'));
  });

  it("when the month or year ends in India but not yet in UTC, then the month and year are India's", () => {
    expect(istMonth(utc('2026-01-31T18:29:59.999Z'))).toBe('2026-01');
    expect(istMonth(utc('2026-01-31T18:30:00.000Z'))).toBe('2026-02');
    expect(istDay(utc('2025-12-31T18:30:00.000Z'))).toBe('2026-01-01');
    expect(istYearStartMs(2026)).toBe(utc('2025-12-31T18:30:00.000Z'));
    expect(previousIstMonth(utc('2025-12-31T18:30:00.000Z'))).toBe('2025-12');
    expect(previousIstMonth(utc('2025-12-31T18:29:59.999Z'))).toBe('2025-11');
  });

  it('when a month or a date range is read, then it runs from midnight IST to midnight IST, December into January included', () => {
    expect(monthRangeMs('2025-12')).toEqual({
      startMs: utc('2025-11-30T18:30:00.000Z'),
      endMs: utc('2025-12-31T18:30:00.000Z'),
    });
    expect(dateRangeMs({ from: '2026-02-28', to: '2026-02-28' })).toEqual({
      startMs: utc('2026-02-27T18:30:00.000Z'),
      endMs: utc('2026-02-28T18:30:00.000Z'),
    });
  });

  it('when days and months are added across month and year ends, then the calendar holds (short months clamp)', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-11-30', 2)).toBe('2026-01-30');
    expect(addMonthsToMonth('2025-12', 1)).toBe('2026-01');
    expect(addMonthsToMonth('2026-01', -1)).toBe('2025-12');
  });
});
