// What the console shell and the app may use of billing (invoices, payments, pay links, reconciliation).
// Invoices and orders themselves are shared records (src/records/invoices.ts, orders.ts).
export {
  cancelInvoice,
  customerPaymentsQuery,
  issueProforma,
  overdueInvoicesQuery,
  paymentExceptionsQuery,
  previewProforma,
  receivedInMonth,
} from './console/api';
export { IssueProformaForm } from './console/issue-proforma-form';
export { OfflinePayment } from './console/offline-payment-form';
export { OrderRow } from './console/order-row';
export { PaymentSummary } from './console/payment-summary';
export { TdsCertificatesPanel } from './tds-certificates-panel';

export const billingScreens = {
  payments: () => import('./console/payments').then((m) => m.PaymentsPage),
  invoices: () => import('./console/invoices').then((m) => m.InvoicesPage),
  orders: () => import('./console/orders').then((m) => m.OrdersPage),
  reconciliation: () => import('./console/reconciliation').then((m) => m.ReconciliationPage),
  tdsCertificates: () => import('./console/tds-certificates').then((m) => m.TdsCertificatesPage),
};
export type { PaymentRecord } from './data';
