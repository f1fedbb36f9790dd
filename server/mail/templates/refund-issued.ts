import { COMPANY } from '../../../src/domain/company';
import { customerPaymentId } from '../../../src/domain/payments';
import { formatInr } from '../../../src/domain/money';
import { factsTable, factsText, formatIst, html, layout, oneLine, paragraph, type RenderedMail } from './layout';

export interface RefundIssuedData {
  customerName: string | null;
  /** Integer paise refunded by this refund. */
  amountPaise: number;
  paymentId: string;
  /** Our own key of the refund (refunds/{id}): never shown. */
  refundId: string;
  /** The gateway's id of the refund (rfnd_…), which the customer's bank can trace. */
  gatewayRefundId?: string | null;
  /** What the payment was for, as the customer knows it ('Order ORD-…', 'Invoice INV-0001'). */
  paidFor: string;
  /** ISO time the refund was made. */
  refundedAt: string;
}

/** Tells the customer a refund was made; says so when the credit note is attached. */
export function refundIssued(
  data: RefundIssuedData,
  context: { attachments: string[] } = { attachments: [] },
): RenderedMail {
  const amount = formatInr(data.amountPaise);
  // Internal keys (a recorded payment's offline_…, our refund's id) are never shown to the customer.
  const paymentId = customerPaymentId(data.paymentId);
  const facts: Array<[string, string]> = [
    ['Amount refunded', amount],
    ['Paid for', data.paidFor],
    ...(paymentId ? [['Payment ID', paymentId] as [string, string]] : []),
    ...(data.gatewayRefundId ? [['Refund reference', data.gatewayRefundId] as [string, string]] : []),
    ['Date', formatIst(data.refundedAt)],
  ];
  const lines = [
    `We have refunded ${amount} of your payment${paymentId ? ` ${paymentId}` : ` for ${data.paidFor}`} to the account or card you paid with. Banks usually show it within 5-7 working days.`,
    ...(context.attachments.length > 0 ? [`The credit note is attached (${context.attachments.join(', ')}).`] : []),
    `For any question about this refund, reply to this email or write to ${COMPANY.email}.`,
  ];
  return layout({
    subject: `Refund of ${amount} from ${COMPANY.name}`,
    heading: data.customerName ? `Hello ${oneLine(data.customerName, 100)},` : 'Hello,',
    body: html`${paragraph(lines[0]!)}${factsTable(facts)}${lines.slice(1).map((line) => paragraph(line))}`,
    text: `${lines[0]}\n\n${factsText(facts)}\n\n${lines.slice(1).join('\n\n')}`,
  });
}
