import { Router } from 'express';
import type { AppDeps } from '../app';

export function contactRouter(_deps: AppDeps): Router {
  return Router();
}
