import { describe, expect, it } from 'vitest';
import {
  AMOUNT_FORMAT_MESSAGE,
  formatInr,
  formatInrWithPaise,
  priceTextPaise,
  rupeesToPaise,
  paiseToRupeeText,
  rupeeTextToPaise,
} from '@/domain/money';
import { newInvoiceFormSchema } from '@/domain/schemas';
import { makeOrderNumber, ORDER_NUMBER_PATTERN } from '@/domain/order-number';
import { statusTone } from '@/domain/status';

describe('priceTextPaise', () => {
  it('when the text has Indian digit grouping, then the commas are ignored', () => {
    expect(priceTextPaise('1,10,000')).toBe(11_000_000);
    expect(priceTextPaise('₹1,10,000')).toBe(11_000_000);
  });

  it('when the text has several numbers, then the first integer wins', () => {
    expect(priceTextPaise('25,000 / year')).toBe(2_500_000);
    expect(priceTextPaise('₹2,80,000 + ₹50,000 / year')).toBe(28_000_000);
  });

  it('when the text has no digits, then the amount is 0', () => {
    expect(priceTextPaise('Contact us')).toBe(0);
    expect(priceTextPaise('')).toBe(0);
  });
});

describe('formatInr', () => {
  it('when formatting whole rupees, then en-IN grouping is used', () => {
    expect(formatInr(11_000_000)).toBe('₹1,10,000');
    expect(formatInr(80_000_000)).toBe('₹8,00,000');
    expect(formatInr(200_000)).toBe('₹2,000');
  });

  it('when the amount has paise, then both decimal digits show', () => {
    expect(formatInr(250_050)).toBe('₹2,500.50');
    expect(formatInr(199_990)).toBe('₹1,999.90');
    expect(formatInr(1005)).toBe('₹10.05');
    expect(formatInr(9999.9)).toBe('₹100');
  });
});

describe('rupeesToPaise', () => {
  it('when converting, then paise are whole numbers', () => {
    expect(rupeesToPaise(110000)).toBe(11000000);
    expect(rupeesToPaise(10.1)).toBe(1010);
  });
});

describe('makeOrderNumber', () => {
  it('when given a time, then it is ORD- and the milliseconds', () => {
    expect(makeOrderNumber(1763790000123)).toBe('ORD-1763790000123');
    expect(ORDER_NUMBER_PATTERN.test(makeOrderNumber())).toBe(true);
  });
});

describe('statusTone', () => {
  it.each([
    ['Pending', 'yellow'],
    ['New', 'yellow'],
    ['Paid', 'green'],
    ['Completed', 'green'],
    ['Cancelled', 'red'],
    ['In Progress', 'grey'],
    [undefined, 'grey'],
  ])('when the status is %s, then the badge is %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });
});

describe('formatInrWithPaise', () => {
  it('when a document prints an amount, then it always shows the paise, in Indian grouping', () => {
    expect(formatInrWithPaise(11_000_000)).toBe('₹1,10,000.00');
    expect(formatInrWithPaise(9_322_034)).toBe('₹93,220.34');
    expect(formatInrWithPaise(8)).toBe('₹0.08');
    expect(formatInrWithPaise(123_456_789_50)).toBe('₹12,34,56,789.50');
  });
});

describe('rupeeTextToPaise', () => {
  it('when the text is rupees with at most two decimals, then it is exact paise', () => {
    expect(rupeeTextToPaise('1500')).toBe(150_000);
    expect(rupeeTextToPaise('1500.5')).toBe(150_050);
    expect(rupeeTextToPaise('1,500.50')).toBe(150_050);
    expect(rupeeTextToPaise(' ₹ 0.07 ')).toBe(7);
    expect(rupeeTextToPaise('1.10')).toBe(110);
  });

  it('when the text has more than two decimals or is not a number, then it is refused (never rounded)', () => {
    for (const text of ['1.005', '1.999', 'abc', '', '1e3', '-5', '12.', '.5', '1.2.3', 'Infinity']) {
      expect(rupeeTextToPaise(text), text).toBeNull();
    }
  });

  it('when the amount has Indian or western grouping commas, then every form reads it the same', () => {
    expect(rupeeTextToPaise('2,80,000')).toBe(28_000_000);
    expect(rupeeTextToPaise('30,000')).toBe(3_000_000);
    expect(rupeeTextToPaise('280,000')).toBe(28_000_000);
  });
});

describe('paiseToRupeeText', () => {
  it('when an amount field is filled in, then it shows Indian commas, and paise only when there are some', () => {
    expect(paiseToRupeeText(28_000_000)).toBe('2,80,000');
    expect(paiseToRupeeText(250_050)).toBe('2,500.50');
    expect(rupeeTextToPaise(paiseToRupeeText(12_345_678_90))).toBe(12_345_678_90);
  });
});

describe('the new-invoice amount', () => {
  const invoice = { name: 'Asha', email: 'asha@example.com', invoiceId: 'INV-7' };

  it('when the amount is 1.005, then the form refuses it instead of charging ₹1', () => {
    const result = newInvoiceFormSchema.safeParse({ ...invoice, amount: '1.005' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([AMOUNT_FORMAT_MESSAGE]);
  });

  it('when the amount is valid, then the form gives integer paise', () => {
    expect(newInvoiceFormSchema.parse({ ...invoice, amount: '2500.75' })).toEqual({ ...invoice, amountPaise: 250_075 });
    expect(newInvoiceFormSchema.parse({ ...invoice, amount: 1 }).amountPaise).toBe(100);
  });

  it('when the amount is below ₹1, above the limit or empty, then it is refused with its reason', () => {
    const message = (amount: string) =>
      newInvoiceFormSchema.safeParse({ ...invoice, amount }).error?.issues.map((issue) => issue.message);
    expect(message('0.99')).toEqual(['Amount must be at least ₹1.']);
    expect(message('10000000.01')).toEqual(['Amount is too large.']);
    expect(message('')).toEqual(['Amount is required.']);
  });
});
