/**
 * Money rules shared by the browser and the server.
 * Rupee amounts are whole numbers parsed from catalogue price text; the gateway works in paise.
 */

/** The payable rupee amount of a price text: the first integer after commas are removed, 0 if none. */
export function parsePriceAmount(priceText: string): number {
  const match = /\d+/.exec(priceText.replace(/,/g, ''));
  return match ? Number.parseInt(match[0], 10) : 0;
}

const wholeRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

/**
 * Formats rupees the Indian way: 110000 -> '₹1,10,000'. Amounts with paise always show both
 * digits (2500.5 -> '₹2,500.50'), never a lone tenth.
 */
export function formatInr(rupees: number): string {
  const paise = Math.round(rupees * 100);
  return paise % 100 === 0 ? wholeRupees.format(paise / 100) : withPaise.format(paise / 100);
}

const accounting = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Paise as a tax document prints them, always with both paise digits: 11000000 -> '₹1,10,000.00'. */
export function formatInrWithPaise(paise: number): string {
  return `₹${accounting.format(paise / 100)}`;
}

/** Rupees (possibly with paise as decimals) to integer paise. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/** Razorpay refuses orders below ₹1. */
export const MIN_AMOUNT_PAISE = 100;
export const CURRENCY = 'INR' as const;
