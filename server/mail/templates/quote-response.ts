import { formatInr } from '../../../src/domain/money';
import { button, factsTable, factsText, html, layout, paragraph, type RenderedMail } from './layout';
import { formatIst, multiline, oneLine } from './layout';

export interface QuoteResponseData {
  quoteId: string;
  number: string;
  version: number;
  description: string;
  customerName: string;
  response: 'accepted' | 'declined' | 'changes';
  /** Accepted: the name the customer typed. */
  name: string | null;
  /** Declined or changes asked: what the customer wrote. */
  comment: string | null;
  /** ISO time of the answer, and the address it came from. */
  at: string;
  ip: string | null;
  totalPaise: number;
  /** Accepted: the first milestone's proforma, issued with it. */
  deposit: { number: string; amountPaise: number } | null;
  /** The quote in the staff console. */
  consoleUrl: string;
}

const HEADINGS: Record<QuoteResponseData['response'], string> = {
  accepted: 'A quote was accepted',
  declined: 'A quote was declined',
  changes: 'A customer asks for changes to a quote',
};

/** Tells the company how a customer answered a quote: accepted (and the deposit invoice issued), declined, or changes asked. */
export function quoteResponse(data: QuoteResponseData): RenderedMail {
  const label = data.version > 1 ? `${data.number} (version ${data.version})` : data.number;
  const customer = oneLine(data.customerName, 100);
  const subject =
    data.response === 'accepted'
      ? `Quote ${label} accepted by ${oneLine(data.name ?? customer, 100)}`
      : data.response === 'declined'
        ? `Quote ${label} declined by ${customer}`
        : `Changes asked to quote ${label} by ${customer}`;
  const facts: Array<[string, string]> = [
    ['Quote', label],
    ['For', oneLine(data.description, 300)],
    ['Customer', customer],
    ['Total', formatInr(data.totalPaise)],
    ...(data.name ? [['Accepted by (as typed)', oneLine(data.name, 100)] as [string, string]] : []),
    ['When', formatIst(data.at)],
    ...(data.ip ? [['From address', data.ip] as [string, string]] : []),
    ...(data.deposit
      ? [['First invoice issued', `${data.deposit.number}: ${formatInr(data.deposit.amountPaise)}`] as [string, string]]
      : []),
  ];
  const comment = data.comment ?? '';
  return layout({
    subject,
    heading: HEADINGS[data.response],
    body: html`${factsTable(facts)}${comment ? paragraph(multiline(comment)) : ''}${button('Open the quote in the console', data.consoleUrl)}`,
    text: `${factsText(facts)}${comment ? `\n\nWhat they wrote:\n${comment.replace(/\r\n?/g, '\n')}` : ''}\n\nOpen the quote in the console: ${data.consoleUrl}`,
  });
}
