import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { testApp } from '../helpers/api-app';

describe('GET /api/health', () => {
  it('when the API is up, then it answers 200 with its payment mode', async () => {
    const response = await request(testApp().app).get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', payments: 'sandbox' });
  });

  it('when a route does not exist, then it answers 404 with a message and no stack', async () => {
    const response = await request(testApp().app).get('/api/nope');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Not found.' });
  });

  it('when the JSON body is malformed, then it answers 400 with a message', async () => {
    const response = await request(testApp().app)
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send('{"name": ');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Request body is not valid JSON.');
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.ts/);
  });
});

describe('trust proxy', () => {
  type TrustFn = (address: string, hop: number) => boolean;
  const trustFn = (env: Record<string, string>) => testApp({ env }).app.get('trust proxy fn') as TrustFn;

  it('when TRUST_PROXY is a hop count, then exactly that many proxies are trusted', () => {
    const trust = trustFn({ TRUST_PROXY: '1' });
    expect(trust('10.0.0.5', 0)).toBe(true);
    expect(trust('10.0.0.5', 1)).toBe(false);
  });

  it('when TRUST_PROXY is true, then every hop is trusted', () => {
    expect(trustFn({ TRUST_PROXY: 'true' })('198.51.100.1', 3)).toBe(true);
  });

  it('when TRUST_PROXY names a subnet, then only that subnet is trusted', () => {
    const trust = trustFn({ TRUST_PROXY: 'loopback' });
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('198.51.100.1', 0)).toBe(false);
  });

  it('when TRUST_PROXY is unset, then no proxy is trusted', () => {
    expect(trustFn({})('127.0.0.1', 0)).toBe(false);
  });
});
