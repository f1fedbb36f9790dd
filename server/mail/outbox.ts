import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type Firestore,
} from 'firebase-admin/firestore';
import type { MailAddress } from '../config';
import { isAlreadyExists } from '../errors';
import type { MailTemplate } from './templates';

/**
 * The outbox: every mail is first a document `mail/{id}` (server only), written in the same
 * transaction or batch as its cause, and sent later by the worker (drain.ts). The id is derived
 * from the cause, so one cause can only ever give one mail.
 */
export const MAIL_COLLECTION = 'mail';

/** 'cancelled': a marketing mail whose customer no longer agreed to it when it was due (never sent). */
export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'cancelled';

export type { MailAddress } from '../config';

/**
 * Who gets the mail: an address the person typed themselves (the enquiry form's email, the
 * company's own inbox), or `{ uid }` for the customer's own account email, looked up when sending.
 */
export type MailRecipient = MailAddress | { uid: string };

export type OutboxMail = MailTemplate & {
  /**
   * Where it goes. A company's mail (its kind's audience is `members` in MAIL_AUDIENCES) names the
   * company's id here as `{ uid }` (see toCompanyMembers): when sent it goes to the members its kind names,
   * and to this account's own address only while the company is not written (an implicit personal
   * company) or is a lead.
   */
  to: MailRecipient;
  /**
   * Also sent to, each a copy of their own (as a company's members are): people the cause names
   * besides `to`, such as the project contact who pays its invoices. One cause, one outbox entry.
   */
  alsoTo?: MailAddress[];
  /** A company's mail: the company (the id its records carry as `uid`). */
  companyId?: string;
  /** A company's mail about something a member raised (a support request): that member, mailed whatever their role. */
  requesterUid?: string;
  replyTo: MailAddress | null;
  /**
   * documents/{id} whose PDF goes with this mail (a receipt's tax document). Filled by the
   * documents task through DrainOptions.attachmentsFor; null when the mail has none.
   */
  attachmentDocumentId: string | null;
  /**
   * More headers of this one mail: a support mail's In-Reply-To and References (RFC 5322
   * threading). Only names in THREAD_HEADERS are sent.
   */
  headers?: Record<string, string>;
};

/** The headers a stored mail may carry itself (never From, To or anything that routes it). */
export const THREAD_HEADERS = ['In-Reply-To', 'References'] as const;

/** mail/{id} as stored. */
export type StoredMail = OutboxMail & {
  status: MailStatus;
  /** Send attempts started so far. */
  attempts: number;
  /** Not sent before this time (backoff after a failure). */
  nextAttemptAt: Timestamp;
  createdAt: Timestamp;
  claimId?: string | null;
  claimedAt?: Timestamp | null;
  lastError?: string | null;
  sentAt?: Timestamp;
  /** The address it went to (for `{ uid }` recipients, the one looked up); a company's mail: each, comma-separated. */
  sentTo?: string;
  /**
   * A company's mail, which goes as one copy per member: whom (by uid) a copy went to, recorded
   * after each copy, so no later attempt (a retry, staff's resend) sends them another.
   */
  delivered?: string[];
  /** Members whose copy was refused or may have gone (a retry would risk a duplicate): skipped until staff resend it. */
  refused?: string[];
  /** Why each copy in `refused` was given up ('a@b.in: 550 mailbox unavailable'). */
  refusedErrors?: string[];
  messageId?: string;
  /** 'smtp', or 'log' when no SMTP server was configured. */
  via?: string;
};

/** The ids, one per cause. */
export const mailIds = {
  enquiryAck: (enquiryId: string) => `enquiry:${enquiryId}:ack`,
  enquiryCompany: (enquiryId: string) => `enquiry:${enquiryId}:company`,
  payment: (paymentId: string) => `payment:${paymentId}`,
  invoice: (uid: string, invoiceDocId: string) => `invoice:${uid}:${invoiceDocId}`,
  invoiceCancelled: (uid: string, invoiceDocId: string) => `invoice-cancelled:${uid}:${invoiceDocId}`,
  accountDeleted: (uid: string) => `account-deleted:${uid}`,
  refund: (refundId: string) => `refund:${refundId}`,
  quote: (quoteId: string) => `quote:${quoteId}`,
  /** A customer's answer to a quote, to the company; each change request is numbered. */
  quoteResponse: (quoteId: string, response: 'accepted' | 'declined' | 'changes', count = 1) =>
    response === 'changes' ? `quote:${quoteId}:changes:${count}` : `quote:${quoteId}:${response}`,
};

/**
 * The recipient fields of a company's mail: `to` its id (where it goes while the company is not
 * written, and for a lead, as before companies), and who raised its cause, when a member did.
 */
export function toCompanyMembers(
  companyId: string,
  requesterUid?: string | null,
): Pick<OutboxMail, 'to' | 'companyId' | 'requesterUid'> {
  return { to: { uid: companyId }, companyId, ...(requesterUid ? { requesterUid } : {}) };
}

export const mailDoc = (db: Firestore, id: string) => db.collection(MAIL_COLLECTION).doc(id);

function newMailData(mail: OutboxMail): DocumentData {
  return {
    ...mail,
    status: 'pending' satisfies MailStatus,
    attempts: 0,
    nextAttemptAt: Timestamp.now(),
    createdAt: FieldValue.serverTimestamp(),
  };
}

/** A Transaction or a WriteBatch: the mail is committed together with its cause, or not at all. */
export interface MailWriter {
  create(ref: DocumentReference, data: DocumentData): unknown;
}

/**
 * Adds a mail to a transaction or batch (its cause's). `create` fails the whole write if the id
 * exists, which only a repeated cause could do: the cause's own write is then a repeat too.
 * Call `mailQueued()` after the commit so a running worker sends it at once.
 */
export function addMail(writer: MailWriter, db: Firestore, id: string, mail: OutboxMail): void {
  writer.create(mailDoc(db, id), newMailData(mail));
}

/**
 * Queues one mail on its own (e.g. the account-deletion confirmation). Idempotent: a second call
 * for the same id changes nothing and answers 'exists'.
 */
export async function enqueueMail(db: Firestore, id: string, mail: OutboxMail): Promise<'queued' | 'exists'> {
  try {
    await mailDoc(db, id).create(newMailData(mail));
  } catch (error) {
    if (isAlreadyExists(error)) return 'exists';
    throw error;
  }
  mailQueued();
  return 'queued';
}

const listeners = new Set<() => void>();

/** Tells this process's mail worker (if any) that a mail was committed, so it drains now, not at the next poll. */
export function mailQueued(): void {
  for (const listener of listeners) listener();
}

export function onMailQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
