/** What can be paid from the profile page. */
export type PayTarget =
  | { type: 'invoice'; docId: string; invoiceId: string }
  | { type: 'product_order'; docId: string; orderNumber: string };

export interface PaymentApi {
  /** The document id being paid right now, if any (buttons are disabled meanwhile). */
  payingId: string | null;
  pay: (target: PayTarget) => Promise<void>;
}

// Placeholder until the payments issue lands.
export function usePayment(): PaymentApi {
  return { payingId: null, pay: async () => {} };
}
