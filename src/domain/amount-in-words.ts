/**
 * Amounts in words in the Indian numbering system (thousand, lakh, crore), as printed on Indian
 * invoices: 28000000 paise -> 'Rupees Two Lakh Eighty Thousand Only'.
 */

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(value: number): string {
  if (value < 20) return ONES[value]!;
  const ones = value % 10;
  return ones ? `${TENS[Math.floor(value / 10)]} ${ONES[ones]}` : TENS[Math.floor(value / 10)]!;
}

function belowThousand(value: number): string {
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** A whole number in Indian words ('Twelve Crore Thirty Four Lakh ...'); '' for 0. */
export function integerInIndianWords(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`Not a whole number: ${value}`);
  if (value === 0) return '';
  const crore = Math.floor(value / 10_000_000);
  const lakh = Math.floor((value % 10_000_000) / 100_000);
  const thousand = Math.floor((value % 100_000) / 1000);
  const rest = value % 1000;
  return [
    // Above 99 crore the crore count itself is said in words: 'One Thousand Crore'.
    crore ? `${integerInIndianWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * An amount in paise in words: 'Rupees One Only', 'Rupees Twelve Crore ... Eighty Nine and Fifty
 * Paise Only', 'Rupees Zero Only'.
 */
export function amountInWords(amountPaise: number): string {
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 0) throw new Error(`Not an amount in paise: ${amountPaise}`);
  const rupees = Math.floor(amountPaise / 100);
  const paise = amountPaise % 100;
  const rupeeWords = `Rupees ${integerInIndianWords(rupees) || 'Zero'}`;
  return paise ? `${rupeeWords} and ${belowHundred(paise)} Paise Only` : `${rupeeWords} Only`;
}
