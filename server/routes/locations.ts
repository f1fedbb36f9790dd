import { Router } from 'express';
import type { AppDeps } from '../app';

export function locationsRouter(_deps: AppDeps): Router {
  return Router();
}
