import { Router } from 'express';
import type { AppDeps } from '../app-deps';
import { withBudget, withDeadline } from '../deadline';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../errors';

/** How long readiness waits for Firestore before calling it down. */
export const READY_FIRESTORE_TIMEOUT_MS = 2000;

export type CheckStatus = 'up' | 'degraded' | 'down';

export interface ReadyReport {
  status: 'ready' | 'unavailable';
  message?: string;
  checks: {
    firestore: { status: CheckStatus; latencyMs: number };
    gateway: { status: CheckStatus; mode: string; webhooks: boolean };
  };
}

/**
 * GET /api/health: liveness only (the process answers); it never touches a dependency, so a
 * Firestore outage does not get healthy instances restarted.
 * GET /api/ready: readiness: one Firestore read (a document that does not exist, in a server-only
 * collection) within 2 s, and the gateway configuration. 503 when one is down.
 */
export function healthRouter(deps: AppDeps): Router {
  const router = Router();
  router.get('/api/health', (_req, res) => {
    res.json({ status: 'ok', payments: deps.gateway.mode });
  });

  router.get('/api/ready', async (req, res) => {
    const started = Date.now();
    let firestore: CheckStatus = 'up';
    try {
      await withBudget(READY_FIRESTORE_TIMEOUT_MS, () =>
        withDeadline('firestore', READY_FIRESTORE_TIMEOUT_MS, () =>
          deps.firebase.db.collection('leases').doc('ready-probe').get(),
        ),
      );
    } catch (error) {
      req.log?.warn({ err: error }, 'readiness: Firestore is down');
      firestore = 'down';
    }
    const { gateway } = deps;
    // Without a webhook secret Razorpay payments still complete (verify, reconciliation), later.
    const gatewayStatus: CheckStatus = !gateway.keyId ? 'down' : gateway.webhooksEnabled ? 'up' : 'degraded';
    const ready = firestore !== 'down' && gatewayStatus !== 'down';
    const report: ReadyReport = {
      status: ready ? 'ready' : 'unavailable',
      ...(ready ? {} : { message: SERVICE_UNAVAILABLE_MESSAGE }),
      checks: {
        firestore: { status: firestore, latencyMs: Date.now() - started },
        gateway: { status: gatewayStatus, mode: gateway.mode, webhooks: gateway.webhooksEnabled },
      },
    };
    res.status(ready ? 200 : 503).json(report);
  });
  return router;
}
