import { vi } from 'vitest';
import type { LocationLoaders } from '@/lib/locations';

/**
 * Stands in for src/lib/locations.ts in component tests (the lists come from the API there):
 * vi.mock('@/lib/locations', () => import('../../helpers/fake-locations')).
 */
export const locationLoaders: LocationLoaders = {
  countries: vi.fn(async () => [{ iso2: 'IN', name: 'India' }]),
  states: vi.fn(async () => [
    { iso2: 'MH', name: 'Maharashtra' },
    { iso2: 'KA', name: 'Karnataka' },
  ]),
  cities: vi.fn(async (_country: string, state: string) =>
    state === 'MH' ? [{ id: 1, name: 'Pune' }] : [{ id: 2, name: 'Mysuru' }],
  ),
};
