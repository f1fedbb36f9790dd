import { Router, type Request } from 'express';
import {
  acceptQuoteSchema,
  declineQuoteSchema,
  newQuoteSchema,
  QUOTE_MESSAGES,
  quoteChangesSchema,
  quoteFieldsSchema,
  withdrawQuoteSchema,
} from '../../src/domain/quotes';
import { can, type CompanyAction } from '../../src/domain/companies';
import { documentIdSchema } from '../../src/domain/schemas';
import { paymentsContext, type AppDeps } from '../app-deps';
import { actorOf, authenticate, requireStaff } from '../auth';
import { requireMemberRole } from '../companies/access';
import {
  createQuote,
  previewQuoteSend,
  reviseQuote,
  sendQuote,
  updateDraft,
  withdrawQuote,
  type QuotesContext,
} from '../quotes/quotes';
import { acceptQuote, answerQuote, type Respondent } from '../quotes/respond';
import { openQuoteLink, quoteDoc } from '../quotes/store';
import { quotePdf, quoteView, type QuoteReader } from '../quotes/view';
import { perMinute } from './rate-limits';
import { sendPdf } from './send-pdf';

export const QUOTE_LINK_RATE_LIMIT_MESSAGE = 'Too many requests for quote links. Please wait a minute and try again.';

/** A path parameter that must be a document id (400 otherwise). */
const idParam = (value: unknown) => documentIdSchema.parse(value);

export function quotesContext(deps: AppDeps): QuotesContext {
  return {
    ...paymentsContext(deps),
    companyEmail: deps.config.COMPANY_EMAIL,
    dueDays: deps.config.PROFORMA_DUE_DAYS,
  };
}

/**
 * Quotes. The customer's side, by the quote's link (`/api/quote-links/{token}/…`: no account; the
 * token opens its one quote version and counts against a per-client limit shared by all instances,
 * as pay links do) or signed in (`/api/quotes/{id}/…`: only their own; anyone else's is a 404):
 * read it, download its PDF, accept, decline, or ask for changes. The staff side
 * (`/api/staff/quotes/…`, staff claim required, every change audited): make, edit, preview, send,
 * revise and withdraw quotes. Later milestones are invoiced when the customer signs them off on
 * the quote's project (server/projects).
 */
export function quotesRouter(deps: AppDeps): Router {
  const router = Router();
  const { db, auth } = deps.firebase;
  const ctx = quotesContext(deps);
  const withLog = (req: Request): QuotesContext => ({ ...ctx, logger: req.log });
  const respondent = (req: Request, reader: QuoteReader & { via: Respondent['via'] }): Respondent => ({
    via: reader.via,
    ...(reader.via === 'account' ? { uid: req.user!.uid, companyId: reader.companyId } : {}),
    ip: req.ip ?? null,
    userAgent: req.get('user-agent')?.slice(0, 300) ?? null,
  });

  // ---- The customer's side -------------------------------------------------------------------
  const limiter = perMinute(
    deps,
    'quote-links',
    deps.config.PAY_LINK_RATE_LIMIT_PER_MINUTE,
    QUOTE_LINK_RATE_LIMIT_MESSAGE,
  );
  router.use('/api/quote-links/:token', limiter);
  const requireUser = authenticate(auth, { required: true });

  /**
   * The quote a request names, and who is reading it: by link (the link is the authority), or by
   * account: a member of the quote's company whose role may do `action`, checked here for every
   * route below (the membership read now; 404 for anyone outside the company, 403 naming the role).
   */
  async function target(
    req: Request,
    via: 'link' | 'account',
    action: CompanyAction,
  ): Promise<{ id: string; reader: QuoteReader & { via: 'link' | 'account' } }> {
    if (via === 'link') return { id: await openQuoteLink(db, String(req.params.token)), reader: { via: 'link' } };
    const id = idParam(req.params.id);
    const quote = await quoteDoc(db, id).get();
    const companyId = quote.exists ? String(quote.get('uid')) : null;
    const membership = await requireMemberRole(deps.firebase, req.user!, companyId, action, QUOTE_MESSAGES.notFound);
    return { id, reader: { via: 'account', companyId: companyId!, seesBilling: can(membership, 'readBilling') } };
  }

  for (const [via, base, guard] of [
    ['link', '/api/quote-links/:token', []],
    ['account', '/api/quotes/:id', [requireUser]],
  ] as const) {
    router.get(base, ...guard, async (req, res) => {
      const { id, reader } = await target(req, via, 'readQuotes');
      res.set('Cache-Control', 'private, no-store').json(await quoteView(ctx, id, reader));
    });
    router.get(`${base}/quote.pdf`, ...guard, async (req, res) => {
      const { id, reader } = await target(req, via, 'readQuotes');
      sendPdf(res, await quotePdf(ctx, id, reader));
    });
    router.post(`${base}/accept`, ...guard, async (req, res) => {
      const body = acceptQuoteSchema.parse(req.body ?? {});
      const { id, reader } = await target(req, via, 'acceptQuote');
      const result = await acceptQuote(withLog(req), id, body, respondent(req, reader));
      // The deposit's proforma and pay page are billing's: an approver who may not see invoices gets neither.
      const seesDeposit = reader.via === 'link' || reader.seesBilling;
      res.status(result.outcome === 'accepted' ? 201 : 200).json(seesDeposit ? result : { ...result, deposit: null });
    });
    router.post(`${base}/decline`, ...guard, async (req, res) => {
      const { comment } = declineQuoteSchema.parse(req.body ?? {});
      const { id, reader } = await target(req, via, 'acceptQuote');
      res.json(await answerQuote(ctx, id, { kind: 'declined', comment }, respondent(req, reader)));
    });
    router.post(`${base}/changes`, ...guard, async (req, res) => {
      const { comment } = quoteChangesSchema.parse(req.body ?? {});
      const { id, reader } = await target(req, via, 'acceptQuote');
      res.json(await answerQuote(ctx, id, { kind: 'changes', comment }, respondent(req, reader)));
    });
  }

  // ---- The staff side --------------------------------------------------------------------------
  router.use('/api/staff/quotes', ...requireStaff(auth));
  const actor = (req: Request) => actorOf(req.user!);

  router.post('/api/staff/quotes', async (req, res) => {
    const input = newQuoteSchema.parse(req.body ?? {});
    res.status(201).json(await createQuote(ctx, auth, input, actor(req)));
  });
  router.post('/api/staff/quotes/:id', async (req, res) => {
    const fields = quoteFieldsSchema.parse(req.body ?? {});
    await updateDraft(ctx, idParam(req.params.id), fields, actor(req));
    res.json({ status: 'Draft' });
  });
  router.get('/api/staff/quotes/:id/preview', async (req, res) => {
    res.set('Cache-Control', 'private, no-store').json(await quoteView(ctx, idParam(req.params.id), { via: 'staff' }));
  });
  // Exactly what "Send to the customer" would mail (the mail and its PDF), with nothing sent.
  router.post('/api/staff/quotes/:id/send-preview', async (req, res) => {
    res.set('Cache-Control', 'private, no-store').json(await previewQuoteSend(ctx, idParam(req.params.id)));
  });
  router.get('/api/staff/quotes/:id/quote.pdf', async (req, res) => {
    sendPdf(res, await quotePdf(ctx, idParam(req.params.id), { via: 'staff' }));
  });
  router.post('/api/staff/quotes/:id/send', async (req, res) => {
    res.json(await sendQuote(ctx, idParam(req.params.id), actor(req)));
  });
  router.post('/api/staff/quotes/:id/revise', async (req, res) => {
    res.status(201).json(await reviseQuote(ctx, idParam(req.params.id), actor(req)));
  });
  router.post('/api/staff/quotes/:id/withdraw', async (req, res) => {
    const { reason } = withdrawQuoteSchema.parse(req.body ?? {});
    await withdrawQuote(ctx, idParam(req.params.id), reason, actor(req));
    res.json({ status: 'Withdrawn' });
  });
  return router;
}
