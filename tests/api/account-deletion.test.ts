import type { Auth } from 'firebase-admin/auth';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { RECENT_SIGN_IN_MESSAGE } from '../../server/account/delete-account';
import { testApp } from '../helpers/api-app';
import { admin, clearFirestore, createUserWithToken } from '../helpers/emulators';

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

beforeEach(async () => {
  await clearFirestore();
});

/** A user with a profile, more documents than one batch, and server-only records of a payment. */
async function userWithData() {
  const email = `gone-${unique()}@example.com`;
  const user = await createUserWithToken(email);
  const { db } = admin();
  const profile = db.doc(`users/${user.uid}`);
  await profile.set({ uid: user.uid, name: 'Dev Delete', email, phone: '9000000003' });
  for (let start = 0; start < 520; start += 260) {
    const batch = db.batch();
    for (let index = start; index < start + 260; index++) {
      batch.set(profile.collection('invoices').doc(`inv-${index}`), { invoiceId: `INV-${index}`, amount: 100 });
    }
    await batch.commit();
  }
  await profile.collection('orders').doc('o1').set({ orderNumber: 'ORD-1', status: 'Paid' });
  await profile.collection('cart').doc('website-Basic').set({ id: 'website-Basic' });
  await profile.collection('queries').doc('q1').set({ message: 'Hi' });
  await db.doc('payments/pay_Kept').set({ uid: user.uid, amountPaise: 100 });
  await db.doc('documents/pay_Kept').set({ uid: user.uid, number: 'NB/2026-27/0001' });
  return { ...user, email, profile };
}

/** Auth that records the calls deletion makes, in order, and can pretend the sign-in is old. */
function recordingAuth(auth: Auth, calls: string[], signedInAgoMs = 0): Auth {
  return new Proxy(auth, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        calls.push(String(key));
        const result = await (value as (...params: unknown[]) => Promise<unknown>).apply(target, args);
        if (key === 'verifyIdToken' && signedInAgoMs) {
          const decoded = result as { auth_time: number };
          return { ...decoded, auth_time: Math.floor((Date.now() - signedInAgoMs) / 1000) };
        }
        return result;
      };
    },
  });
}

describe('POST /api/account/delete', () => {
  it('when the sign-in is recent, then it revokes the refresh tokens first, deletes users/{uid} in batches, queues the mail, deletes the login and keeps payments and documents', async () => {
    const user = await userWithData();
    const calls: string[] = [];
    const { deps } = testApp();
    let profileAtRevocation: boolean | undefined;
    const auth = recordingAuth(deps.firebase.auth, calls);
    const watched = new Proxy(auth, {
      get(target, key, receiver) {
        if (key !== 'revokeRefreshTokens') return Reflect.get(target, key, receiver) as unknown;
        return async (uid: string) => {
          profileAtRevocation = (await user.profile.get()).exists;
          return target.revokeRefreshTokens(uid);
        };
      },
    });
    const { app } = testApp({ firebase: { ...deps.firebase, auth: watched } });

    const response = await request(app).post('/api/account/delete').set('Authorization', `Bearer ${user.idToken}`);

    expect(response.status).toBe(200);
    expect(calls.filter((call) => call !== 'getUser')).toEqual(['verifyIdToken', 'revokeRefreshTokens', 'deleteUser']);
    expect(profileAtRevocation).toBe(true);
    await expect(admin().auth.getUser(user.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect((await user.profile.get()).exists).toBe(false);
    for (const collection of ['invoices', 'orders', 'cart', 'queries']) {
      expect((await user.profile.collection(collection).count().get()).data().count).toBe(0);
    }
    expect((await admin().db.doc('payments/pay_Kept').get()).exists).toBe(true);
    expect((await admin().db.doc('documents/pay_Kept').get()).exists).toBe(true);
    const mail = await admin().db.doc(`mail/account-deleted:${user.uid}`).get();
    expect(mail.get('template')).toBe('account-deleted');
    expect(mail.get('to')).toEqual({ address: user.email, name: 'Dev Delete' });
    // The same token is refused from now on.
    const again = await request(app).post('/api/account/delete').set('Authorization', `Bearer ${user.idToken}`);
    expect(again.status).toBe(401);
  });

  it('when the sign-in is older than 5 minutes, then it answers 403 and changes nothing', async () => {
    const user = await userWithData();
    const calls: string[] = [];
    const { deps } = testApp();
    const { app } = testApp({
      firebase: { ...deps.firebase, auth: recordingAuth(deps.firebase.auth, calls, 6 * 60_000) },
    });

    const response = await request(app).post('/api/account/delete').set('Authorization', `Bearer ${user.idToken}`);

    expect([response.status, response.body]).toEqual([403, { message: RECENT_SIGN_IN_MESSAGE }]);
    expect(calls).toEqual(['verifyIdToken']);
    expect((await user.profile.collection('invoices').count().get()).data().count).toBe(520);
    expect((await admin().auth.getUser(user.uid)).uid).toBe(user.uid);
  });

  it('when there is no token, then it answers 401', async () => {
    const { app } = testApp();
    const response = await request(app).post('/api/account/delete');
    expect(response.status).toBe(401);
  });
});
