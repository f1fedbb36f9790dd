import { Router } from 'express';
import type { AppDeps } from '../app-deps';
import { marketingConsentSchema } from '../../src/domain/consent';
import { billingDetailsSchema } from '../../src/domain/profile-schemas';
import { documentIdSchema } from '../../src/domain/schemas';
import { recordMarketingConsent } from '../account/consent';
import { deleteAccount } from '../account/delete-account';
import { exportAccountData } from '../account/export-data';
import { joinLeadRecords } from '../account/leads';
import { actorOf, authenticate, requireStaff } from '../auth';
import { requestDeadline } from '../deadline';
import { updateBillingDetails } from '../account/billing-details';
import { sendDownload } from './downloads';
import { perHour } from './rate-limits';

/** Deleting thousands of documents takes longer than the default request budget. */
export const ACCOUNT_DELETION_TIMEOUT_MS = 60_000;
/** So does reading them all and drawing every tax document's PDF. */
export const ACCOUNT_EXPORT_TIMEOUT_MS = 60_000;

/** Data exports per account per clock hour: each reads everything and draws every PDF. */
export const EXPORT_LIMIT_PER_HOUR = 5;
export const EXPORT_LIMIT_MESSAGE =
  'You have downloaded your data several times this hour. Please try again in an hour.';

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
  // GET /api/account/export: the signed-in customer's own data as a ZIP (see exportAccountData);
  // counted per account across instances.
  const exports = perHour(deps, 'account-export', EXPORT_LIMIT_PER_HOUR, EXPORT_LIMIT_MESSAGE);
  router.get(
    '/api/account/export',
    requestDeadline(ACCOUNT_EXPORT_TIMEOUT_MS),
    authenticate(deps.firebase.auth, { required: true }),
    async (req, res) => {
      await exports.count(req.user!.uid);
      const { fileName, zip } = await exportAccountData(deps.firebase, req.user!);
      // Personal data: sendDownload forbids shared caches.
      sendDownload(res, { fileName, contentType: 'application/zip', body: zip });
    },
  );
  // POST /api/account/marketing-consent { granted, wording }: the customer's choice about news and
  // offers, recorded by the server (its time, the wording it was given with) and audited.
  router.post(
    '/api/account/marketing-consent',
    authenticate(deps.firebase.auth, { required: true }),
    async (req, res) => {
      const choice = marketingConsentSchema.parse(req.body ?? {});
      // The audit log outlives the account: it names the uid only.
      const { changed } = await recordMarketingConsent(
        deps.firebase.db,
        { uid: req.user!.uid, email: null },
        { ...choice, source: 'profile' },
      );
      res.json({ granted: choice.granted, changed });
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

  // Staff correct a customer's billing details (audited).
  router.post('/api/staff/customers/:uid/billing', ...requireStaff(deps.firebase.auth), async (req, res) => {
    const uid = documentIdSchema.parse(req.params.uid);
    const details = billingDetailsSchema.parse(req.body ?? {});
    res.json(await updateBillingDetails(deps.firebase.db, uid, details, actorOf(req.user!)));
  });
  return router;
}
