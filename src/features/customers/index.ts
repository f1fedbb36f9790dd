// What other features may use of customers (the console's customer list and page).
export { customersQuery, subscribeToCustomer } from './console/api';
export { useCustomer } from './console/use-customer';

export const customerScreens = {
  list: () => import('./console/customers').then((m) => m.CustomersPage),
  detail: () => import('./console/customer-page').then((m) => m.CustomerPage),
};
export { userDoc } from './data';
export type { Customer, DeletedAccount, MarketingConsent, Profile } from './data';
