import { COMPANY } from '../../../src/domain/company';
import { formatInr } from '../../../src/domain/money';
import type { PayableRef } from '../../../src/domain/payable';
import { sellerDocumentWords } from '../../../src/domain/seller-document';
import { button, factsTable, factsText, html, layout, oneLine, MAIL_COLOURS, paragraph, readableUrl } from './layout';
import type { RenderedMail } from './layout';
import { renewalNoticeLines, type RenewalNotice } from './renewals';

export interface InvoiceIssuedData {
  customerName: string | null;
  /** The invoice's number: a proforma's PI/2026-27/0001 (or an older staff invoice's INV-0001). */
  number: string;
  /** What it is for, as staff typed it. */
  description?: string | null;
  /** As printed: '09 Dec 2026'. */
  dueDate?: string | null;
  /** Integer paise: what the customer pays, GST included. */
  amountPaise: number;
  /** Each line with its GST, as the proforma prints it. */
  lines: Array<{ description: string; amountPaise: number }>;
  /** The GST in it, when the company charges GST (null otherwise). */
  gst?: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; ratePercent: number } | null;
  /** Which invoice's pay link to put in the mail; the link itself is made when the mail is sent. */
  payLink?: PayableRef & { uid: string };
  /** Older mails stored the link itself. */
  payUrl?: string;
  /** Where a customer with an account finds it after logging in; null for a lead. */
  profileUrl?: string | null;
  /** A yearly maintenance renewal's invoice: what renewing means and what follows. */
  renewal?: RenewalNotice | null;
  /**
   * Whether the seller is registered for GST (its proforma names a GSTIN): what follows payment
   * is then a tax invoice, else a payment receipt. Older mails lack it: their GST facts tell.
   */
  sellerRegistered?: boolean;
}

/**
 * An invoice the company issued: what it is for, its lines and GST, the amount and due date, a
 * link that opens it ready to pay without an account (the pay link), the customer's own account
 * link, and its PDF attached.
 */
export function invoiceIssued(
  data: InvoiceIssuedData,
  context: { attachments: string[]; payUrl?: string } = { attachments: [] },
): RenderedMail {
  const amount = formatInr(data.amountPaise);
  const payUrl = context.payUrl ?? data.payUrl ?? data.profileUrl ?? '';
  const gst = data.gst;
  const facts: Array<[string, string]> = [
    ['Proforma invoice', data.number],
    ...(data.description ? [['For', oneLine(data.description, 500)] as [string, string]] : []),
    ...data.lines.map((line): [string, string] => [oneLine(line.description, 200), formatInr(line.amountPaise)]),
    ...(gst
      ? ([
          ['Taxable value', formatInr(gst.taxablePaise)],
          ...(gst.igstPaise > 0
            ? [[`IGST @ ${gst.ratePercent}%`, formatInr(gst.igstPaise)]]
            : [
                [`CGST @ ${gst.ratePercent / 2}%`, formatInr(gst.cgstPaise)],
                [`SGST @ ${gst.ratePercent / 2}%`, formatInr(gst.sgstPaise)],
              ]),
        ] as Array<[string, string]>)
      : []),
    ['Amount due', amount],
    ...(data.dueDate ? [['Due by', data.dueDate] as [string, string]] : []),
  ];
  const due = data.dueDate ? `, due by ${data.dueDate}` : '';
  const intro = `${COMPANY.name} has issued proforma invoice ${data.number} for ${amount}${due}.`;
  const anyone =
    'The button opens the invoice on our website, where it can be paid securely. No account is needed, so you can forward this email to whoever pays your bills.';
  // In words with a link in the HTML part (it opens this invoice, after signing in); the plain text
  // part shows the page's address without the invoice's id.
  const account = data.profileUrl ? `You can also find it under My Invoices in your account:` : null;
  const accountHtml = data.profileUrl
    ? html`You can also find it under My Invoices in
        <a href="${data.profileUrl}" style="color:${MAIL_COLOURS.brandInk}">your account</a>.`
    : null;
  const follows = `The ${sellerDocumentWords(data.sellerRegistered ?? Boolean(gst)).lower} follows once it is paid.`;
  const attached =
    context.attachments.length > 0
      ? `The proforma invoice is attached (${context.attachments.join(', ')}). ${follows}`
      : follows;
  const renewal = data.renewal ? renewalNoticeLines(data.renewal) : [];
  const closing = [...renewal, attached];
  return layout({
    subject: data.renewal
      ? `Renewal of ${oneLine(data.renewal.service, 120)}: proforma invoice ${data.number}, ${amount}${due}`
      : `Proforma invoice ${data.number} from ${COMPANY.name}: ${amount}${due}`,
    heading: data.customerName ? `Hello ${oneLine(data.customerName, 100)},` : 'Hello,',
    body: html`${paragraph(intro)}${factsTable(facts)}${button('View and pay the invoice', payUrl)}${paragraph(anyone)}${accountHtml ? paragraph(accountHtml) : ''}${closing.map((line) => paragraph(line))}`,
    text: `${intro}\n\n${factsText(facts)}\n\nView and pay the invoice: ${payUrl}\n\n${anyone}\n\n${[
      ...(account && data.profileUrl ? [`${account} ${readableUrl(data.profileUrl)}`] : []),
      ...closing,
    ].join('\n\n')}`,
  });
}
