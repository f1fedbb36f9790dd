import { Router } from 'express';
import type { AppDeps } from '../app-deps';
import { mintLocalAppCheckToken } from '../app-check';

/** Whether a project is a local one (the emulators): only those mint their own App Check tokens. */
export const isDemoProject = (projectId: string) => projectId.startsWith('demo-');

/**
 * POST /api/app-check/local-token: the site's App Check provider on a demo project (the emulators;
 * Google's App Check cannot be reached offline): `{ token, expireTimeMillis }`, a token the same
 * API accepts (see localAppCheckVerifier). It does not exist on a real project, where the tokens
 * come from reCAPTCHA Enterprise through Google: createApp never mounts it there, and it refuses
 * to be built for one.
 */
export function appCheckLocalRouter(deps: AppDeps): Router {
  const projectId = deps.config.FIREBASE_PROJECT_ID;
  if (!isDemoProject(projectId)) {
    throw new Error(`The local App Check endpoint exists only on a demo- project, not on '${projectId}'.`);
  }
  const router = Router();
  router.post('/api/app-check/local-token', (_req, res) => {
    res.set('Cache-Control', 'no-store').json(mintLocalAppCheckToken(deps.config.APP_CHECK_LOCAL_SECRET, projectId));
  });
  return router;
}
