import { COMPANY } from '../../../src/domain/company';
import type { QuoteRequestDetails } from '../../../src/domain/quote-request';
import { FONT, factsTable, factsText, formatIst, html, layout, multiline, oneLine, paragraph } from './layout';
import type { RenderedMail } from './layout';

export interface EnquiryAckData {
  name: string;
  /** The enquiry asked for a quote. */
  isQuoteRequest?: boolean;
}

/**
 * The acknowledgement to the address the sender typed. It deliberately does not repeat the
 * message: the form takes any address, so an ack that echoed free text would let anyone send
 * their own words to a stranger from our domain.
 */
export function enquiryAck(data: EnquiryAckData): RenderedMail {
  const name = oneLine(data.name, 100);
  const what = data.isQuoteRequest ? 'request for a quote' : 'enquiry';
  const subject = `We have received your ${what} – ${COMPANY.name}`;
  const lines = [
    `Thank you for contacting ${COMPANY.name}. We have received your ${what} and will get back to you within one business day.`,
    `If you need to add anything, reply to this email or call us on ${COMPANY.phone}.`,
    'If you did not send this enquiry, you can ignore this email.',
  ];
  return layout({
    subject,
    heading: `Hello ${name},`,
    body: html`${lines.map((line) => paragraph(line))}${paragraph(html`Warm regards,<br />${COMPANY.name}`)}`,
    text: `${lines.join('\n\n')}\n\nWarm regards,\n${COMPANY.name}`,
  });
}

export interface EnquiryCompanyData {
  enquiryId: string;
  name: string;
  businessName: string;
  contactNumber: string;
  email: string;
  message: string;
  /** ISO time the enquiry was received. */
  submittedAt: string;
  /** The signed-in customer's uid, or null for a visitor. */
  uid: string | null;
  /** A request for a quote: what kind of project, the budget and the timeline. */
  quote?: QuoteRequestDetails | null;
}

/** The notification to the company's inbox: every field; the mail's Reply-To is the sender. */
export function enquiryCompany(data: EnquiryCompanyData): RenderedMail {
  const name = oneLine(data.name, 100);
  const business = oneLine(data.businessName, 150);
  const from = data.uid ? `Signed-in customer (uid ${data.uid})` : 'Visitor (not signed in)';
  const quote = data.quote ?? null;
  const facts: Array<[string, string]> = [
    ...(quote
      ? ([
          ['Request', 'A quote'],
          ['Project type', oneLine(quote.projectType, 100)],
          ['Budget', oneLine(quote.budget, 100)],
          ['Timeline', oneLine(quote.timeline, 100)],
        ] as Array<[string, string]>)
      : []),
    ['Name', name],
    ['Business name', business || '—'],
    ['Contact number', oneLine(data.contactNumber, 30) || '—'],
    ['Email', data.email],
    ['Sent by', from],
    ['Received', formatIst(data.submittedAt)],
    ['Reference', data.enquiryId],
  ];
  return layout({
    subject: `${quote ? 'Quote request' : 'New enquiry'} from ${name}${business ? ` (${business})` : ''}`,
    heading: quote ? 'A request for a quote from the website' : 'New enquiry from the website',
    body: html`${factsTable(facts)}
      <p style="${FONT};font-size:14px;font-weight:bold;color:#64748b;margin:16px 0 6px">Message</p>
      <div
        style="${FONT};font-size:15px;line-height:1.5;color:#1e293b;background:#f8fafc;border-left:3px solid #e2e8f0;padding:12px 14px;margin:0 0 16px"
      >
        ${multiline(data.message)}
      </div>
      ${paragraph(`Reply to this email to answer ${name} directly.`)}`,
    text: `${factsText(facts)}\n\nMessage:\n${data.message.replace(/\r\n?/g, '\n')}\n\nReply to this email to answer ${name} directly.`,
  });
}
