/**
 * Money rules shared by the browser and the server. In code every amount is integer paise, named
 * `…Paise`. Rupees appear only where the outside world uses them: stored Firestore fields (the
 * converters in src/lib/firestore.ts), price texts, form inputs and the formatted text.
 */

/**
 * The amount of a price text, in paise. The spec reads a cart item's price text as rupees: the
 * first integer after commas are removed, 0 if none ('₹1,10,000' -> 11000000).
 */
export function priceTextPaise(priceText: string): number {
  const match = /\d+/.exec(priceText.replace(/,/g, ''));
  return match ? rupeesToPaise(Number.parseInt(match[0], 10)) : 0;
}

const wholeRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

/**
 * Formats paise as rupees the Indian way: 11000000 -> '₹1,10,000'. Amounts with paise always show
 * both digits (250050 -> '₹2,500.50'), never a lone tenth.
 */
export function formatInr(amountPaise: number): string {
  const paise = Math.round(amountPaise);
  return paise % 100 === 0 ? wholeRupees.format(paise / 100) : withPaise.format(paise / 100);
}

const accounting = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Paise as a tax document prints them, always with both paise digits: 11000000 -> '₹1,10,000.00'. */
export function formatInrWithPaise(paise: number): string {
  return `₹${accounting.format(paise / 100)}`;
}

/**
 * Paise as a plain decimal of rupees, worked out in integers (no float rounding can creep into a
 * return): 1234567 -> '12345.67', -50 -> '-0.50'. What spreadsheets and GST returns read.
 */
export function paiseToDecimalText(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new Error(`Not an amount in paise: ${paise}`);
  const whole = Math.abs(paise);
  return `${paise < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** Rupees (possibly with paise as decimals) to integer paise. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/** What an amount field says when its text is not rupees with at most two decimals. */
export const AMOUNT_FORMAT_MESSAGE = 'Enter the amount in rupees, with at most 2 decimals (e.g. 1500.50).';

/**
 * The one parser of an amount someone typed in rupees (every form uses it), as paise; null
 * unless it is digits with at most two decimals. Commas are grouping, Indian or not ('2,80,000',
 * '30,000', '1,500.50'), and a leading ₹ is allowed ('₹ 99.9'). Nothing is rounded: '1.005' is
 * refused rather than charged as ₹1.
 */
export function rupeeTextToPaise(text: string): number | null {
  const compact = text.trim().replace(/^₹\s*/, '').replace(/,/g, '');
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const inputGrouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** Paise as an amount field shows them, with Indian commas and no ₹: 28000000 -> '2,80,000'; 250050 -> '2,500.50'. */
export function paiseToRupeeText(paise: number): string {
  return paise % 100 === 0 ? inputGrouping.format(paise / 100) : accounting.format(paise / 100);
}

/** Razorpay refuses orders below ₹1. */
export const MIN_AMOUNT_PAISE = 100;
/**
 * The most one order or invoice may charge: ₹1,00,00,000. firestore.rules caps what clients store
 * (invoice `amount`, order `total`) at the same figure, and the API refuses more whatever is stored.
 */
export const MAX_AMOUNT_PAISE = 1_00_00_000 * 100;
export const CURRENCY = 'INR' as const;
