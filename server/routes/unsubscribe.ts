import { Router, type Request, type Response } from 'express';
import { COMPANY } from '../../src/domain/company';
import { escapeHtml } from '../../src/domain/html';
import type { AppDeps } from '../app-deps';
import { UNSUBSCRIBE_INVALID, uidOfUnsubscribeToken, unsubscribeByToken } from '../account/consent';
import { HttpError } from '../errors';

export const UNSUBSCRIBED_MESSAGE = `You will get no more news or offers from ${COMPANY.name}. Emails about your orders, invoices and payments still come.`;

/** A small page for a person who opened the link (a mail client's one-click POST gets JSON). */
function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} – ${escapeHtml(COMPANY.name)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1e293b;max-width:34rem;margin:3rem auto;padding:0 1rem;line-height:1.5">
<p style="font-weight:bold;color:${COMPANY.brandColour}">${escapeHtml(COMPANY.name)}</p>
<h1 style="font-size:1.5rem">${escapeHtml(title)}</h1>
${body}
</body></html>`;
}

const wantsHtml = (req: Request) => req.accepts(['json', 'html']) === 'html';

function answer(req: Request, res: Response, status: number, title: string, message: string) {
  if (wantsHtml(req))
    res
      .status(status)
      .type('html')
      .send(page(title, `<p>${escapeHtml(message)}</p>`));
  else res.status(status).json({ message });
}

/**
 * The one-click unsubscribe of news mails (RFC 8058), `/api/mail/unsubscribe?token=…`:
 * - POST withdraws the consent of the token's customer: a mail client's one-click request (body
 *   `List-Unsubscribe=One-Click`, ignored) or the button below; idempotent, audited;
 * - GET (a person who opened the link; also mail scanners that prefetch links, so it changes
 *   nothing) shows a page with that button.
 * The signed token is all it needs: no sign-in, no App Check (a mail client sends neither).
 */
export function unsubscribeRouter(deps: AppDeps): Router {
  const router = Router();
  const secret = deps.config.unsubscribeSecret;
  const tokenOf = (req: Request) => (typeof req.query.token === 'string' ? req.query.token : '');

  router.get('/api/mail/unsubscribe', (req, res) => {
    const token = tokenOf(req);
    if (!uidOfUnsubscribeToken(secret, token)) {
      answer(req, res, 404, 'Link not valid', UNSUBSCRIBE_INVALID);
      return;
    }
    const action = `/api/mail/unsubscribe?token=${encodeURIComponent(token)}`;
    res
      .status(200)
      .type('html')
      .set('Cache-Control', 'no-store')
      .send(
        page(
          'Stop news and offers?',
          `<p>Press the button to stop getting news and offers by email. Emails about your orders, invoices and payments still come.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit" style="font:inherit;font-weight:bold;background:${COMPANY.brandColour};color:#fff;border:0;border-radius:6px;padding:12px 20px;cursor:pointer">Unsubscribe</button></form>`,
        ),
      );
  });

  router.post('/api/mail/unsubscribe', async (req, res) => {
    try {
      await unsubscribeByToken(deps.firebase.db, secret, tokenOf(req));
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) {
        answer(req, res, 404, 'Link not valid', UNSUBSCRIBE_INVALID);
        return;
      }
      throw error;
    }
    answer(req, res, 200, 'You are unsubscribed', UNSUBSCRIBED_MESSAGE);
  });
  return router;
}
