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
  /**
   * Paying net of TDS while it is open: the taxable value of what is due (the TDS base, GST shown
   * separately left out), each kind of payment the payer may declare today with its law, rate, TDS
   * and what is then charged, and the certificate we then wait for. Null once paid or cancelled.
   */
  tds: PayLinkTds | null;
  /** Once paid: the payment and its tax invoice (its number once it is issued). */
  paid: { paymentId: string; taxInvoice: { title: string; number: string | null } } | null;
}

/** What the pay page offers a payer who deducts TDS (see PayLinkView.tds). */
export interface PayLinkTds {
  taxablePaise: number;
  choices: Array<{
    kind: string;
    /** 'Fees for professional services'. */
    name: string;
    /** '10%'. */
    rate: string;
    /** The law of the day: 'section 194J of the Income-tax Act, 1961'. */
    citation: string;
    tdsPaise: number;
    /** What the checkout charges with it: the amount due less the TDS. */
    payPaise: number;
  }>;
  /** 'Form 16A' (Form 131 from April 2026). */
  certificateForm: string;
  /** The day the certificate of today's deduction is due (YYYY-MM-DD). */
  certificateDueOn: string;
}

/** Where the pay page's API lives, per token. */
export const payLinkApiPath = (token: string) => `/api/pay/${encodeURIComponent(token)}`;
