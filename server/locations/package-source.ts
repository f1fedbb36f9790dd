import { getCitiesOfState, getCountries, getStatesOfCountry } from '@countrystatecity/countries';
import type { City, Country, LocationSource, State } from './types';

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

/**
 * The `@countrystatecity/countries` data package: the same data as the CountryStateCity service
 * (ODbL), read from disk, so the local stack needs no key. Its lookups are case-sensitive, so codes
 * are matched case-insensitively against the lists first.
 */
export function packageLocationSource(): LocationSource {
  async function findCountry(countryIso2: string) {
    const code = countryIso2.toUpperCase();
    return (await getCountries()).find((country) => country.iso2.toUpperCase() === code) ?? null;
  }

  return {
    async countries(): Promise<Country[]> {
      return (await getCountries()).map(({ iso2, name }) => ({ iso2, name })).sort(byName);
    },
    async states(countryIso2): Promise<State[] | null> {
      const country = await findCountry(countryIso2);
      if (!country) return null;
      return (await getStatesOfCountry(country.iso2)).map(({ iso2, name }) => ({ iso2, name })).sort(byName);
    },
    async cities(countryIso2, stateIso2): Promise<City[] | null> {
      const country = await findCountry(countryIso2);
      if (!country) return null;
      const code = stateIso2.toUpperCase();
      const state = (await getStatesOfCountry(country.iso2)).find((candidate) => candidate.iso2.toUpperCase() === code);
      if (!state) return null;
      return (await getCitiesOfState(country.iso2, state.iso2)).map(({ id, name }) => ({ id, name })).sort(byName);
    },
  };
}
