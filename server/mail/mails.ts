import type { Firestore } from 'firebase-admin/firestore';
import { COMPANY } from '../../src/domain/company';
import { enquiryMessage, isQuoteRequest, type EnquirySubmissionForm } from '../../src/domain/quote-request';
import {
  addMail,
  enqueueMail,
  mailIds,
  toCompanyMembers,
  type MailAddress,
  type MailWriter,
  type OutboxMail,
} from './outbox';
import { oneLine } from './templates/layout';
import type { TaxDocumentSnapshot } from '../../src/domain/tax-document';
import type { InvoiceCancelledData, PaymentReceiptData, RefundIssuedData } from './templates';
import type { RenewalNotice } from './templates/renewals';

/**
 * What each cause puts in the outbox. Recipients are only ever addresses the person gave us; a
 * company's mail (a receipt, an invoice, a refund) names its company (toCompanyMembers) and goes, when it
 * is sent, to the members its kind names (MAIL_AUDIENCES in src/domain/companies.ts).
 */

export interface EnquiryMailsInput {
  /** The stored enquiry's (or signed-in customer's query's) id. */
  enquiryId: string;
  form: EnquirySubmissionForm;
  /** The signed-in sender's uid, or null for a visitor. */
  uid: string | null;
  submittedAt: Date;
  /** COMPANY_EMAIL: the company's inbox. */
  companyEmail: string;
}

/**
 * An enquiry's two mails, in the enquiry's own batch: the acknowledgement goes to the address the
 * sender typed (and nowhere else); the notification goes to the company with Reply-To the sender.
 */
export function addEnquiryMails(writer: MailWriter, db: Firestore, input: EnquiryMailsInput): void {
  const { form } = input;
  const sender = { address: form.email, name: oneLine(form.name, 100) };
  addMail(writer, db, mailIds.enquiryAck(input.enquiryId), {
    template: 'enquiry-ack',
    data: { name: form.name, ...(isQuoteRequest(form) ? { isQuoteRequest: true } : {}) },
    to: sender,
    replyTo: null,
    attachmentDocumentId: null,
  });
  addMail(writer, db, mailIds.enquiryCompany(input.enquiryId), {
    template: 'enquiry-company',
    data: {
      enquiryId: input.enquiryId,
      name: form.name,
      businessName: form.businessName,
      contactNumber: form.contactNumber,
      email: form.email,
      message: enquiryMessage(form),
      submittedAt: input.submittedAt.toISOString(),
      uid: input.uid,
      ...(isQuoteRequest(form)
        ? { quote: { projectType: form.projectType, budget: form.budget, timeline: form.timeline } }
        : {}),
    },
    to: { address: input.companyEmail, name: COMPANY.name },
    replyTo: sender,
    attachmentDocumentId: null,
  });
}

/**
 * The receipt of a payment, to company `uid`'s owner and billing members (looked up when sending). The
 * tax document written for the same payment (documents/{paymentId}) is attached once it exists.
 */
export function paymentReceiptMail(uid: string, data: PaymentReceiptData): OutboxMail {
  return {
    template: 'payment-receipt',
    data,
    ...toCompanyMembers(uid),
    replyTo: null,
    attachmentDocumentId: data.paymentId,
  };
}

export interface InvoiceMailInput {
  /** The company billed (its records' `uid`). */
  uid: string;
  invoiceDocId: string;
  /** documents/{id} of the proforma's PDF, attached. */
  documentId: string;
  customerName: string | null;
  /** The proforma as printed. */
  snapshot: TaxDocumentSnapshot;
  /** The customer's account link to it; null for a lead (no account). */
  profileUrl: string | null;
  /** A yearly maintenance renewal's invoice (see templates/renewals.ts). */
  renewal?: RenewalNotice | null;
  /** Also sent to, a copy each: a project's contact who pays (see server/projects). */
  alsoTo?: MailAddress[];
}

/**
 * An issued proforma's mail to the company's owner and billing members, once per invoice: its PDF attached, and its
 * pay link (made when the mail is sent: the stored mail names only the invoice).
 */
export function invoiceIssuedMail(input: InvoiceMailInput): [string, OutboxMail] {
  const { snapshot } = input;
  const { totals } = snapshot;
  return [
    mailIds.invoice(input.uid, input.invoiceDocId),
    {
      template: 'invoice-issued',
      data: {
        customerName: input.customerName,
        number: snapshot.number,
        description: snapshot.description ?? null,
        dueDate: snapshot.dueDate ?? null,
        amountPaise: totals.totalPaise,
        lines: snapshot.lines.map((line) => ({ description: line.description, amountPaise: line.totalPaise })),
        gst:
          snapshot.taxType === null
            ? null
            : {
                taxablePaise: totals.taxablePaise,
                cgstPaise: totals.cgstPaise,
                sgstPaise: totals.sgstPaise,
                igstPaise: totals.igstPaise,
                ratePercent: snapshot.lines[0]?.ratePercent ?? 0,
              },
        payLink: { uid: input.uid, type: 'invoice', docId: input.invoiceDocId },
        profileUrl: input.profileUrl,
        ...(input.renewal ? { renewal: input.renewal } : {}),
        sellerRegistered: snapshot.taxType !== null,
      },
      ...toCompanyMembers(input.uid),
      ...(input.alsoTo?.length ? { alsoTo: input.alsoTo } : {}),
      replyTo: null,
      attachmentDocumentId: input.documentId,
    },
  ];
}

/** An invoice's cancellation, to the company it was issued to (its owner and billing members, or a lead's email); once per invoice. */
export function invoiceCancelledMail(
  uid: string,
  invoiceDocId: string,
  data: InvoiceCancelledData,
): [string, OutboxMail] {
  return [
    mailIds.invoiceCancelled(uid, invoiceDocId),
    { template: 'invoice-cancelled', data, ...toCompanyMembers(uid), replyTo: null, attachmentDocumentId: null },
  ];
}

export interface AccountDeletedMailInput {
  uid: string;
  /** The account's own email, read before the account is deleted. */
  email: string;
  name: string | null;
  /** How many records of each kind the law keeps, and until when the last of them (ISO; null: none). */
  kept?: { documents: number; payments: number; refunds: number };
  keptUntil?: string | null;
}

export function accountDeletedMail(input: AccountDeletedMailInput): [string, OutboxMail] {
  return [
    mailIds.accountDeleted(input.uid),
    {
      template: 'account-deleted',
      data: {
        name: input.name,
        keptDocuments: input.kept?.documents ?? 0,
        keptPayments: (input.kept?.payments ?? 0) + (input.kept?.refunds ?? 0),
        keptUntil: input.keptUntil ?? null,
      },
      to: { address: input.email, name: input.name ? oneLine(input.name, 100) : null },
      replyTo: null,
      attachmentDocumentId: null,
    },
  ];
}

/** Queues the deletion confirmation; once per account. */
export function enqueueAccountDeletedMail(db: Firestore, input: AccountDeletedMailInput): Promise<'queued' | 'exists'> {
  const [id, mail] = accountDeletedMail(input);
  return enqueueMail(db, id, mail);
}

/**
 * A refund's mail to the company's owner and billing members, once per refund; the refund's credit note
 * (documents/{refundId}, when the payment had a tax document) goes with it.
 */
export function refundMail(uid: string, data: RefundIssuedData, creditNoteId: string | null): [string, OutboxMail] {
  return [
    mailIds.refund(data.refundId),
    { template: 'refund-issued', data, ...toCompanyMembers(uid), replyTo: null, attachmentDocumentId: creditNoteId },
  ];
}
