import { Router } from 'express';
import { documentIdSchema } from '../../src/domain/schemas';
import type { AppDeps } from '../app-deps';
import { addAudit } from '../audit';
import { actorOf, requireStaff } from '../auth';
import { HttpError } from '../errors';
import { resendMail } from '../mail/drain';

/** The console's outbox (`/api/staff/mail/...`, staff only): a failed mail sent again, audited. */
export function mailRouter(deps: AppDeps): Router {
  const router = Router();
  const { db, auth } = deps.firebase;
  router.use('/api/staff/mail', ...requireStaff(auth));

  router.post('/api/staff/mail/:id/resend', async (req, res) => {
    const id = documentIdSchema.parse(req.params.id);
    const outcome = await resendMail(db, id, (tx) =>
      addAudit(tx, db, {
        actor: actorOf(req.user!),
        action: 'mail.resend',
        target: `mail/${id}`,
        before: { status: 'failed' },
        after: { status: 'pending' },
      }),
    );
    if (outcome === 'not-found') throw new HttpError(404, 'Mail not found.');
    if (outcome === 'not-failed') throw new HttpError(409, 'Only a failed mail can be resent.');
    res.json({ status: 'pending' });
  });
  return router;
}
