import { describe, expect, it } from 'vitest';
import { csvCell } from '@/domain/csv';
import { dateRangeMs, dateRangeSchema, istToday, addDays } from '@/domain/ist';
import { invoiceNumberKey } from '@/domain/payments';
import { invoiceTotalPaise, issueProformaSchema } from '@/domain/proforma';
import { paymentStatusOf } from '@/domain/console-status';
import { statusTone } from '@/domain/status';

describe('staff domain rules', () => {
  it('when lines are summed, then the invoice charges their total in paise', () => {
    expect(invoiceTotalPaise([{ amountPaise: 15_000_00 }, { amountPaise: 2_65_000_00 }])).toBe(2_80_000_00);
  });

  it('when a proforma has no lines, a line below ₹1, no GST choice or a past due date, then the schema names the problem', () => {
    const valid = {
      uid: 'u1',
      description: 'Work',
      lines: [{ description: 'Design', amountPaise: 100 }],
      amountsIncludeGst: true,
      dueDate: addDays(istToday(), 15),
    };
    const problem = (change: Record<string, unknown>) =>
      issueProformaSchema.safeParse({ ...valid, ...change }).error?.issues[0]?.message;
    expect(issueProformaSchema.safeParse(valid).success).toBe(true);
    expect(problem({ lines: [] })).toBe('Add at least one line.');
    expect(problem({ lines: [{ description: 'x', amountPaise: 99 }] })).toBe('Amount must be at least ₹1.');
    expect(problem({ amountsIncludeGst: undefined })).toBe('Say whether the amounts include GST.');
    expect(problem({ dueDate: addDays(istToday(), -1) })).toBe('The due date cannot be in the past.');
  });

  it('when invoice ids are compared, then case and spaces do not matter', () => {
    expect(invoiceNumberKey(' inv-0001 ')).toBe(invoiceNumberKey('INV-0001'));
  });

  it("when today is asked for at 04:00 IST (22:30 UTC the day before), then it is India's date", () => {
    expect(istToday(Date.parse('2026-04-30T22:30:00Z'))).toBe('2026-05-01');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('when a date range is given, then it covers whole days in India time and refuses a reversed range', () => {
    const { startMs, endMs } = dateRangeMs({ from: '2026-04-01', to: '2026-04-01' });
    expect(new Date(startMs).toISOString()).toBe('2026-03-31T18:30:00.000Z');
    expect(endMs - startMs).toBe(86_400_000);
    expect(dateRangeSchema.safeParse({ from: '2026-04-02', to: '2026-04-01' }).success).toBe(false);
  });

  it('when CSV cells hold commas, quotes or formula starts, then they are quoted and defused; a negative amount stays a number', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell('-1234.56')).toBe('-1234.56');
    expect(csvCell('-1+2')).toBe(`'-1+2`);
  });

  it('when payment records predate the status field, then their status is read from the markers', () => {
    expect(paymentStatusOf({})).toBe('paid');
    expect(paymentStatusOf({ duplicateOf: 'pay_1' })).toBe('duplicate');
    expect(paymentStatusOf({ duplicateOf: null, documentMissing: true })).toBe('order-missing');
    expect(paymentStatusOf({ status: 'mismatch' })).toBe('mismatch');
    expect(paymentStatusOf({ status: 'refunded', duplicateOf: 'pay_1' })).toBe('refunded');
  });

  it('when inbox statuses are shown, then the spec colours hold: New yellow, anything else grey', () => {
    expect([statusTone('New'), statusTone('In progress'), statusTone('Closed')]).toEqual(['yellow', 'grey', 'grey']);
  });
});
