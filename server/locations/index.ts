import type { Config } from '../config';
import { cachedLocationSource } from './cached-source';
import { packageLocationSource } from './package-source';
import { proxyLocationSource } from './proxy-source';
import type { LocationSource } from './types';

export * from './types';

export const LOCATION_CACHE_MS = 24 * 60 * 60 * 1000;

/** The data package by default; the CountryStateCity service when CSC_API_KEY is set. */
export function createLocationSource(config: Pick<Config, 'CSC_API_KEY' | 'CSC_API_BASE_URL'>): LocationSource {
  const source = config.CSC_API_KEY
    ? proxyLocationSource({ baseUrl: config.CSC_API_BASE_URL, apiKey: config.CSC_API_KEY })
    : packageLocationSource();
  return cachedLocationSource(source, LOCATION_CACHE_MS);
}
