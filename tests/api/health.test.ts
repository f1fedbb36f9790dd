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
