// What the console shell may use of enquiries: the inbox, the Today page's count, and what the
// enquiry page (a console page that also shows billing and quotes) does to an enquiry.
export { billEnquiry, newEnquiriesQuery, previewEnquiryBill, updateEnquiry } from './console/api';

export const enquiryScreens = {
  inbox: () => import('./console/inbox').then((m) => m.InboxPage),
};
