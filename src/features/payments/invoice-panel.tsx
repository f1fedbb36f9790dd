/** The signed-in 'Pay Invoice' tab: pending invoices and the new-invoice form (payments issue). */
export function InvoicePanel() {
  return null;
}
