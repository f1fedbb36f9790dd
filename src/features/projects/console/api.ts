import { getDocs, limit, query } from 'firebase/firestore';
import { customersQuery, type Customer } from '@/records/users';
import { convertedDocs } from '@/lib/converted-docs';
import { matchesSearch } from '@/lib/search-query';

/** How many customers "Open a project by hand" offers for what was typed. */
export const CUSTOMER_CHOICES = 8;

/**
 * The customers a search names, as the Customers list finds them (a word of a name, business,
 * email, phone or GSTIN, or its beginning; every word typed): the newest CUSTOMER_CHOICES of them.
 */
export async function findCustomers(search: string): Promise<Customer[]> {
  if (!search.trim()) return [];
  const found = convertedDocs(await getDocs(query(customersQuery(search), limit(CUSTOMER_CHOICES * 3))));
  return found.filter((customer) => matchesSearch(search, customer)).slice(0, CUSTOMER_CHOICES);
}
