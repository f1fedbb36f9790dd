import { LocationServiceError, type City, type Country, type LocationSource, type State } from './types';

interface ProxyOptions {
  baseUrl: string;
  apiKey: string;
  /** Upstream time limit; the browser keeps the dropdown usable if we fail. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

/** The CountryStateCity service (`X-CSCAPI-KEY`), used when CSC_API_KEY is set. */
export function proxyLocationSource({
  baseUrl,
  apiKey,
  timeoutMs = 8000,
  fetchImpl = fetch,
}: ProxyOptions): LocationSource {
  const base = baseUrl.replace(/\/$/, '');

  async function get<T>(path: string): Promise<T[] | null> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        headers: { 'X-CSCAPI-KEY': apiKey, Accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new LocationServiceError(`Location service unreachable: ${(error as Error).message}`);
    }
    if (response.status === 404) return null;
    if (!response.ok) throw new LocationServiceError(`Location service answered ${response.status}.`);
    const body: unknown = await response.json().catch(() => undefined);
    if (!Array.isArray(body)) throw new LocationServiceError('Location service answered something other than a list.');
    return body as T[];
  }

  const code = (value: string) => encodeURIComponent(value.toUpperCase());

  return {
    async countries(): Promise<Country[]> {
      const list = await get<Country>('/countries');
      if (!list) throw new LocationServiceError('Location service has no country list.');
      return list.map(({ iso2, name }) => ({ iso2, name }));
    },
    async states(countryIso2): Promise<State[] | null> {
      const list = await get<State>(`/countries/${code(countryIso2)}/states`);
      return list && list.map(({ iso2, name }) => ({ iso2, name }));
    },
    async cities(countryIso2, stateIso2): Promise<City[] | null> {
      const list = await get<City>(`/countries/${code(countryIso2)}/states/${code(stateIso2)}/cities`);
      return list && list.map(({ id, name }) => ({ id, name }));
    },
  };
}
