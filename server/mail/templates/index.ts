import { accountDeleted, type AccountDeletedData } from './account-deleted';
import { bookingMail, type BookingMailData, type BookingMailKind } from './booking';
import { companyInvitation, type CompanyInvitationData } from './company-invitation';
import { enquiryAck, enquiryCompany, type EnquiryAckData, type EnquiryCompanyData } from './enquiry';
import { invoiceCancelled, type InvoiceCancelledData } from './invoice-cancelled';
import { invoiceIssued, type InvoiceIssuedData } from './invoice-issued';
import type { RenderedMail } from './layout';
import { news, type NewsData } from './news';
import { paymentReceipt, type PaymentReceiptData } from './payment-receipt';
import { quoteResponse, type QuoteResponseData } from './quote-response';
import { quoteSent, type QuoteSentData } from './quote-sent';
import { refundIssued, type RefundIssuedData } from './refund-issued';
import { projectMail, type ProjectMailData } from './project';
import { statementMail, type StatementMailData } from './statement';
import { supportMail, type SupportMailData } from './support';
import {
  tdsCertificateRejected,
  tdsCertificateReminder,
  type TdsCertificateRejectedData,
  type TdsCertificateReminderData,
} from './tds-certificates';
import {
  renewalLapsed,
  renewalReminder,
  serviceStopped,
  type RenewalLapsedData,
  type RenewalReminderData,
  type ServiceStoppedData,
} from './renewals';

export type { RenderedMail } from './layout';
export type {
  AccountDeletedData,
  BookingMailData,
  BookingMailKind,
  CompanyInvitationData,
  EnquiryAckData,
  EnquiryCompanyData,
  InvoiceCancelledData,
  InvoiceIssuedData,
  NewsData,
  PaymentReceiptData,
  QuoteResponseData,
  QuoteSentData,
  RefundIssuedData,
  SupportMailData,
  ProjectMailData,
  RenewalLapsedData,
  RenewalReminderData,
  ServiceStoppedData,
  StatementMailData,
  TdsCertificateRejectedData,
  TdsCertificateReminderData,
};

/** Every mail the site sends: a template name and the data it is rendered from (stored in mail/{id}). */
export type MailTemplate =
  | { template: 'enquiry-ack'; data: EnquiryAckData }
  | { template: 'enquiry-company'; data: EnquiryCompanyData }
  | { template: 'payment-receipt'; data: PaymentReceiptData }
  | { template: 'invoice-issued'; data: InvoiceIssuedData }
  | { template: 'invoice-cancelled'; data: InvoiceCancelledData }
  | { template: 'refund-issued'; data: RefundIssuedData }
  | { template: 'account-deleted'; data: AccountDeletedData }
  | { template: 'renewal-reminder'; data: RenewalReminderData }
  | { template: 'renewal-lapsed'; data: RenewalLapsedData }
  | { template: 'service-stopped'; data: ServiceStoppedData }
  | { template: 'news'; data: NewsData }
  | { template: 'quote-sent'; data: QuoteSentData }
  | { template: 'quote-response'; data: QuoteResponseData }
  | { template: 'support'; data: SupportMailData }
  | { template: 'project'; data: ProjectMailData }
  | { template: 'booking'; data: BookingMailData }
  | { template: 'statement'; data: StatementMailData }
  | { template: 'company-invitation'; data: CompanyInvitationData }
  | { template: 'tds-certificate-reminder'; data: TdsCertificateReminderData }
  | { template: 'tds-certificate-rejected'; data: TdsCertificateRejectedData };

export type MailTemplateName = MailTemplate['template'];

/**
 * Mails that need the customer's consent (news, offers); every other template is a service mail
 * (receipts, invoices, refunds, renewals, enquiry answers) sent whatever they chose. A consent mail
 * goes only to an account (`{ uid }`) that still agrees when it is sent, with List-Unsubscribe.
 */
export const MARKETING_TEMPLATES: ReadonlySet<MailTemplateName> = new Set(['news']);

/** What a mail is rendered with besides its data: its attachments' file names, and the links made when it is sent. */
export interface RenderContext {
  attachments?: string[];
  /** What the attached documents are ('Tax Invoice NB/2026-27/0002'), in the same order. */
  documents?: string[];
  /** The pay link of an invoice mail (never stored: it is a bearer token). */
  payUrl?: string;
  /** The link of a quote mail (never stored either). */
  quoteUrl?: string;
  /** A project contact's signed link (never stored either). */
  projectUrl?: string;
  /** A marketing mail's one-click unsubscribe link. */
  unsubscribeUrl?: string;
  /** A consultation's reschedule/cancel page (never stored either). */
  manageUrl?: string;
  /** A company invitation's accept page (never stored either). */
  inviteUrl?: string;
}

/** The invoice whose pay link a mail carries (made when it is sent: a link is a bearer token, never stored). */
export function payLinkOf(
  mail: MailTemplate,
): { uid: string; type: 'invoice' | 'product_order'; docId: string } | undefined {
  switch (mail.template) {
    case 'invoice-issued':
      return mail.data.payLink;
    case 'renewal-reminder':
      return mail.data.payLink;
    case 'renewal-lapsed':
      return mail.data.audience === 'customer' ? mail.data.payLink : undefined;
    case 'support':
      return mail.data.payLink ?? undefined;
    default:
      return undefined;
  }
}

/**
 * A consultation mail's invitation (.ics), as stored in its outbox entry: the drain sends it as a
 * `text/calendar; method=…` part in `multipart/alternative` and as an attachment (transport.ts).
 */
export function calendarOf(mail: MailTemplate): { method: 'REQUEST' | 'CANCEL'; ics: string } | null {
  return mail.template === 'booking' ? mail.data.calendar : null;
}

export { calendarFileName } from './booking';

/**
 * The same mail greeting `name` ('Hello Ravi,'; null: 'Hello,') instead of the customer its data
 * names: a company's mail as its copy to a member other than the founding account, whose name is
 * the company's. Only a company's mails greet anyone by name; others are left as they are.
 */
export function greeting(mail: MailTemplate, name: string | null): MailTemplate {
  switch (mail.template) {
    case 'project':
      return { ...mail, data: { ...mail.data, recipientName: name } };
    case 'payment-receipt':
    case 'invoice-issued':
    case 'invoice-cancelled':
    case 'refund-issued':
    case 'quote-sent':
    case 'renewal-reminder':
    case 'renewal-lapsed':
    case 'service-stopped':
    case 'support':
    case 'tds-certificate-reminder':
    case 'tds-certificate-rejected':
      return { ...mail, data: { ...mail.data, customerName: name } } as MailTemplate;
    default:
      return mail;
  }
}

/** Renders a stored mail; its attachments are named in the text. */
export function renderMail(
  mail: MailTemplate,
  {
    attachments = [],
    documents = [],
    payUrl,
    quoteUrl,
    projectUrl,
    unsubscribeUrl,
    manageUrl,
    inviteUrl,
  }: RenderContext = {},
): RenderedMail {
  switch (mail.template) {
    case 'enquiry-ack':
      return enquiryAck(mail.data);
    case 'enquiry-company':
      return enquiryCompany(mail.data);
    case 'payment-receipt':
      return paymentReceipt(mail.data, { attachments, documents });
    case 'invoice-issued':
      return invoiceIssued(mail.data, { attachments, payUrl });
    case 'invoice-cancelled':
      return invoiceCancelled(mail.data);
    case 'refund-issued':
      return refundIssued(mail.data, { attachments });
    case 'account-deleted':
      return accountDeleted(mail.data);
    case 'quote-sent':
      return quoteSent(mail.data, { attachments, quoteUrl });
    case 'quote-response':
      return quoteResponse(mail.data);
    case 'support':
      return supportMail(mail.data, { payUrl });
    case 'project':
      return projectMail(mail.data, { projectUrl });
    case 'booking':
      return bookingMail(mail.data, { manageUrl });
    case 'company-invitation':
      return companyInvitation(mail.data, { inviteUrl });
    case 'renewal-reminder':
      return renewalReminder(mail.data, { payUrl });
    case 'renewal-lapsed':
      return renewalLapsed(mail.data, { payUrl });
    case 'service-stopped':
      return serviceStopped(mail.data);
    case 'statement':
      return statementMail(mail.data, { attachments });
    case 'tds-certificate-reminder':
      return tdsCertificateReminder(mail.data);
    case 'tds-certificate-rejected':
      return tdsCertificateRejected(mail.data);
    case 'news':
      if (!unsubscribeUrl) throw new Error('A news mail needs its unsubscribe link.');
      return news(mail.data, { unsubscribeUrl });
    default: {
      const unknown: never = mail;
      throw new Error(`Unknown mail template: ${(unknown as { template: string }).template}`);
    }
  }
}
