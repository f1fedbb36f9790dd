import type { ComponentType } from 'react';
import { billingScreens } from '@/features/billing';
import { bookingScreens } from '@/features/bookings';
import { customerScreens } from '@/features/customers';
import { documentScreens } from '@/features/documents';
import { enquiryScreens } from '@/features/enquiries';
import { mailScreens } from '@/features/mail';
import { projectScreens } from '@/features/projects';
import { quoteScreens } from '@/features/quotes';
import { renewalScreens } from '@/features/renewals';
import { supportScreens } from '@/features/support';

/** A console screen: its path under the console and its code, loaded when first opened. */
export interface ScreenEntry {
  path?: string;
  index?: true;
  load: () => Promise<ComponentType>;
}

/**
 * The console's one route table: each area's screens, and the pages that show several areas (Today,
 * an enquiry, a customer), composed here.
 */
export const SCREENS: ScreenEntry[] = [
  { index: true, load: () => import('./console-home').then((m) => m.ConsoleHome) },
  { path: 'inbox', load: enquiryScreens.inbox },
  { path: 'enquiries/:id', load: () => import('./enquiry-page').then((m) => m.EnquiryPage) },
  { path: 'customers', load: customerScreens.list },
  { path: 'customers/:uid', load: () => import('./customer-page').then((m) => m.CustomerPage) },
  { path: 'quotes', load: quoteScreens.list },
  { path: 'quotes/new', load: quoteScreens.create },
  { path: 'quotes/:id', load: quoteScreens.detail },
  { path: 'projects', load: projectScreens.list },
  { path: 'projects/:id', load: projectScreens.detail },
  { path: 'payments', load: billingScreens.payments },
  { path: 'invoices', load: billingScreens.invoices },
  { path: 'orders', load: billingScreens.orders },
  { path: 'reconciliation', load: billingScreens.reconciliation },
  { path: 'tds-certificates', load: billingScreens.tdsCertificates },
  { path: 'documents', load: documentScreens.list },
  { path: 'mail', load: mailScreens.list },
  { path: 'renewals', load: renewalScreens.list },
  { path: 'support/*', load: supportScreens.console },
  { path: 'bookings', load: bookingScreens.week },
  { path: 'bookings/availability', load: bookingScreens.availability },
];
