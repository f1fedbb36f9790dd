// What other features may use of documents (tax documents, receipts, the accountant's pack).
export { customerDocumentsQuery } from './console/api';
export { DownloadButton } from './console/download-button';
export { TurnoverWatch } from './console/turnover-watch';

export const documentScreens = {
  list: () => import('./console/documents').then((m) => m.DocumentsPage),
};
export { taxDocumentsCollection } from './data';
export type { TaxDocumentItem } from './data';
