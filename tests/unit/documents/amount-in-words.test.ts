import { describe, expect, it } from 'vitest';
import { amountInWords } from '@/domain/amount-in-words';

const rupees = (value: number) => Math.round(value * 100);

describe('amountInWords (Indian numbering)', () => {
  it.each([
    [1, 'Rupees One Only'],
    [11, 'Rupees Eleven Only'],
    [1_10_000, 'Rupees One Lakh Ten Thousand Only'],
    [2_80_000, 'Rupees Two Lakh Eighty Thousand Only'],
    [8_00_000, 'Rupees Eight Lakh Only'],
    [1_00_00_000, 'Rupees One Crore Only'],
    [
      12_34_56_789.5,
      'Rupees Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine and Fifty Paise Only',
    ],
  ])('when the amount is ₹%s, then it reads "%s"', (amount, words) => {
    expect(amountInWords(rupees(amount))).toBe(words);
  });

  it('when the amount has hundreds and odd paise, then both are spelled out', () => {
    expect(amountInWords(rupees(1_01_305.07))).toBe(
      'Rupees One Lakh One Thousand Three Hundred Five and Seven Paise Only',
    );
  });

  it('when the amount is a thousand crore or more, then the crores are counted in words', () => {
    expect(amountInWords(rupees(1000_00_00_000))).toBe('Rupees One Thousand Crore Only');
  });
});
