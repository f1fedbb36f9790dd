// What other features may use of quotes. The console's screens load on first visit (console/routes.ts).
export { Pipeline } from './console/pipeline';
export { QuotesPanel } from './console/quotes-panel';

export const quoteScreens = {
  list: () => import('./console/quotes').then((m) => m.QuotesPage),
  create: () => import('./console/quote-new').then((m) => m.NewQuotePage),
  detail: () => import('./console/quote-detail').then((m) => m.QuoteDetailPage),
};
