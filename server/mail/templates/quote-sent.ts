import { COMPANY } from '../../../src/domain/company';
import { formatInr } from '../../../src/domain/money';
import { button, factsTable, factsText, html, layout, oneLine, paragraph, type RenderedMail } from './layout';

export interface QuoteSentData {
  customerName: string | null;
  /** QT/2026-27/0001, and which version of it. */
  number: string;
  version: number;
  /** What the quote is for, as staff wrote it. */
  description: string;
  /** Integer paise: what the milestones come to in all, GST included. */
  totalPaise: number;
  /** As printed: '30 Jun 2026'. */
  validUntil: string;
  /** Each milestone and what its invoice will charge. */
  milestones: Array<{ label: string; amountPaise: number }>;
  /** Which quote's link to put in the mail; the link itself is made when the mail is sent (a bearer token). */
  quoteLink: { quoteId: string };
}

/**
 * A quote sent to the customer: what it is for, the total, the milestones and the validity date;
 * a link that opens it to read and accept, decline or ask for changes (no account needed), and
 * its PDF attached.
 */
export function quoteSent(
  data: QuoteSentData,
  context: { attachments: string[]; quoteUrl?: string } = { attachments: [] },
): RenderedMail {
  const label = data.version > 1 ? `${data.number} (version ${data.version})` : data.number;
  const total = formatInr(data.totalPaise);
  const facts: Array<[string, string]> = [
    ['Quote', label],
    ['For', oneLine(data.description, 300)],
    ...data.milestones.map((milestone): [string, string] => [
      oneLine(milestone.label, 120),
      formatInr(milestone.amountPaise),
    ]),
    ['Total', total],
    ['Valid until', data.validUntil],
  ];
  const url = context.quoteUrl ?? '';
  const intro =
    data.version > 1
      ? `${COMPANY.name} has revised its quote ${data.number}: version ${data.version} replaces the earlier one, for ${total}.`
      : `${COMPANY.name} has sent you quote ${label} for ${total}, valid until ${data.validUntil}.`;
  const how =
    'The button opens the quote on our website, where you can accept it, decline it or ask us for changes. No account is needed. Accepting it issues the first milestone’s invoice.';
  const attached = context.attachments.length > 0 ? [`The quote is attached (${context.attachments.join(', ')}).`] : [];
  return layout({
    subject: `Quote ${label} from ${COMPANY.name}: ${total}, valid until ${data.validUntil}`,
    heading: data.customerName ? `Hello ${oneLine(data.customerName, 100)},` : 'Hello,',
    body: html`${paragraph(intro)}${factsTable(facts)}${button('Read and accept the quote', url)}${paragraph(how)}${attached.map((line) => paragraph(line))}`,
    text: `${intro}\n\n${factsText(facts)}\n\nRead and accept the quote: ${url}\n\n${how}${attached.length > 0 ? `\n\n${attached.join('\n\n')}` : ''}`,
  });
}
