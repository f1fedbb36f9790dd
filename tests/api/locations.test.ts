import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cachedLocationSource } from '../../server/locations/cached-source';
import type { LocationSource } from '../../server/locations/types';
import { LOCATION_RATE_LIMIT_MESSAGE, LOCATION_RATE_LIMIT_PER_MINUTE } from '../../server/routes/locations';
import { testApp } from '../helpers/api-app';

describe('locations from the data package (default)', () => {
  const { app } = testApp();

  it('when countries are listed, then each is {iso2, name}, India included, with cache headers', async () => {
    const response = await request(app).get('/api/locations/countries');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(response.body.length).toBeGreaterThan(200);
    expect(response.body).toContainEqual({ iso2: 'IN', name: 'India' });
    for (const country of response.body) expect(Object.keys(country).sort()).toEqual(['iso2', 'name']);
  });

  it('when states of a country are listed, then each is {iso2, name}, in any letter case of the code', async () => {
    const response = await request(app).get('/api/locations/countries/in/states');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toMatch(/max-age/);
    expect(response.body).toContainEqual({ iso2: 'MH', name: 'Maharashtra' });
    for (const state of response.body) expect(Object.keys(state).sort()).toEqual(['iso2', 'name']);
  });

  it('when cities of a state are listed, then each is {id, name}', async () => {
    const response = await request(app).get('/api/locations/countries/IN/states/MH/cities');
    expect(response.status).toBe(200);
    expect(response.body.map((city: { name: string }) => city.name)).toContain('Pune');
    for (const city of response.body) {
      expect(Object.keys(city).sort()).toEqual(['id', 'name']);
      expect(typeof city.id).toBe('number');
    }
  });

  it('when the country code is unknown, then states and cities answer 404 with a message', async () => {
    const states = await request(app).get('/api/locations/countries/ZZ/states');
    expect(states.status).toBe(404);
    expect(states.body.message).toBe("Unknown country code 'ZZ'.");
    const cities = await request(app).get('/api/locations/countries/ZZ/states/MH/cities');
    expect(cities.status).toBe(404);
    expect(cities.body.message).toMatch(/Unknown/);
  });

  it('when the state code is unknown, then cities answer 404 with a message', async () => {
    const response = await request(app).get('/api/locations/countries/IN/states/QQ/cities');
    expect(response.status).toBe(404);
    expect(response.body.message).toBe("Unknown state code 'QQ' in country 'IN'.");
  });

  it('when a code is malformed, then it answers 400', async () => {
    const response = await request(app).get('/api/locations/countries/I%20N!/states');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Invalid location code.');
  });
});

describe('locations proxied to the CountryStateCity service (CSC_API_KEY set)', () => {
  let fake: Server;
  let baseUrl: string;
  const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
  let failNext = false;

  beforeAll(async () => {
    // A local stand-in for the service: its shapes carry more fields than we pass on.
    fake = createServer((req, res) => {
      seen.push({ url: req.url ?? '', headers: req.headers });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers['x-cscapi-key'] !== 'test-key') return send(401, { error: 'Unauthorized.' });
      if (failNext) {
        failNext = false;
        return send(500, { error: 'boom' });
      }
      switch (req.url) {
        case '/v1/countries':
          return send(200, [{ id: 101, name: 'India', iso2: 'IN', iso3: 'IND', emoji: '🇮🇳' }]);
        case '/v1/countries/IN/states':
          return send(200, [{ id: 4008, name: 'Maharashtra', iso2: 'MH' }]);
        case '/v1/countries/IN/states/MH/cities':
          return send(200, [{ id: 133024, name: 'Pune' }]);
        default:
          return send(404, { error: 'Not found.' });
      }
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));
  beforeEach(() => {
    seen.length = 0;
  });

  const proxiedApp = () => testApp({ env: { CSC_API_KEY: 'test-key', CSC_API_BASE_URL: baseUrl } }).app;

  it('when lists are asked for, then the service is called with the key header and only our fields come back', async () => {
    const app = proxiedApp();
    const countries = await request(app).get('/api/locations/countries');
    const states = await request(app).get('/api/locations/countries/in/states');
    const cities = await request(app).get('/api/locations/countries/IN/states/mh/cities');

    expect(countries.body).toEqual([{ iso2: 'IN', name: 'India' }]);
    expect(states.body).toEqual([{ iso2: 'MH', name: 'Maharashtra' }]);
    expect(cities.body).toEqual([{ id: 133024, name: 'Pune' }]);
    expect(cities.headers['cache-control']).toMatch(/max-age/);
    expect(seen.map((call) => call.url)).toEqual([
      '/v1/countries',
      '/v1/countries/IN/states',
      '/v1/countries/IN/states/MH/cities',
    ]);
    expect(seen.every((call) => call.headers['x-cscapi-key'] === 'test-key')).toBe(true);
  });

  it('when the same list is asked for twice, then the service is called once (memory cache)', async () => {
    const app = proxiedApp();
    await request(app).get('/api/locations/countries/IN/states').expect(200);
    await request(app).get('/api/locations/countries/in/states').expect(200);
    // The country list is read once too: a state list is only asked for a known country.
    expect(seen.map((call) => call.url)).toEqual(['/v1/countries', '/v1/countries/IN/states']);
  });

  it('when a code is not in its parent list, then it answers 404 without asking the service for it', async () => {
    const app = proxiedApp();
    const states = await request(app).get('/api/locations/countries/ZZ/states');
    const again = await request(app).get('/api/locations/countries/ZZ/states');
    const cities = await request(app).get('/api/locations/countries/IN/states/QQ/cities');

    expect([states.status, again.status, cities.status]).toEqual([404, 404, 404]);
    expect(states.body.message).toBe("Unknown country code 'ZZ'.");
    expect(seen.map((call) => call.url)).toEqual(['/v1/countries', '/v1/countries/IN/states']);
  });

  it('when the service fails, then it answers 502 with a message, and the next call retries', async () => {
    const app = proxiedApp();
    failNext = true;
    const failed = await request(app).get('/api/locations/countries');
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe('The location service is unavailable. Please try again later.');
    expect(failed.headers['cache-control']).toBeUndefined();
    const retried = await request(app).get('/api/locations/countries');
    expect(retried.status).toBe(200);
    expect(seen).toHaveLength(2);
  });
});

describe('the location cache and rate limit', () => {
  function countingSource() {
    const calls: string[] = [];
    const source: LocationSource = {
      countries: async () => {
        calls.push('countries');
        return ['AA', 'BB', 'CC', 'DD'].map((iso2) => ({ iso2, name: iso2 }));
      },
      states: async (country) => {
        calls.push(`states:${country}`);
        return [{ iso2: 'S1', name: 'State' }];
      },
      cities: async (country, state) => {
        calls.push(`cities:${country}:${state}`);
        return [];
      },
    };
    return { source, calls };
  }

  it('when more lists are asked for than the cache holds, then the least recently used is dropped (bounded memory)', async () => {
    const { source, calls } = countingSource();
    const cached = cachedLocationSource(source, 60_000, () => 0, 3);

    for (const country of ['AA', 'BB', 'CC', 'DD']) await cached.states(country);
    await cached.states('DD');
    await cached.states('AA');

    expect(calls).toEqual(['countries', 'states:AA', 'states:BB', 'states:CC', 'states:DD', 'states:AA']);
  });

  it('when unknown codes are asked for, then nothing is cached for them and the source is not asked', async () => {
    const { source, calls } = countingSource();
    const cached = cachedLocationSource(source, 60_000, () => 0, 4);

    for (let index = 0; index < 50; index += 1) {
      expect(await cached.states(`Z${index}`)).toBeNull();
      expect(await cached.cities('AA', `Q${index}`)).toBeNull();
    }
    await cached.states('BB');
    await cached.states('CC');
    await cached.states('AA');

    // countries + AA's states stayed cached: the unknown codes took no room.
    expect(calls).toEqual(['countries', 'states:AA', 'states:BB', 'states:CC']);
  });

  it(`when one client asks more than ${LOCATION_RATE_LIMIT_PER_MINUTE} times a minute, then it answers 429 with a message`, async () => {
    const { app } = testApp();
    for (let index = 0; index < LOCATION_RATE_LIMIT_PER_MINUTE; index += 1) {
      await request(app).get('/api/locations/countries').expect(200);
    }

    const response = await request(app).get('/api/locations/countries/IN/states');

    expect(response.status).toBe(429);
    expect(response.body).toEqual({ message: LOCATION_RATE_LIMIT_MESSAGE });
  });
});
