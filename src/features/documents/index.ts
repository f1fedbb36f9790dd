// What the console shell may use of documents (tax documents, receipts, the accountant's pack). The
// documents themselves are a shared record: src/records/tax-documents.ts.
export { customerDocumentsQuery } from './console/api';
export { DownloadButton } from './console/download-button';
export { TurnoverWatch } from './console/turnover-watch';

export const documentScreens = {
  list: () => import('./console/documents').then((m) => m.DocumentsPage),
};
