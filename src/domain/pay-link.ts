import type { PurchaseOrder } from './purchase-order';
import type { TaxSplit, TaxType } from './tax';

/**
 * What the pay page (/pay/{token}) shows of the one invoice its link opens: who issued it, to
 * whom, its lines with GST, the total, the due date and the status. Nothing else of the customer.
 */
export interface PayLinkView {
  status: string;
  /** The proforma's number: PI/2026-27/0001. */
  number: string;
  /** As printed: '24 Nov 2026'. */
  issueDate: string;
  dueDate: string | null;
  description: string | null;
  issuer: { name: string; address: string; gstin: string | null; email: string; phone: string };
  billedTo: { name: string; address: string; gstin: string | null; state: string };
  lines: Array<{ description: string; ratePercent: number } & TaxSplit>;
  taxType: TaxType | null;
  totals: TaxSplit;
  /** What is due now, in paise (0 once paid). */
  amountDuePaise: number;
  /** Paid in parts: what receipts so far settled (received + TDS), in paise; 0 when none. */
  settledPaise: number;
  /**
   * What the proforma says it is not, in the seller's words (proformaNote): 'not a tax invoice'
   * from a registered seller, 'not a payment receipt' otherwise. The page shows this, not its own.
   */
  proformaNote: string;
  /** The buyer's PO number and vendor code on it, when given. */
  purchaseOrder: PurchaseOrder | null;
  /** Its company requires a PO number on what it pays: the page asks for one before paying. */
  requiresPoNumber: boolean;
  /** A micro or small enterprise seller's Udyam number and payment terms, as printed; null otherwise. */
  msmeTerms: string[] | null;
  /** Once paid: the payment and its tax invoice (its number once it is issued). */
  paid: { paymentId: string; taxInvoice: { title: string; number: string | null } } | null;
}

/** Where the pay page's API lives, per token. */
export const payLinkApiPath = (token: string) => `/api/pay/${encodeURIComponent(token)}`;
