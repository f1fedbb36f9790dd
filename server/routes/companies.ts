import { Router } from 'express';
import { COMPANY_ROLE_LABELS } from '../../src/domain/companies';
import type { AppDeps } from '../app-deps';
import { actorOf, authenticate } from '../auth';
import { myCompanies } from '../companies/companies';

/**
 * GET /api/companies/mine: the signed-in person's companies, each with its id, name and their role
 * in it (and the approve right), their own company first. Founds their own company from their
 * profile the first time (a new sign-up; see ensureCompany), so the profile page calling it is all
 * a new customer needs. Only their own: the uid comes from the verified ID token.
 */
export function companiesRouter(deps: AppDeps): Router {
  const router = Router();
  router.get('/api/companies/mine', authenticate(deps.firebase.auth, { required: true }), async (req, res) => {
    const memberships = await myCompanies(deps.firebase.db, actorOf(req.user!));
    res.json({
      companies: memberships.map((membership) => ({
        companyId: membership.companyId,
        name: membership.companyName,
        role: membership.role,
        roleLabel: COMPANY_ROLE_LABELS[membership.role],
        canApprove: membership.canApprove,
      })),
    });
  });
  return router;
}
