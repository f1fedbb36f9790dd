import type { LocationSource } from './types';

/** Enough for every country's states plus the cities of the states people really pick. */
export const LOCATION_CACHE_MAX_ENTRIES = 2000;

/**
 * Keeps answers in memory for `ttlMs`: the lists change a few times a year and the upstream service
 * is rate-limited. The cache is a bounded LRU, and only known codes ever reach it: a child list is
 * asked upstream only when its code is in the (cached) parent list, so made-up codes answer 'unknown'
 * without a request and without an entry. Failures are never cached.
 */
export function cachedLocationSource(
  source: LocationSource,
  ttlMs: number,
  now = () => Date.now(),
  maxEntries = LOCATION_CACHE_MAX_ENTRIES,
): LocationSource {
  // A Map iterates in insertion order; re-inserting on a hit makes the first key the least recently used.
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  function remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = entries.get(key);
    if (hit && hit.expires > now()) {
      entries.delete(key);
      entries.set(key, hit);
      return hit.value as Promise<T>;
    }
    entries.delete(key);
    const value = load();
    entries.set(key, { expires: now() + ttlMs, value });
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    // Concurrent callers share the one request; a failure (or an unknown code) is dropped so the next call retries.
    value.then(
      (result) => {
        if (result === null && entries.get(key)?.value === value) entries.delete(key);
      },
      () => {
        if (entries.get(key)?.value === value) entries.delete(key);
      },
    );
    return value;
  }

  const countries = () => remember('countries', () => source.countries());
  const states = async (country: string) => {
    const code = country.toUpperCase();
    if (!(await countries()).some((entry) => entry.iso2.toUpperCase() === code)) return null;
    return remember(`states:${code}`, () => source.states(country));
  };
  return {
    countries,
    states,
    cities: async (country, state) => {
      const code = state.toUpperCase();
      const known = await states(country);
      if (!known?.some((entry) => entry.iso2.toUpperCase() === code)) return null;
      return remember(`cities:${country.toUpperCase()}:${code}`, () => source.cities(country, state));
    },
  };
}
