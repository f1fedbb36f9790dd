/** Customers as the console names and finds them. */

/** A customer (an account or a lead's record) that is not on record. */
export const CUSTOMER_NOT_FOUND = 'Customer not found.';

/**
 * How the console names a customer: their name, with the legal business name a tax invoice is
 * made out to when it differs ('Meera Iyer (Iyer Sundaram Exports LLP)'); the email when nameless.
 */
export function customerLabel(customer: {
  name?: string | null;
  legalName?: string | null;
  email?: string | null;
}): string {
  const name = customer.name?.trim() ?? '';
  const legalName = customer.legalName?.trim() ?? '';
  if (name && legalName && legalName.toLowerCase() !== name.toLowerCase()) return `${name} (${legalName})`;
  return name || legalName || customer.email?.trim() || 'Customer';
}
