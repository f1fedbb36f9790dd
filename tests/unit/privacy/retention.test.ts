import { describe, expect, it } from 'vitest';
import { lastDayKept, taxRecordRetainedUntil } from '@/domain/retention';

const ist = (iso: string) => new Date(`${iso}+05:30`).getTime();

describe('how long tax records are kept (section 36 of the CGST Act)', () => {
  it('when a payment is made on 15 November 2026, then it is kept until 31 December 2033', () => {
    const until = taxRecordRetainedUntil(ist('2026-11-15T10:00:00'));
    expect(until.toISOString()).toBe('2033-12-31T18:30:00.000Z'); // 1 January 2034, 00:00 IST
    expect(lastDayKept(until)).toBe('31 December 2033');
  });

  it('when a payment falls on either side of 1 April in India, then it belongs to that financial year', () => {
    // 31 March 2027, 23:59 IST is still 2026-27 (its annual return due 31 December 2027).
    expect(lastDayKept(taxRecordRetainedUntil(ist('2027-03-31T23:59:00')))).toBe('31 December 2033');
    // 1 April 2027, 00:00 IST (still 31 March in UTC) is 2027-28.
    expect(lastDayKept(taxRecordRetainedUntil(ist('2027-04-01T00:00:00')))).toBe('31 December 2034');
  });

  it('when a record is from January, then it belongs to the financial year that started the April before', () => {
    expect(lastDayKept(taxRecordRetainedUntil(ist('2026-01-10T12:00:00')))).toBe('31 December 2032');
  });
});
