// What other features and the app may use of support: the customer's pages, the console's screens
// (composed by the console's route table) and the Today page's counts.
export { NewRequestPage } from './new-request-page';
export { QuoteFormContext, type QuoteFormProps } from './out-of-plan';
export { RequestPage } from './request-page';
export { SupportHome } from './support-home';
export type { SupportLinks } from './support-parts';
export { SupportTodayCounts } from './console/today-counts';

export const supportScreens = {
  console: () => import('./console/support-console').then((m) => m.SupportConsole),
};
