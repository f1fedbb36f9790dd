// What other features may use of enquiries (the console's inbox).
export { newEnquiriesQuery, subscribeToEnquiry } from './console/api';

export const enquiryScreens = {
  inbox: () => import('./console/inbox').then((m) => m.InboxPage),
  detail: () => import('./console/enquiry-page').then((m) => m.EnquiryPage),
};
export { enquiriesCollection, queriesNewestFirst } from './data';
export type { CustomerQuery, Enquiry, EnquiryNote } from './data';
