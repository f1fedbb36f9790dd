import { Router } from 'express';
import type { AppDeps } from '../app-deps';

export function healthRouter(deps: AppDeps): Router {
  const router = Router();
  router.get('/api/health', (_req, res) => {
    res.json({ status: 'ok', payments: deps.gateway.mode });
  });
  return router;
}
