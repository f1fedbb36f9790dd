import { purchaseOrderOf } from '../../src/domain/purchase-order';
import { FieldValue, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { newMilestone, newProjectFields, PROJECTS, quoteProjectId } from '../../src/domain/projects';
import { QUOTE_MESSAGES, QUOTE_STATUS, quoteStatusOf, type QuoteStatus } from '../../src/domain/quotes';
import { formatIstDay } from '../../src/domain/document-number';
import { HttpError } from '../errors';
import { quoteResponseMail } from '../mail/quote-mails';
import { addMail, mailQueued } from '../mail/outbox';
import type { QuoteResponseData } from '../mail/templates';
import { payLinkUrl } from '../payments/pay-links';
import { isStaleRead, issueMilestoneInvoice, type QuotesContext } from './quotes';
import { progressOf, quoteDoc, readQuote, type StoredQuote } from './store';

/**
 * A customer's answers to a quote: accept it (their typed name, the box ticked, the version they
 * read; recorded with the time and their address, and the first milestone's proforma issued in
 * the same transaction), decline it with a comment, or ask for changes. Staff are told each by
 * mail. They come through the quote's link (whoever has the mail) or the customer's account.
 */

/** Who answers: by the quote's link, or signed in (then only a quote of the company they answer for). */
export interface Respondent {
  via: 'link' | 'account';
  /** The signed-in person (account), from the verified ID token: recorded as who accepted. */
  uid?: string;
  /** The company they answer for (account): the caller checked their role there may answer quotes. */
  companyId?: string;
  /** The request's address (req.ip, behind TRUST_PROXY) and browser. */
  ip: string | null;
  userAgent: string | null;
}

/** A quote as its customer may see it: a draft, or another company's, does not exist for them. */
export function visibleQuote(snapshot: DocumentSnapshot, reader: { companyId?: string; via: 'link' | 'account' }) {
  if (!snapshot.exists) throw new HttpError(404, QUOTE_MESSAGES.notFound);
  const quote = readQuote(snapshot);
  if (quote.status === QUOTE_STATUS.draft) throw new HttpError(404, QUOTE_MESSAGES.notFound);
  if (reader.via === 'account' && quote.uid !== reader.companyId) throw new HttpError(404, QUOTE_MESSAGES.notFound);
  return quote;
}

/** Refuses an answer to a quote that can no longer take one, saying why. */
async function refuseUnanswerable(ctx: QuotesContext, quote: StoredQuote, status: QuoteStatus): Promise<void> {
  switch (status) {
    case QUOTE_STATUS.sent:
      return;
    case QUOTE_STATUS.accepted:
      throw new HttpError(409, QUOTE_MESSAGES.accepted);
    case QUOTE_STATUS.declined:
      throw new HttpError(409, QUOTE_MESSAGES.declined);
    case QUOTE_STATUS.expired:
      throw new HttpError(409, QUOTE_MESSAGES.expired(formatIstDay(quote.validUntil)));
    default: {
      const revision = quote.supersededBy ? await quoteDoc(ctx.db, quote.supersededBy).get() : null;
      throw new HttpError(
        409,
        revision?.exists ? QUOTE_MESSAGES.replaced(Number(revision.get('version'))) : QUOTE_MESSAGES.withdrawn,
      );
    }
  }
}

function responseData(
  ctx: QuotesContext,
  quote: StoredQuote,
  response: QuoteResponseData['response'],
  fields: Pick<QuoteResponseData, 'name' | 'comment' | 'ip' | 'deposit'>,
): QuoteResponseData {
  return {
    quoteId: quote.id,
    number: quote.number,
    version: quote.version,
    description: quote.description,
    customerName: quote.customerName || quote.customerEmail || 'Customer',
    response,
    at: new Date().toISOString(),
    totalPaise: quote.totalPaise,
    consoleUrl: `${ctx.siteUrl}/admin/quotes/${encodeURIComponent(quote.id)}`,
    ...fields,
  };
}

export interface Acceptance {
  status: 'Accepted';
  /** 'accepted' now, or 'already-accepted' (a repeat: nothing new was issued). */
  outcome: 'accepted' | 'already-accepted';
  /** The first milestone's proforma, to pay now. */
  deposit: { number: string; amountPaise: number; payUrl: string } | null;
}

function depositOf(ctx: QuotesContext, quote: StoredQuote): Acceptance['deposit'] {
  const progress = progressOf(quote, 0);
  if (!progress) return null;
  return {
    number: progress.invoiceNumber,
    amountPaise: progress.amountPaise,
    payUrl: payLinkUrl(ctx.siteUrl, ctx.payLinkSecret, { uid: quote.uid, type: 'invoice', docId: progress.invoiceId }),
  };
}

const ATTEMPTS = 4;

/**
 * Accepts a quote: records who (the name as typed), when, from where and which version, marks it
 * Accepted and issues its first milestone's proforma, all in one transaction that writes the quote
 * only if it is as it was read. So accepting twice (a double click, two tabs, a retry) issues one
 * invoice: a repeat answers 'already-accepted' with it.
 */
export async function acceptQuote(
  ctx: QuotesContext,
  quoteId: string,
  input: { name: string; version: number; poNumber?: string; vendorCode?: string },
  who: Respondent,
): Promise<Acceptance> {
  for (let attempt = 1; ; attempt += 1) {
    const snapshot = await quoteDoc(ctx.db, quoteId).get();
    const quote = visibleQuote(snapshot, who);
    const status = quoteStatusOf(quote.status, quote.validUntil);
    if (status === QUOTE_STATUS.accepted) {
      return { status: QUOTE_STATUS.accepted, outcome: 'already-accepted', deposit: depositOf(ctx, quote) };
    }
    await refuseUnanswerable(ctx, quote, status);
    if (input.version !== quote.version) throw new HttpError(409, QUOTE_MESSAGES.versionChanged);
    // The buyer's PO, typed as they accept: kept on the quote and printed on each milestone's invoice.
    const purchaseOrder = purchaseOrderOf({
      poNumber: input.poNumber || quote.purchaseOrder?.poNumber,
      vendorCode: input.vendorCode || quote.purchaseOrder?.vendorCode,
    });
    try {
      const issued = await issueMilestoneInvoice(ctx, quote, 0, {
        readAt: snapshot.updateTime!,
        actor: null,
        purchaseOrder,
        changes: {
          ...(purchaseOrder ? { purchaseOrder } : {}),
          status: QUOTE_STATUS.accepted,
          acceptedAt: FieldValue.serverTimestamp(),
          acceptance: {
            name: input.name,
            at: FieldValue.serverTimestamp(),
            ip: who.ip,
            userAgent: who.userAgent,
            version: quote.version,
            via: who.via,
            byUid: who.uid ?? null,
          },
        },
        also: (tx, deposit) => {
          const [mailId, mail] = quoteResponseMail(
            responseData(ctx, quote, 'accepted', {
              name: input.name,
              comment: null,
              ip: who.ip,
              deposit: { number: deposit.number, amountPaise: deposit.amountPaise },
            }),
            ctx.companyEmail,
          );
          addMail(tx, ctx.db, mailId, mail);
          openQuoteProject(tx, ctx, quote, deposit);
        },
      });
      return {
        status: QUOTE_STATUS.accepted,
        outcome: 'accepted',
        deposit: { number: issued.number, amountPaise: issued.amountPaise, payUrl: issued.payUrl },
      };
    } catch (error) {
      // The quote changed since it was read (accepted by a twin request, withdrawn, ...): read it again.
      if (isStaleRead(error) && attempt < ATTEMPTS) continue;
      throw error;
    }
  }
}

/**
 * The project an accepted quote opens, in the acceptance's transaction: its milestones as quoted
 * (label, amount), the first one's proforma (the deposit) already issued. `projects/quote_{id}`:
 * created once, as the acceptance is.
 */
function openQuoteProject(
  tx: FirebaseFirestore.Transaction,
  ctx: QuotesContext,
  quote: StoredQuote,
  deposit: { id: string; number: string },
): void {
  const milestones = quote.milestones.map((milestone, index) => ({
    ...newMilestone(milestone.label, milestone.amountPaise ?? 0, index),
    ...(index === 0 ? { invoice: { id: deposit.id, number: deposit.number } } : {}),
  }));
  tx.create(ctx.db.collection(PROJECTS).doc(quoteProjectId(quote.id)), {
    ...newProjectFields({
      uid: quote.uid,
      customerName: quote.customerName || quote.customerEmail,
      title: quote.description || `Quote ${quote.number}`,
      source: { kind: 'quote', quoteId: quote.id, number: quote.number, version: quote.version },
      milestones,
      totalPaise: quote.totalPaise,
    }),
    createdAt: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
  });
}

/** The most change requests one quote version takes (each mails the company). */
const MAX_CHANGE_REQUESTS = 20;

/**
 * Declines a quote with the customer's comment, or asks for changes to it (it stays open: staff
 * revise it); either way staff are mailed.
 */
export async function answerQuote(
  ctx: QuotesContext,
  quoteId: string,
  answer: { kind: 'declined' | 'changes'; comment: string },
  who: Respondent,
): Promise<{ status: string }> {
  const { db } = ctx;
  const ref = quoteDoc(db, quoteId);
  const result = await db.runTransaction(async (tx) => {
    const quote = visibleQuote(await tx.get(ref), who);
    await refuseUnanswerable(ctx, quote, quoteStatusOf(quote.status, quote.validUntil));
    const entry = { comment: answer.comment, at: Timestamp.now(), ip: who.ip, via: who.via };
    let changeRequestNumber = 1;
    if (answer.kind === 'declined') {
      tx.update(ref, {
        status: QUOTE_STATUS.declined,
        declinedAt: FieldValue.serverTimestamp(),
        declined: entry,
        updatedAt: FieldValue.serverTimestamp(),
      });
    } else {
      changeRequestNumber = quote.changeRequests.length + 1;
      if (changeRequestNumber > MAX_CHANGE_REQUESTS) throw new HttpError(409, QUOTE_MESSAGES.tooManyChangeRequests);
      tx.update(ref, {
        changeRequests: FieldValue.arrayUnion(entry),
        lastChangeRequestAt: FieldValue.serverTimestamp(),
        updatedAt: FieldValue.serverTimestamp(),
      });
    }
    const [mailId, mail] = quoteResponseMail(
      responseData(ctx, quote, answer.kind, { name: null, comment: answer.comment, ip: who.ip, deposit: null }),
      ctx.companyEmail,
      changeRequestNumber,
    );
    addMail(tx, db, mailId, mail);
    return { status: answer.kind === 'declined' ? QUOTE_STATUS.declined : QUOTE_STATUS.sent };
  });
  mailQueued();
  return result;
}
