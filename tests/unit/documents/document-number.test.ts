import { describe, expect, it } from 'vitest';
import {
  counterId,
  financialYearOf,
  formatDocumentNumber,
  formatIstDate,
  parseDocumentNumber,
} from '@/domain/document-number';

/** An instant given as a wall-clock time in India (UTC+05:30). */
const ist = (isoLocal: string) => Date.parse(`${isoLocal}+05:30`);

describe('financial year (1 April - 31 March, IST)', () => {
  it('when it is 31 March 23:59 in India, then it is still the old financial year', () => {
    expect(financialYearOf(ist('2027-03-31T23:59:00'))).toBe('2026-27');
    expect(financialYearOf(ist('2027-03-31T23:59:59.999'))).toBe('2026-27');
  });

  it('when it is 1 April 00:00 in India, then the new financial year has begun', () => {
    expect(financialYearOf(ist('2027-04-01T00:00:00'))).toBe('2027-28');
  });

  it('when it is already 1 April in India but still 31 March in UTC, then India decides', () => {
    // 18:30 UTC on 31 March is midnight in India.
    expect(financialYearOf(Date.parse('2027-03-31T18:30:00Z'))).toBe('2027-28');
    expect(financialYearOf(Date.parse('2027-03-31T18:29:59Z'))).toBe('2026-27');
  });

  it('when the year turns 2099-2100, then the short year is 00', () => {
    expect(financialYearOf(ist('2099-06-01T12:00:00'))).toBe('2099-00');
  });

  it('when a date is printed, then it is the date in India', () => {
    expect(formatIstDate(ist('2027-04-01T00:00:00'))).toBe('01 Apr 2027');
    expect(formatIstDate(Date.parse('2027-03-31T18:30:00Z'))).toBe('01 Apr 2027');
  });
});

describe('document numbers', () => {
  it('when the first invoice of 2026-27 is numbered with prefix NB, then it is NB/2026-27/0001', () => {
    expect(formatDocumentNumber('NB', '2026-27', 1)).toBe('NB/2026-27/0001');
    expect(formatDocumentNumber('NB', '2026-27', 12_345)).toBe('NB/2026-27/12345');
    expect(parseDocumentNumber('NB/2026-27/0042')).toEqual({ prefix: 'NB', financialYear: '2026-27', sequence: 42 });
  });

  it('when a number would pass 16 characters or use other characters, then it is refused', () => {
    expect(formatDocumentNumber('NBS', '2026-27', 9999)).toHaveLength(16);
    expect(() => formatDocumentNumber('NBS', '2026-27', 10_000)).toThrow(/16 characters/);
    expect(() => formatDocumentNumber('NBSW', '2026-27', 1)).toThrow(/prefix/);
    expect(() => formatDocumentNumber('N B', '2026-27', 1)).toThrow(/prefix/);
    expect(() => formatDocumentNumber('NB', '2026-27', 0)).toThrow(/sequence/);
    for (const number of ['NB/2026-27/0001', 'CN/2026-27/0001', 'N-1/2026-27/9999']) {
      expect(number).toMatch(/^[A-Za-z0-9/-]{1,16}$/);
    }
  });

  it('when invoices and credit notes are counted, then each has its own counter per financial year', () => {
    expect(counterId('invoice', '2026-27')).toBe('invoice-2026-27');
    expect(counterId('credit-note', '2026-27')).toBe('credit-note-2026-27');
  });
});
