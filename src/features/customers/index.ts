// What the console shell may use of customers: the customer list, and the parts of the customer
// page (composed by the shell) that are this area's own. The customer record itself is shared:
// src/records/users.ts.
export { BillingDetailsPanel } from './console/billing-details';
export { subscribeToDeletedAccount } from './console/api';
export type { DeletedAccount } from './data';

export const customerScreens = {
  list: () => import('./console/customers').then((m) => m.CustomersPage),
};
