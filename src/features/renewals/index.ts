// What other features may use of renewals and services (My Services, the console's Renewals view).
export { renewalsDueQuery } from './console/api';
export { MyServices } from './my-services';

export const renewalScreens = {
  list: () => import('./console/renewals').then((m) => m.RenewalsPage),
};
export type { OpenRenewal, RenewalRecord, Service } from './data';
