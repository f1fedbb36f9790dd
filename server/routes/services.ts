import { Router } from 'express';
import { COMPANY_HEADER } from '../../src/domain/companies';
import { documentIdSchema } from '../../src/domain/schemas';
import { renewalsContext, type AppDeps } from '../app-deps';
import { serviceUpdateSchema } from '../../src/domain/renewals';
import { actorOf, authenticate, requireStaff } from '../auth';
import { actingCompanyId, requireMemberRole } from '../companies/access';
import { reinstateService, stopService, updateService } from '../renewals/actions';

/**
 * POST /api/services/:id/stop: a member of the company (X-Company-Id, else their own) whose role
 * may change renewals stops one of its services renewing ("Stop renewing" on the profile); the
 * person comes from the verified ID token, their role from their membership now. Answers the
 * service as it now is (Cancelled, with the day it ends); 404 for a service they do not have, 409
 * when it is already stopped. Audited, and the company is told by mail. Staff change, stop and
 * reinstate a customer's service under `/api/staff/customers/:uid/services/:id`, each audited.
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

  const staff = requireStaff(deps.firebase.auth);
  const serviceRef = (params: Record<string, unknown>) => ({
    uid: documentIdSchema.parse(params.uid),
    serviceId: documentIdSchema.parse(params.id),
  });
  router.post('/api/staff/customers/:uid/services/:id', ...staff, async (req, res) => {
    const update = serviceUpdateSchema.parse(req.body ?? {});
    const ctx = { ...renewalsContext(deps), logger: req.log };
    res.json(await updateService(ctx, serviceRef(req.params), update, { actor: actorOf(req.user!) }));
  });
  router.post('/api/staff/customers/:uid/services/:id/cancel', ...staff, async (req, res) => {
    const ctx = { ...renewalsContext(deps), logger: req.log };
    res.json(await stopService(ctx, serviceRef(req.params), { by: 'staff', actor: actorOf(req.user!) }));
  });
  router.post('/api/staff/customers/:uid/services/:id/reinstate', ...staff, async (req, res) => {
    const ctx = { ...renewalsContext(deps), logger: req.log };
    res.json(await reinstateService(ctx, serviceRef(req.params), { actor: actorOf(req.user!) }));
  });
  return router;
}
