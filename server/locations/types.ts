export interface Country {
  iso2: string;
  name: string;
}
export interface State {
  iso2: string;
  name: string;
}
export interface City {
  id: number;
  name: string;
}

/**
 * Where country, state and city lists come from. `null` means the code is unknown (the route
 * answers 404); an empty list means it is known but has nothing under it.
 */
export interface LocationSource {
  countries(): Promise<Country[]>;
  states(countryIso2: string): Promise<State[] | null>;
  cities(countryIso2: string, stateIso2: string): Promise<City[] | null>;
}

/** The upstream service failed (not an unknown code): the route answers 502 and nothing is cached. */
export class LocationServiceError extends Error {}
