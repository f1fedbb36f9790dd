import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/domain/dates';

describe('formatDateTime', () => {
  it('when there is a date, then it is an en-IN medium date plus short time', () => {
    const date = new Date(2025, 8, 10, 14, 5);
    const expected = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
    expect(formatDateTime(date)).toBe(expected);
    expect(formatDateTime(date)).toMatch(/^10 Sept? 2025, 2:05\spm$/i);
  });

  it('when the date is missing or invalid, then it is N/A', () => {
    expect(formatDateTime(null)).toBe('N/A');
    expect(formatDateTime(undefined)).toBe('N/A');
    expect(formatDateTime(new Date('nope'))).toBe('N/A');
  });
});
