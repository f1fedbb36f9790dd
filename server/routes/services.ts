import { Router } from 'express';
import { documentIdSchema } from '../../src/domain/staff';
import { renewalsContext, type AppDeps } from '../app-deps';
import { actorOf, authenticate } from '../auth';
import { stopService } from '../renewals/actions';

/**
 * POST /api/services/:id/stop: the signed-in customer stops one of their services renewing ("Stop
 * renewing" on the profile). Only their own: the uid comes from the verified ID token. Answers the
 * service as it now is (Cancelled, with the day it ends); 404 for a service they do not have, 409
 * when it is already stopped. Audited, and the company is told by mail.
 */
export function servicesRouter(deps: AppDeps): Router {
  const router = Router();
  router.post('/api/services/:id/stop', authenticate(deps.firebase.auth, { required: true }), async (req, res) => {
    const user = req.user!;
    const ref = { uid: user.uid, serviceId: documentIdSchema.parse(req.params.id) };
    res.json(
      await stopService({ ...renewalsContext(deps), logger: req.log }, ref, { by: 'customer', actor: actorOf(user) }),
    );
  });
  return router;
}
