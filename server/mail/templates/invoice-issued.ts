import { COMPANY } from '../../../src/domain/company';
import { formatInr } from '../../../src/domain/money';
import { button, factsTable, factsText, html, layout, oneLine, paragraph, type RenderedMail } from './layout';

export interface InvoiceIssuedData {
  customerName: string | null;
  /** The invoice number staff issued. */
  number: string;
  /** Integer paise: the sum of the lines. */
  amountPaise: number;
  lines: Array<{ description: string; amountPaise: number }>;
  /** Opens the invoice on the site, ready to pay. */
  payUrl: string;
}

/** A staff-issued invoice: its lines, the amount and a link that opens it ready to pay. */
export function invoiceIssued(data: InvoiceIssuedData): RenderedMail {
  const amount = formatInr(data.amountPaise);
  const facts: Array<[string, string]> = [
    ['Invoice', data.number],
    ...data.lines.map((line): [string, string] => [oneLine(line.description, 200), formatInr(line.amountPaise)]),
    ['Amount due', amount],
  ];
  const intro = `${COMPANY.name} has issued invoice ${data.number} for ${amount}.`;
  const outro = 'The link opens the invoice on our website, where you can pay it securely after you log in.';
  return layout({
    subject: `Invoice ${data.number} from ${COMPANY.name}: ${amount}`,
    heading: data.customerName ? `Hello ${oneLine(data.customerName, 100)},` : 'Hello,',
    body: html`${paragraph(intro)}${factsTable(facts)}${button('View and pay the invoice', data.payUrl)}${paragraph(outro)}`,
    text: `${intro}\n\n${factsText(facts)}\n\nView and pay the invoice: ${data.payUrl}\n\n${outro}`,
  });
}
