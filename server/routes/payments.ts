import { Router } from 'express';
import type { AppDeps } from '../app';

export function paymentsRouter(_deps: AppDeps): Router {
  return Router();
}
