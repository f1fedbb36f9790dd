export { NewRequestPage, RequestPage, SupportHome, type SupportLinks } from './support-pages';
export { SupportConsole, SupportTodayCounts } from './console/support-console';
