import express from 'express';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authenticate } from '../../server/auth';
import { errorHandler } from '../../server/errors';
import { initFirebase } from '../../server/firebase';
import { RATE_LIMIT_COLLECTION } from '../../server/rate-limit';
import { testApp } from '../helpers/api-app';
import { admin, createUserWithToken, pastSignInSecond, stack } from '../helpers/emulators';
import { seedOrder } from './payments-fixtures';

// A tiny app around the real middleware, verifying real tokens from the Auth emulator.
function appWith(required: boolean) {
  const app = express();
  app.get('/who', authenticate(initFirebase(stack.projectId).auth, { required }), (req, res) => {
    res.json({ uid: req.user?.uid ?? null });
  });
  app.use(errorHandler);
  return app;
}

let user: { uid: string; idToken: string };

beforeAll(async () => {
  user = await createUserWithToken(`auth-mw-${Date.now()}@example.com`);
});

describe('authenticate middleware', () => {
  it('when a valid ID token is sent, then the uid comes from the token', async () => {
    const response = await request(appWith(true)).get('/who').set('Authorization', `Bearer ${user.idToken}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ uid: user.uid });
  });

  it('when no token is sent to a protected route, then it answers 401 with a message', async () => {
    const response = await request(appWith(true)).get('/who');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Please log in to continue.' });
  });

  it('when no token is sent to an open route, then it continues as a visitor', async () => {
    const response = await request(appWith(false)).get('/who');
    expect(response.body).toEqual({ uid: null });
  });

  it('when the token is forged or malformed, then it answers 401', async () => {
    const forged = await request(appWith(false)).get('/who').set('Authorization', 'Bearer not.a.token');
    expect(forged.status).toBe(401);
    expect(forged.body.message).toBe('Your session has expired. Please log in again.');
    const malformed = await request(appWith(false)).get('/who').set('Authorization', 'Basic abc');
    expect(malformed.status).toBe(401);
  });
});

describe('revocation on every authenticated route', () => {
  // Rate limits count in Firestore per client address: a file run just before may have used up
  // this minute's contact budget of 127.0.0.1, and a 429 would hide the 401 asked about.
  beforeEach(async () => {
    const { db } = admin();
    await db.recursiveDelete(db.collection(RATE_LIMIT_COLLECTION));
  });

  // Against the emulator Firebase Admin checks revocation whatever it is asked (it always does for
  // emulator tokens), so the tests below show the behaviour, and this one shows what production
  // relies on: every route asks for the check.
  it('when any authenticated route verifies a token, then it asks Auth to check revocation', async () => {
    const user = await createUserWithToken(`auth-spy-${Date.now()}@example.com`);
    const real = initFirebase(stack.projectId).auth;
    const calls: unknown[][] = [];
    const auth = new Proxy(real, {
      get(target, property, receiver) {
        if (property !== 'verifyIdToken') return Reflect.get(target, property, receiver);
        return (...args: unknown[]) => {
          calls.push(args.slice(1));
          return (target.verifyIdToken as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        };
      },
    });
    const { app } = testApp({ firebase: { auth, db: initFirebase(stack.projectId).db } });
    const bearer = `Bearer ${user.idToken}`;
    await request(app)
      .post('/api/payments/orders')
      .set('Authorization', bearer)
      .send({ firestore_id: 'x', type: 'product_order' });
    await request(app)
      .post('/create-razorpay-order')
      .set('Authorization', bearer)
      .send({ firestore_id: 'x', type: 'product_order' });
    await request(app).post('/api/payments/verify').set('Authorization', bearer).send({});
    await request(app).post('/api/payments/sandbox/pay').set('Authorization', bearer).send({});
    await request(app).post('/api/contact').set('Authorization', bearer).send({});
    await request(app).get('/api/documents/pay_Unknown0000000').set('Authorization', bearer);

    expect(calls).toHaveLength(6);
    expect(calls.every(([checkRevoked]) => checkRevoked === true)).toBe(true);
  });

  async function statusesWith(idToken: string) {
    const { app } = testApp();
    const bearer = `Bearer ${idToken}`;
    const order = await request(app)
      .post('/api/payments/orders')
      .set('Authorization', bearer)
      .send({ firestore_id: 'any-order', type: 'product_order' });
    const contact = await request(app).post('/api/contact').set('Authorization', bearer).send({
      name: 'Asha Verma',
      businessName: '',
      contactNumber: '',
      email: 'asha@example.com',
      message: 'Hello',
    });
    const document = await request(app).get('/api/documents/pay_Unknown0000000').set('Authorization', bearer);
    const middleware = await request(appWith(true)).get('/who').set('Authorization', bearer);
    return [order.status, contact.status, document.status, middleware.status];
  }

  it("when a user's refresh tokens are revoked, then their still-unexpired ID token gets 401 everywhere", async () => {
    const revoked = await createUserWithToken(`auth-revoked-${Date.now()}@example.com`);
    await pastSignInSecond(revoked.idToken);
    await admin().auth.revokeRefreshTokens(revoked.uid);

    expect(await statusesWith(revoked.idToken)).toEqual([401, 401, 401, 401]);
  });

  it('when a user is disabled, then their ID token gets 401 everywhere', async () => {
    const disabled = await createUserWithToken(`auth-disabled-${Date.now()}@example.com`);
    await admin().auth.updateUser(disabled.uid, { disabled: true });

    expect(await statusesWith(disabled.idToken)).toEqual([401, 401, 401, 401]);
  });

  it('when a user is deleted, then their ID token gets 401 everywhere', async () => {
    const deleted = await createUserWithToken(`auth-deleted-${Date.now()}@example.com`);
    await admin().auth.deleteUser(deleted.uid);

    expect(await statusesWith(deleted.idToken)).toEqual([401, 401, 401, 401]);
  });
});

describe('order creation, which checks revocation alongside its reads', () => {
  beforeEach(async () => {
    const { db } = admin();
    await db.recursiveDelete(db.collection(RATE_LIMIT_COLLECTION));
  });

  /** A token shaped like the Auth emulator's (unsigned), with claims of our choosing. */
  function emulatorStyleToken(sub: string, expiresInSeconds: number): string {
    const now = Math.floor(Date.now() / 1000);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = {
      aud: stack.projectId,
      iss: `https://securetoken.google.com/${stack.projectId}`,
      sub,
      user_id: sub,
      iat: now - 10,
      auth_time: now - 10,
      exp: now + expiresInSeconds,
      firebase: { sign_in_provider: 'password', identities: {} },
    };
    return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
  }

  async function orderWith(token: string, orderId: string) {
    const { app } = testApp();
    return request(app)
      .post('/api/payments/orders')
      .set('Authorization', `Bearer ${token}`)
      .send({ firestore_id: orderId, type: 'product_order' });
  }

  it('when a token names a user Auth does not know, then it gets 401 and no gateway order or claim is left', async () => {
    const uid = `forged-${Date.now()}`;
    const orderId = await seedOrder(uid, ['website-Basic']);

    const response = await orderWith(emulatorStyleToken(uid, 3600), orderId);

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Your session has expired. Please log in again.' });
    const { db } = admin();
    expect((await db.collection('sandboxOrders').where('notes.uid', '==', uid).get()).size).toBe(0);
    expect(
      (await db.collection('gatewayOrderClaims').where('path', '==', `users/${uid}/orders/${orderId}`).get()).size,
    ).toBe(0);
    expect((await db.doc(`users/${uid}/orders/${orderId}`).get()).get('gatewayOrderId')).toBeUndefined();
  });

  it('when the token has expired or is for another project, then it gets 401 at once', async () => {
    const user = await createUserWithToken(`auth-expired-${Date.now()}@example.com`);
    const orderId = await seedOrder(user.uid, ['website-Basic']);
    const otherProject = emulatorStyleToken(user.uid, 3600).replace(/^[^.]+\.[^.]+/, (head) => {
      const [header, payload] = head.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
      return `${header}.${Buffer.from(JSON.stringify({ ...claims, aud: 'another-project' })).toString('base64url')}`;
    });

    for (const token of [emulatorStyleToken(user.uid, -60), otherProject, 'not.a.token']) {
      const response = await orderWith(token, orderId);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Your session has expired. Please log in again.' });
    }
    expect((await admin().db.doc(`users/${user.uid}/orders/${orderId}`).get()).get('gatewayOrderId')).toBeUndefined();
  });
});
