import { COMPANY } from '../../../src/domain/company';
import { formatInr } from '../../../src/domain/money';
import { factsTable, factsText, html, layout, oneLine, paragraph, type RenderedMail } from './layout';

export interface InvoiceCancelledData {
  customerName: string | null;
  /** As the customer knows it: 'Proforma PI/2026-27/0007'. */
  label: string;
  description: string | null;
  /** What it asked for, in paise. */
  amountPaise: number;
}

/** Tells the customer an invoice they were sent is cancelled: nothing to pay, and its pay link no longer works. */
export function invoiceCancelled(data: InvoiceCancelledData): RenderedMail {
  const amount = formatInr(data.amountPaise);
  const facts: Array<[string, string]> = [
    ['Invoice', data.label],
    ...(data.description ? [['For', oneLine(data.description, 200)] as [string, string]] : []),
    ['Amount', amount],
    ['Status', 'Cancelled'],
  ];
  const lines = [
    `We have cancelled ${data.label} for ${amount}. You do not need to pay it, and its pay link no longer works.`,
    `If you have already paid it, or you think this is a mistake, reply to this email or write to ${COMPANY.email}.`,
  ];
  return layout({
    subject: `${data.label} cancelled`,
    heading: data.customerName ? `Hello ${oneLine(data.customerName, 100)},` : 'Hello,',
    body: html`${paragraph(lines[0]!)}${factsTable(facts)}${paragraph(lines[1]!)}`,
    text: `${lines[0]}\n\n${factsText(facts)}\n\n${lines[1]}`,
  });
}
