import { COMPANY } from '../../../src/domain/company';
import { formatInr } from '../../../src/domain/money';
import { customerPaymentId, paymentMethodLabel } from '../../../src/domain/payments';
import { tdsCitationText } from '../../../src/domain/tds';
import { factsTable, factsText, formatIst, html, layout, oneLine, paragraph, type RenderedMail } from './layout';

export interface ReceiptLine {
  name: string;
  category: string;
  price: string;
}

export interface PaymentReceiptData {
  /** The name on the paid document, when it has one. */
  customerName: string | null;
  /** Integer paise actually captured. */
  amountPaise: number;
  paymentId: string;
  paidFor: 'order' | 'invoice';
  /** The order number (ORD-…) or the invoice id the customer knows it by. */
  reference: string;
  /** An order's plans; empty for an invoice. */
  items: ReceiptLine[];
  method: string | null;
  /** A payment staff recorded: the UTR, UPI or cheque reference they typed (it names the payment for the customer). */
  paymentReference?: string | null;
  /** ISO time the payment was recorded. */
  paidAt: string;
  /**
   * A payment that is one of several (staff record receipts as they come, some with TDS): what
   * the invoice is settled by so far (received + TDS, this payment included), the TDS deducted so
   * far and its section, and what is still due (0 once settled).
   */
  settledPaise?: number;
  tdsPaise?: number;
  tdsSection?: string | null;
  balanceDuePaise?: number;
}

/** The receipt's sentences about a payment in parts: the TDS, and what is settled or still due. */
function partsOf(data: PaymentReceiptData): { facts: Array<[string, string]>; sentence: string | null } {
  if (data.settledPaise === undefined) return { facts: [], sentence: null };
  const tds = data.tdsPaise ?? 0;
  const due = data.balanceDuePaise ?? 0;
  const citation = data.tdsSection ? tdsCitationText(data.tdsSection) : null;
  const section = citation ? ` under ${citation}` : '';
  const facts: Array<[string, string]> = [
    ...(tds > 0 ? [['TDS deducted', formatInr(tds)] as [string, string]] : []),
    ...(tds > 0 && citation ? [['TDS under', citation] as [string, string]] : []),
    ['Settled so far', formatInr(data.settledPaise)],
    ['Balance due', formatInr(due)],
  ];
  const withTds = tds > 0 ? `With ${formatInr(tds)} of TDS deducted${section}, ` : '';
  const sentence =
    due > 0
      ? `${withTds}${formatInr(data.settledPaise)} is settled and ${formatInr(due)} is still due.`
      : `${withTds}the ${data.paidFor} is now settled in full.`;
  return { facts, sentence: sentence.charAt(0).toUpperCase() + sentence.slice(1) };
}

/** The receipt to the customer's account email; says so when the tax document is attached. */
export function paymentReceipt(
  data: PaymentReceiptData,
  context: { attachments: string[]; documents?: string[] } = { attachments: [] },
): RenderedMail {
  const amount = formatInr(data.amountPaise);
  const what = data.paidFor === 'order' ? `order ${data.reference}` : `invoice ${data.reference}`;
  const greeting = data.customerName ? `Hello ${oneLine(data.customerName, 100)},` : 'Hello,';
  const parts = partsOf(data);
  const paymentId = customerPaymentId(data.paymentId);
  const facts: Array<[string, string]> = [
    ['Amount paid', amount],
    ['Paid for', data.paidFor === 'order' ? `Order ${data.reference}` : `Invoice ${data.reference}`],
    ...(data.items.length > 0
      ? [
          [
            'Items',
            data.items
              .map((item) => `${oneLine(item.category, 100)} – ${oneLine(item.name, 100)}: ${oneLine(item.price, 100)}`)
              .join('\n'),
          ] as [string, string],
        ]
      : []),
    ...parts.facts,
    // A gateway's payment id matches the customer's statement; a payment staff recorded is named by its mode and reference.
    ...(paymentId ? [['Payment ID', paymentId] as [string, string]] : []),
    ...(data.method ? [['Method', paymentMethodLabel(data.method)] as [string, string]] : []),
    ...(data.paymentReference ? [['Reference', oneLine(data.paymentReference, 100)] as [string, string]] : []),
    ['Date', formatIst(data.paidAt)],
    ...(context.documents?.length ? [['Document', context.documents.join(', ')] as [string, string]] : []),
  ];
  const lines = [
    `Thank you. We have received your payment of ${amount} for ${what}.${parts.sentence ? ` ${parts.sentence}` : ''}`,
    ...(context.attachments.length > 0
      ? [
          `Your ${context.documents?.length ? context.documents.join(', ') : 'document for this payment'} is attached (${context.attachments.join(', ')}).`,
        ]
      : []),
    `Keep this email for your records. For any question about this payment, reply to this email or write to ${COMPANY.email}.`,
  ];
  return layout({
    subject: `Payment receipt: ${amount} for ${what}`,
    heading: greeting,
    body: html`${paragraph(lines[0]!)}${factsTable(facts)}${lines.slice(1).map((line) => paragraph(line))}`,
    text: `${lines[0]}\n\n${factsText(facts)}\n\n${lines.slice(1).join('\n\n')}`,
  });
}
