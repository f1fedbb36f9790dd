import { describe, expect, it } from 'vitest';
import { addMonths } from '@/domain/ist';
import { dueDateProblem, lateDeductionLine, LONG_TERM_REASON_REQUIRED, msmeSnapshot, section16Interest, section16RatePercent, termDays, udyamProblem, UDYAM_MESSAGE } from '@/domain/msme';
import { WORKED_CASES } from '../../helpers/msme-cases';

describe('section16Interest', () => {
  it.each(WORKED_CASES)('when $name, then it is the worked figure', (worked) => {
    const result = section16Interest(worked);

    expect(result).toEqual({
      fromDay: worked.fromDay,
      months: worked.months,
      days: worked.days,
      interestPaise: worked.interestPaise,
    });
  });

  it('when nothing is unpaid or the statement date is before the start, then it is zero', () => {
    const base = WORKED_CASES[3];

    expect(section16Interest({ ...base, principalPaise: 0 }).interestPaise).toBe(0);
    expect(section16Interest({ ...base, asOfDay: '2026-01-15' }).interestPaise).toBe(0);
  });

  it('when the rate is three times the bank rate, then 5.5% gives 16.5% and 6.25% gives 18.75%', () => {
    expect(section16RatePercent(5.5)).toBe(16.5);
    expect(section16RatePercent(6.25)).toBe(18.75);
    expect(() => section16RatePercent(5.555)).toThrow(/two decimals/);
  });
});

describe('dates and terms', () => {
  it('when a month is added to a day the next month lacks, then it is that month’s last day', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });

  it('when a due date is beyond 45 days, then it needs a reason; within 45 days it does not', () => {
    expect(dueDateProblem('2026-01-01', '2026-02-15', null)).toBeNull();
    expect(dueDateProblem('2026-01-01', '2026-02-16', null)).toBe(LONG_TERM_REASON_REQUIRED);
    expect(dueDateProblem('2026-01-01', '2026-02-16', '  ')).toBe(LONG_TERM_REASON_REQUIRED);
    expect(dueDateProblem('2026-01-01', '2026-02-16', 'Government buyer: 60-day cycle')).toBeNull();
    expect(termDays('2026-01-01', '2026-01-16')).toBe(15);
    expect(termDays('2026-01-01', '2026-03-31')).toBe(45);
  });
});

describe('Udyam numbers and printed lines', () => {
  it('when a Udyam number is UDYAM-XX-00-0000000 (any case, spaces trimmed), then it is accepted; anything else names the format', () => {
    expect(udyamProblem('UDYAM-KR-03-0012345')).toBeNull();
    expect(udyamProblem(' udyam-mh-33-0001234 ')).toBeNull();
    for (const bad of ['UDYAM-KR-3-0012345', 'UDYAM-K1-03-0012345', 'UDYAM-KR-03-001234', 'UAM-KR-03-0012345', '']) {
      expect(udyamProblem(bad)).toBe(UDYAM_MESSAGE);
    }
  });

  it('when a document is issued, then it prints the number, the term (at most 45 days) and the late-deduction rule of its date', () => {
    const snapshot = msmeSnapshot('UDYAM-KR-03-0012345', 60, '2026-11-02');

    expect(snapshot.termDays).toBe(45);
    expect(snapshot.lines[0]).toBe('Udyam registration no.: UDYAM-KR-03-0012345 (micro or small enterprise)');
    expect(snapshot.lines[1]).toMatch(/^Payable within 45 days under section 15 of the MSMED Act, 2006/);
    expect(snapshot.lines[2]).toContain('Income-tax Act, 2025');
    expect(lateDeductionLine('2026-03-31')).toContain('section 43B(h) of the Income-tax Act, 1961');
  });
});
