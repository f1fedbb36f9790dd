import { Router, type Response } from 'express';
import { isoCodeSchema } from '../../src/domain/schemas';
import type { AppDeps } from '../app-deps';
import { HttpError } from '../errors';
import { createLocationSource, LocationServiceError } from '../locations';
import { perMinuteLimiter } from '../rate-limit';

// Browsers and shared caches may keep the lists for a day, and serve a stale copy while refreshing.
const CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

/**
 * Generous: a form asks for 3 lists, and browsers cache them for a day. Counted per instance, in
 * memory: the lists are public and cached, so this only keeps one client from hogging one
 * instance; a shared count would cost a Firestore write and read per list.
 */
export const LOCATION_RATE_LIMIT_PER_MINUTE = 120;
export const LOCATION_RATE_LIMIT_MESSAGE = 'Too many location requests. Please wait a minute and try again.';

/** Country, state and city lists for the signup and profile dropdowns. */
export function locationsRouter(deps: AppDeps): Router {
  const source = createLocationSource(deps.config);
  const router = Router();
  router.use('/api/locations', perMinuteLimiter(LOCATION_RATE_LIMIT_PER_MINUTE, LOCATION_RATE_LIMIT_MESSAGE));

  async function answer(res: Response, load: () => Promise<unknown[] | null>, unknownMessage: string) {
    let list: unknown[] | null;
    try {
      list = await load();
    } catch (error) {
      if (error instanceof LocationServiceError) {
        res.req.log?.warn({ err: error }, 'location service failed');
        throw new HttpError(502, 'The location service is unavailable. Please try again later.');
      }
      throw error;
    }
    if (!list) throw new HttpError(404, unknownMessage);
    res.set('Cache-Control', CACHE_CONTROL).json(list);
  }

  router.get('/api/locations/countries', async (_req, res) => {
    await answer(res, () => source.countries(), 'No countries found.');
  });

  router.get('/api/locations/countries/:country/states', async (req, res) => {
    const country = isoCodeSchema.parse(req.params.country);
    await answer(res, () => source.states(country), `Unknown country code '${country}'.`);
  });

  router.get('/api/locations/countries/:country/states/:state/cities', async (req, res) => {
    const country = isoCodeSchema.parse(req.params.country);
    const state = isoCodeSchema.parse(req.params.state);
    await answer(res, () => source.cities(country, state), `Unknown state code '${state}' in country '${country}'.`);
  });

  return router;
}
