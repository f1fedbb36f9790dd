import { Router } from 'express';
import type { AppDeps } from '../app-deps';
import { deleteAccount } from '../account/delete-account';
import { joinLeadRecords } from '../account/leads';
import { authenticate } from '../auth';
import { requestDeadline } from '../deadline';

/** Deleting thousands of documents takes longer than the default request budget. */
export const ACCOUNT_DELETION_TIMEOUT_MS = 60_000;

/**
 * POST /api/account/delete: deletes the signed-in user's account (see deleteAccount). The uid comes
 * from the verified ID token only. 200 `{ message }`; 403 when the sign-in is older than 5 minutes.
 */
export function accountRouter(deps: AppDeps): Router {
  const router = Router();
  router.post(
    '/api/account/delete',
    requestDeadline(ACCOUNT_DELETION_TIMEOUT_MS),
    authenticate(deps.firebase.auth, { required: true }),
    async (req, res) => {
      await deleteAccount({ ...deps.firebase, documents: deps.config.documents }, req.user!, { logger: req.log });
      res.json({ message: 'Your account has been deleted.' });
    },
  );
  // A customer signed in with a verified email that staff billed as a lead: that record becomes theirs.
  router.post('/api/account/join-lead', authenticate(deps.firebase.auth, { required: true }), async (req, res) => {
    const { uid, email, emailVerified } = req.user!;
    if (!email || !emailVerified) {
      res.json({ joined: false, moved: 0 });
      return;
    }
    res.json(await joinLeadRecords(deps.firebase.db, { uid, email }, deps.config.payLinkSecret));
  });
  return router;
}
