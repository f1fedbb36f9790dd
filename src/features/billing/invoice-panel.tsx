import { lazy, Suspense } from 'react';

// The panel's form, validation and Firestore code load only when a signed-in user opens the tab.
const InvoicePanelContent = lazy(() =>
  import('./invoice-panel-content').then((m) => ({ default: m.InvoicePanelContent })),
);

/** The signed-in 'Pay Invoice' tab: pending invoices and the new-invoice form. */
export function InvoicePanel({ receiptHref }: { receiptHref?: (invoiceDocId: string) => string }) {
  return (
    <Suspense fallback={<p className="py-6 text-center text-sm text-slate-600">Loading invoices...</p>}>
      <InvoicePanelContent receiptHref={receiptHref} />
    </Suspense>
  );
}
