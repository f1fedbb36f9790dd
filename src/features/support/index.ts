// What other features and the app may use of support: the customer's pages, the console's screens
// (composed by the console's route table) and the Today page's counts.
export { NewRequestPage, RequestPage, SupportHome, type SupportLinks } from './support-pages';
export { SupportTodayCounts } from './console/today-counts';

export const supportScreens = {
  console: () => import('./console/support-console').then((m) => m.SupportConsole),
};
