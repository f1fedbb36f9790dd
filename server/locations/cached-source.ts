import type { LocationSource } from './types';

/**
 * Keeps every answer (unknown codes included) in memory for `ttlMs`: the lists change a few times
 * a year and the upstream service is rate-limited. Failures are never cached.
 */
export function cachedLocationSource(source: LocationSource, ttlMs: number, now = () => Date.now()): LocationSource {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  function remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = entries.get(key);
    if (hit && hit.expires > now()) return hit.value as Promise<T>;
    const value = load();
    entries.set(key, { expires: now() + ttlMs, value });
    // Concurrent callers share the one request; a failure is dropped so the next call retries.
    value.catch(() => entries.delete(key));
    return value;
  }

  return {
    countries: () => remember('countries', () => source.countries()),
    states: (country) => remember(`states:${country.toUpperCase()}`, () => source.states(country)),
    cities: (country, state) =>
      remember(`cities:${country.toUpperCase()}:${state.toUpperCase()}`, () => source.cities(country, state)),
  };
}
