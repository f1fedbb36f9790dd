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
  to: MailRecipient;
  /**
   * Also addressed to (Cc): people the cause names besides `to`, such as the project contact who
   * pays an invoice. One mail, one outbox entry, for all of them.
   */
  cc?: MailAddress[];
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
  /** The address it went to (for `{ uid }` recipients, the one looked up). */
  sentTo?: string;
  /** The addresses it was copied to (`cc`), when any. */
  sentCc?: string[];
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
