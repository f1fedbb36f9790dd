import pino from 'pino';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  APP_CHECK_HEADER,
  APP_CHECK_MESSAGE,
  LOCAL_TOKEN_TTL_MS,
  mintLocalAppCheckToken,
} from '../../server/app-check';
import { DEMO_APP_CHECK_SECRET } from '../../server/config';
import { CONTACT_SUCCESS_MESSAGE } from '../../server/routes/contact';
import { testApp } from '../helpers/api-app';
import { admin, clearFirestore, stack } from '../helpers/emulators';

const enquiry = (email: string) => ({ name: 'Asha Verma', email, message: 'A dashboard for 8 looms, please.' });
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
const enquiries = async () => (await admin().db.collection('enquiries').count().get()).data().count;

/** A logger whose lines the test can read. */
function recordingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: 'warn' },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
}

beforeEach(() => clearFirestore());

describe('App Check with APP_CHECK=enforce', () => {
  const enforced = () => testApp({ env: { APP_CHECK: 'enforce' } }).app;

  it('when a browser route is called without a token, then it answers 401 and nothing is written', async () => {
    const response = await request(enforced())
      .post('/api/contact')
      .send(enquiry(`a-${unique()}@example.com`));

    expect([response.status, response.body]).toEqual([401, { message: APP_CHECK_MESSAGE }]);
    expect(await enquiries()).toBe(0);
    // Not even a rate-limit count: the check runs before any route.
    expect((await admin().db.collection('rateLimits').count().get()).data().count).toBe(0);
  });

  it("when it carries a token from the local provider's endpoint, then the request succeeds", async () => {
    const app = enforced();
    const minted = await request(app).post('/api/app-check/local-token');
    expect(minted.status).toBe(200);
    expect(minted.body.expireTimeMillis).toBeGreaterThan(Date.now() + LOCAL_TOKEN_TTL_MS - 60_000);

    const response = await request(app)
      .post('/api/contact')
      .set(APP_CHECK_HEADER, minted.body.token as string)
      .send(enquiry(`b-${unique()}@example.com`));

    expect([response.status, response.body]).toEqual([201, { message: CONTACT_SUCCESS_MESSAGE }]);
    expect(await enquiries()).toBe(1);
  });

  it('when the token was minted for another project, has expired, or is tampered with, then it answers 401', async () => {
    const app = enforced();
    const own = mintLocalAppCheckToken(DEMO_APP_CHECK_SECRET, stack.projectId).token;
    const [header, payload] = own.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { aud: string[] };
    const tokens = {
      'another project': mintLocalAppCheckToken(DEMO_APP_CHECK_SECRET, 'demo-someone-else').token,
      expired: mintLocalAppCheckToken(DEMO_APP_CHECK_SECRET, stack.projectId, {
        now: Date.now() - LOCAL_TOKEN_TTL_MS - 1000,
      }).token,
      'another secret': mintLocalAppCheckToken('a-secret-nobody-here-knows', stack.projectId).token,
      // Its claims rewritten to name this project, with the old signature.
      tampered: `${header}.${Buffer.from(JSON.stringify({ ...claims, aud: ['projects/demo-x', ...claims.aud] })).toString('base64url')}.${own.split('.')[2]}`,
      garbage: 'not-a-token',
    };

    const outcomes: Record<string, number> = {};
    for (const [name, token] of Object.entries(tokens)) {
      const response = await request(app)
        .post('/api/contact')
        .set(APP_CHECK_HEADER, token)
        .send(enquiry(`c-${unique()}@example.com`));
      outcomes[name] = response.status;
    }

    expect(outcomes).toEqual({
      'another project': 401,
      expired: 401,
      'another secret': 401,
      tampered: 401,
      garbage: 401,
    });
    expect(await enquiries()).toBe(0);
  });

  it('when Razorpay, the scheduler or a health check calls without a token, then App Check does not stand in the way', async () => {
    const app = enforced();
    expect((await request(app).get('/api/health')).status).toBe(200);
    // The webhook answers for itself (a bad signature is its 400), not App Check's 401.
    const webhook = await request(app).post('/api/payments/webhook').send({ event: 'payment.captured' });
    expect(webhook.status).not.toBe(401);
    expect((await request(app).post('/api/jobs/reconcile')).status).toBe(404);
  });

  it('when a preflight asks for the header, then CORS allows it', async () => {
    const response = await request(enforced())
      .options('/api/contact')
      .set('Origin', 'http://localhost:5173')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type,x-firebase-appcheck');

    expect(response.status).toBe(204);
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('x-firebase-appcheck');
  });
});

describe('App Check with APP_CHECK=monitor', () => {
  it('when a request has no token and another a valid one, then both succeed and the missing token is logged', async () => {
    const { logger, lines } = recordingLogger();
    const { app } = testApp({ env: { APP_CHECK: 'monitor' }, logger });
    const token = mintLocalAppCheckToken(DEMO_APP_CHECK_SECRET, stack.projectId).token;

    const without = await request(app)
      .post('/api/contact')
      .send(enquiry(`d-${unique()}@example.com`));
    const withToken = await request(app)
      .post('/api/contact')
      .set(APP_CHECK_HEADER, token)
      .send(enquiry(`e-${unique()}@example.com`));

    expect([without.status, withToken.status]).toEqual([201, 201]);
    expect(await enquiries()).toBe(2);
    const appCheckLines = lines.filter((line) => 'appCheck' in line);
    expect(appCheckLines).toHaveLength(1);
    expect(appCheckLines[0]).toMatchObject({ appCheck: 'missing', path: '/api/contact', level: 40 });
    // The token itself never reaches the log.
    expect(JSON.stringify(lines)).not.toContain(token);
  });
});

describe('the local token endpoint', () => {
  it('when the API runs on a real project, then the endpoint does not exist', async () => {
    const { app } = testApp({
      env: {
        FIREBASE_PROJECT_ID: 'nimbus-real-project',
        PAY_LINK_SECRET: 'a-real-pay-link-secret-of-32-characters!',
        ALLOW_SANDBOX_PAYMENTS: 'true',
        SANDBOX_SECRET: 'a-private-sandbox-secret',
      },
    });

    const response = await request(app).post('/api/app-check/local-token');

    expect(response.status).toBe(404);
  });
});
