import { accountDeleted, type AccountDeletedData } from './account-deleted';
import { enquiryAck, enquiryCompany, type EnquiryAckData, type EnquiryCompanyData } from './enquiry';
import { invoiceIssued, type InvoiceIssuedData } from './invoice-issued';
import type { RenderedMail } from './layout';
import { paymentReceipt, type PaymentReceiptData } from './payment-receipt';
import { refundIssued, type RefundIssuedData } from './refund-issued';

export type { RenderedMail } from './layout';
export type {
  AccountDeletedData,
  EnquiryAckData,
  EnquiryCompanyData,
  InvoiceIssuedData,
  PaymentReceiptData,
  RefundIssuedData,
};

/** Every mail the site sends: a template name and the data it is rendered from (stored in mail/{id}). */
export type MailTemplate =
  | { template: 'enquiry-ack'; data: EnquiryAckData }
  | { template: 'enquiry-company'; data: EnquiryCompanyData }
  | { template: 'payment-receipt'; data: PaymentReceiptData }
  | { template: 'invoice-issued'; data: InvoiceIssuedData }
  | { template: 'refund-issued'; data: RefundIssuedData }
  | { template: 'account-deleted'; data: AccountDeletedData };

export type MailTemplateName = MailTemplate['template'];

/** Renders a stored mail; `attachments` are the file names that go with it (named in the text). */
export function renderMail(mail: MailTemplate, attachments: string[] = []): RenderedMail {
  switch (mail.template) {
    case 'enquiry-ack':
      return enquiryAck(mail.data);
    case 'enquiry-company':
      return enquiryCompany(mail.data);
    case 'payment-receipt':
      return paymentReceipt(mail.data, { attachments });
    case 'invoice-issued':
      return invoiceIssued(mail.data);
    case 'refund-issued':
      return refundIssued(mail.data, { attachments });
    case 'account-deleted':
      return accountDeleted(mail.data);
    default: {
      const unknown: never = mail;
      throw new Error(`Unknown mail template: ${(unknown as { template: string }).template}`);
    }
  }
}
