import type { Timestamp } from 'firebase-admin/firestore';
import { QUOTE_MESSAGES, quoteStatusOf, type QuoteSnapshot, type QuoteView } from '../../src/domain/quotes';
import { pdfFileOf, type PdfFile } from '../documents/pdf-renderer';
import { taxDocumentDoc } from '../documents/store';
import { HttpError } from '../errors';
import { payLinkUrl } from '../payments/pay-links';
import type { QuotesContext } from './quotes';
import { visibleQuote } from './respond';
import { quoteSnapshot } from './snapshot';
import { progressOf, quoteDoc, quoteLinkUrl, readQuote, type StoredQuote } from './store';

/**
 * Who reads a quote: by its link, a signed-in member of its company (`seesBilling`: whether their
 * role may see its proformas' pay pages), or staff (who also see drafts, as a preview).
 */
export type QuoteReader =
  { via: 'link' } | { via: 'account'; companyId: string; seesBilling: boolean } | { via: 'staff' };

async function readableQuote(ctx: Pick<QuotesContext, 'db'>, quoteId: string, reader: QuoteReader) {
  const snapshot = await quoteDoc(ctx.db, quoteId).get();
  if (reader.via === 'staff') {
    if (!snapshot.exists) throw new HttpError(404, QUOTE_MESSAGES.notFound);
    return readQuote(snapshot);
  }
  return visibleQuote(snapshot, reader);
}

/** What the quote prints: as sent (its stored snapshot), or a draft's as it would be sent now. */
async function printedQuote(ctx: QuotesContext, quote: StoredQuote): Promise<QuoteSnapshot> {
  if (quote.documentId) {
    const document = await taxDocumentDoc(ctx.db, quote.documentId).get();
    if (document.exists) return document.get('snapshot') as QuoteSnapshot;
  }
  const profile = await ctx.db.doc(`users/${quote.uid}`).get();
  return quoteSnapshot({ quote, profile: profile.data(), settings: ctx.documents, issuedAtMs: Date.now() });
}

const iso = (at: Timestamp | null | undefined) =>
  at && typeof at.toDate === 'function' ? at.toDate().toISOString() : '';

/**
 * The quote page's data: the printed quote, its status now (Expired past its date), each
 * milestone's state with its proforma (and that proforma's pay page, for the customer), and the
 * answers so far; links are paths on the site. Never the address an acceptance came from: staff
 * read that in the console.
 */
export async function quoteView(ctx: QuotesContext, quoteId: string, reader: QuoteReader): Promise<QuoteView> {
  const quote = await readableQuote(ctx, quoteId, reader);
  const document = await printedQuote(ctx, quote);
  const revision = quote.supersededBy ? await quoteDoc(ctx.db, quote.supersededBy).get() : null;
  return {
    id: quote.id,
    status: quoteStatusOf(quote.status, quote.validUntil),
    validUntilDay: quote.validUntil,
    document,
    progress: quote.milestones.map((_milestone, index) => {
      const progress = progressOf(quote, index);
      if (!progress) return { state: 'pending', invoice: null };
      return {
        state: progress.state,
        invoice: {
          number: progress.invoiceNumber,
          amountPaise: progress.amountPaise,
          payUrl:
            progress.state === 'invoiced' && !(reader.via === 'account' && !reader.seesBilling)
              ? payLinkUrl('', ctx.payLinkSecret, {
                  uid: quote.uid,
                  type: 'invoice',
                  docId: progress.invoiceId,
                })
              : null,
        },
      };
    }),
    acceptance: quote.acceptance
      ? { name: quote.acceptance.name, at: iso(quote.acceptance.at), version: quote.acceptance.version }
      : null,
    declined: quote.declined ? { comment: quote.declined.comment, at: iso(quote.declined.at) } : null,
    changeRequests: quote.changeRequests.map((request) => ({ comment: request.comment, at: iso(request.at) })),
    revision:
      revision?.exists && revision.get('status') !== 'Draft'
        ? {
            version: Number(revision.get('version')),
            url:
              reader.via === 'link'
                ? quoteLinkUrl('', ctx.payLinkSecret, revision.id)
                : reader.via === 'account'
                  ? `/quotes/${encodeURIComponent(revision.id)}`
                  : null,
          }
        : null,
  };
}

/** The quote's PDF: as sent, or (staff) a draft's preview. */
export async function quotePdf(ctx: QuotesContext, quoteId: string, reader: QuoteReader): Promise<PdfFile> {
  const quote = await readableQuote(ctx, quoteId, reader);
  return pdfFileOf(await printedQuote(ctx, quote));
}
