import { apiClient } from './api-client';

export interface LocationOption {
  iso2: string;
  name: string;
}
export interface CityOption {
  id: number;
  name: string;
}

export interface LocationLoaders {
  countries: () => Promise<LocationOption[]>;
  states: (countryIso2: string) => Promise<LocationOption[]>;
  cities: (countryIso2: string, stateIso2: string) => Promise<CityOption[]>;
}

const segment = encodeURIComponent;

/** The country, state and city lists of the profile forms, from our API (which caches them). */
export const locationLoaders: LocationLoaders = {
  countries: () => apiClient.get('/api/locations/countries'),
  states: (country) => apiClient.get(`/api/locations/countries/${segment(country)}/states`),
  cities: (country, state) =>
    apiClient.get(`/api/locations/countries/${segment(country)}/states/${segment(state)}/cities`),
};
