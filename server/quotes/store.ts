import { readPurchaseOrder } from '../../src/domain/purchase-order';
import type { DocumentSnapshot, Firestore, Timestamp } from 'firebase-admin/firestore';
import {
  milestoneKey,
  quotePath,
  QUOTE_STATUS,
  type Milestone,
  type MilestoneState,
  type QuoteLine,
} from '../../src/domain/quotes';
import { HttpError } from '../errors';
import { LINK_TOKEN_PATTERN, linkRecordDoc, linkToken, siteLinkUrl } from '../signed-links';
import type { QuoteTerms } from './snapshot';

/**
 * Where quotes live. `quotes/{id}` holds one version of a quote (server-written; the rules let
 * its customer read it once it is sent, and staff always); its printed snapshot is
 * `documents/quote_{id}` once sent; its link's hash is `quoteLinks/{sha256(token)}` (server-only).
 */
export const quoteDoc = (db: Firestore, id: string) => db.doc(quotePath(id));
export const quotesCollection = (db: Firestore) => db.collection('quotes');
export const quoteDocumentId = (quoteId: string) => `quote_${quoteId}`;

export const QUOTE_NOT_FOUND = 'Quote not found.';

/** One milestone's progress, in `progress.m{index}` (absent while pending). */
export interface MilestoneProgress {
  state: Exclude<MilestoneState, 'pending'>;
  invoiceId: string;
  invoiceNumber: string;
  /** What its invoice charges, GST included. */
  amountPaise: number;
  paymentId?: string;
}

/** A quote version as stored, read once with defaults (see readQuote). */
export interface StoredQuote extends QuoteTerms {
  id: string;
  uid: string;
  status: string;
  enquiryId: string | null;
  sequence: number;
  previousId: string | null;
  revisionId: string | null;
  supersededBy: string | null;
  documentId: string | null;
  totalPaise: number;
  progress: Record<string, MilestoneProgress>;
  acceptance: { name: string; at: Timestamp; version: number; ip: string | null } | null;
  declined: { comment: string; at: Timestamp } | null;
  changeRequests: Array<{ comment: string; at: Timestamp }>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The stored fields of a quote version, typed. */
export function readQuote(snapshot: DocumentSnapshot): StoredQuote {
  const data = snapshot.data() ?? {};
  return {
    id: snapshot.id,
    uid: text(data.uid),
    status: text(data.status) || QUOTE_STATUS.draft,
    enquiryId: text(data.enquiryId) || null,
    number: text(data.number),
    version: typeof data.version === 'number' ? data.version : 1,
    financialYear: text(data.financialYear),
    sequence: typeof data.sequence === 'number' ? data.sequence : 0,
    description: text(data.description),
    lines: Array.isArray(data.lines) ? (data.lines as QuoteLine[]) : [],
    milestones: Array.isArray(data.milestones) ? (data.milestones as Milestone[]) : [],
    amountsIncludeGst: data.amountsIncludeGst !== false,
    validUntil: text(data.validUntil),
    terms: text(data.terms),
    purchaseOrder: readPurchaseOrder(data.purchaseOrder),
    customerName: text(data.customerName),
    customerEmail: text(data.customerEmail),
    previousId: text(data.previousId) || null,
    revisionId: text(data.revisionId) || null,
    supersededBy: text(data.supersededBy) || null,
    documentId: text(data.documentId) || null,
    totalPaise: typeof data.totalPaise === 'number' ? data.totalPaise : 0,
    progress: (typeof data.progress === 'object' && data.progress !== null ? data.progress : {}) as Record<
      string,
      MilestoneProgress
    >,
    acceptance: (data.acceptance as StoredQuote['acceptance']) ?? null,
    declined: (data.declined as StoredQuote['declined']) ?? null,
    changeRequests: Array.isArray(data.changeRequests) ? (data.changeRequests as StoredQuote['changeRequests']) : [],
  };
}

/** Milestone `index`'s progress, or null while it is pending. */
export const progressOf = (quote: StoredQuote, index: number): MilestoneProgress | null =>
  quote.progress[milestoneKey(index)] ?? null;

// ---- Quote links: /quote/{token} opens one quote version, for whoever has the mail ----------------

export const QUOTE_LINKS = 'quoteLinks';
export const QUOTE_LINK_NOT_FOUND = 'This quote link is not valid. Please check the link in your email.';

/**
 * The token of a quote version's link: an HMAC of its id under PAY_LINK_SECRET with a label of its
 * own (a pay link's token can never open a quote, nor the other way round): 192 bits, unguessable,
 * and the same whenever it is needed again, so the mail makes it when it is sent and it is never
 * stored; the server keeps only its hash.
 */
export function quoteLinkToken(secret: string, quoteId: string): string {
  return linkToken(secret, 'quote-link', quoteId);
}

export const quoteLinkDoc = (db: Firestore, token: string) => linkRecordDoc(db, QUOTE_LINKS, token);

/** The page a quote link opens: `{site}/quote/{token}`. */
export function quoteLinkUrl(siteUrl: string, secret: string, quoteId: string): string {
  return siteLinkUrl(siteUrl, 'quote', quoteLinkToken(secret, quoteId));
}

/** The quote a token opens, or a 404 that says nothing about any other. */
export async function openQuoteLink(db: Firestore, token: string): Promise<string> {
  if (!LINK_TOKEN_PATTERN.test(token)) throw new HttpError(404, QUOTE_LINK_NOT_FOUND);
  const link = await quoteLinkDoc(db, token).get();
  if (!link.exists) throw new HttpError(404, QUOTE_LINK_NOT_FOUND);
  return String(link.get('quoteId'));
}
