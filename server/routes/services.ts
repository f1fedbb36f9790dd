import { Router } from 'express';
import { COMPANY_HEADER } from '../../src/domain/companies';
import { documentIdSchema } from '../../src/domain/schemas';
import { renewalsContext, type AppDeps } from '../app-deps';
import { actorOf, authenticate } from '../auth';
import { actingCompanyId, requireMemberRole } from '../companies/access';
import { stopService } from '../renewals/actions';

/**
 * POST /api/services/:id/stop: a member of the company (X-Company-Id, else their own) whose role
 * may change renewals stops one of its services renewing ("Stop renewing" on the profile); the
 * person comes from the verified ID token, their role from their membership now. Answers the
 * service as it now is (Cancelled, with the day it ends); 404 for a service they do not have, 409
 * when it is already stopped. Audited, and the company is told by mail.
 */
export function servicesRouter(deps: AppDeps): Router {
  const router = Router();
  router.post('/api/services/:id/stop', authenticate(deps.firebase.auth, { required: true }), async (req, res) => {
    const user = req.user!;
    const serviceId = documentIdSchema.parse(req.params.id);
    const companyId = actingCompanyId(user, req.get(COMPANY_HEADER));
    await requireMemberRole(deps.firebase, user, companyId, 'manageRenewals');
    const ref = { uid: companyId, serviceId };
    res.json(
      await stopService({ ...renewalsContext(deps), logger: req.log }, ref, { by: 'customer', actor: actorOf(user) }),
    );
  });
  return router;
}
