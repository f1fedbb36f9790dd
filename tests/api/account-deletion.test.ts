import type { Auth } from 'firebase-admin/auth';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { lastDayKept, taxRecordRetainedUntil } from '@/domain/retention';
import { RECENT_SIGN_IN_MESSAGE } from '../../server/account/delete-account';
import { leadUid } from '../../server/account/leads';
import { renderMail } from '../../server/mail/templates';
import type { AccountDeletedData } from '../../server/mail/templates/account-deleted';
import { testApp } from '../helpers/api-app';
import { admin, clearFirestore, createUserWithToken } from '../helpers/emulators';
import { NUMBERED_BY_JOB, payThroughCheckout, REGISTERED_SELLER, seedProfile } from './documents-fixtures';

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
    // Kept, and marked as a deleted account's.
    for (const path of ['payments/pay_Kept', 'documents/pay_Kept']) {
      expect((await admin().db.doc(path).get()).get('deletedAccount')).toBe(true);
    }
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

  it('when a customer with a paid tax invoice deletes their account, then the law keeps the document and payment, marked and dated, and everything else goes', async () => {
    const email = `Keeps-${unique()}@Example.com`;
    const user = await createUserWithToken(email.toLowerCase());
    const { db } = admin();
    // A verified address: its visitor-era enquiries are theirs (server/account/person.ts).
    await admin().auth.updateUser(user.uid, { emailVerified: true });
    // Documents stay pending until numbered: deletion must number this one while the buyer is known.
    const { app } = testApp({ env: { ...REGISTERED_SELLER, ...NUMBERED_BY_JOB } });
    await seedProfile(user.uid, { name: 'Ira Kept', email: email.toLowerCase(), legalName: '' });
    const paid = await payThroughCheckout(app, user, { items: ['website-Basic'] });
    expect((await db.doc(`documents/${paid.paymentId}`).get()).get('status')).toBe('pending');
    const profile = db.doc(`users/${user.uid}`);
    await profile.collection('cart').doc('website-Basic').set({ id: 'website-Basic' });
    await profile.collection('queries').doc('q1').set({ message: 'Hi' });
    await db.doc('enquiries/q1').set({ uid: user.uid, queryId: 'q1', emailLower: 'other@example.com' });
    // Sent as a visitor from the same address, in other letters.
    await db.doc('enquiries/visitor-1').set({ uid: null, email, emailLower: email.toLowerCase() });
    await db.doc('enquiries/someone-else').set({ uid: null, emailLower: 'someone@example.com' });
    // The lead record staff billed before the account existed, joined to it since.
    const lead = db.doc(`users/${leadUid(email)}`);
    await lead.set({ isLead: true, email: email.toLowerCase(), name: 'Ira Kept', mergedInto: user.uid });
    await db.doc('refunds/rfnd-1').set({ uid: user.uid, paymentId: paid.paymentId, createdAt: Timestamp.now() });

    const response = await request(app).post('/api/account/delete').set('Authorization', `Bearer ${user.idToken}`);

    expect(response.status).toBe(200);
    // Gone: the login, the profile and all under it, their enquiries (by account and by address), the lead.
    await expect(admin().auth.getUser(user.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect((await profile.get()).exists).toBe(false);
    expect((await profile.listCollections()).length).toBe(0);
    expect((await db.collection('enquiries').get()).docs.map((doc) => doc.id)).toEqual(['someone-else']);
    expect((await lead.get()).exists).toBe(false);

    // Kept: the tax invoice, numbered with the buyer it was paid by, the payment and the refund.
    const document = (await db.doc(`documents/${paid.paymentId}`).get()).data()!;
    expect(document).toMatchObject({ status: 'issued', kind: 'tax-invoice', deletedAccount: true });
    expect(document.snapshot.recipient.name).toBe('Ira Kept');
    const until = taxRecordRetainedUntil(Date.now()).getTime();
    for (const path of [`documents/${paid.paymentId}`, `payments/${paid.paymentId}`, 'refunds/rfnd-1']) {
      const kept = (await db.doc(path).get()).data()!;
      expect({ path, deletedAccount: kept.deletedAccount, retainUntil: kept.retainUntil.toMillis() }).toEqual({
        path,
        deletedAccount: true,
        retainUntil: until,
      });
      expect(kept.deletedAt).toBeInstanceOf(Timestamp);
    }

    // The tombstone staff see, with no name or email, and the audit entry.
    const tombstone = (await db.doc(`deletedAccounts/${user.uid}`).get()).data()!;
    expect(tombstone).toMatchObject({ uid: user.uid, kept: { documents: 1, payments: 1, refunds: 1 } });
    expect(tombstone.retainUntil.toMillis()).toBe(until);
    expect(JSON.stringify(tombstone).toLowerCase()).not.toContain('keeps-');
    const audit = await db.collection('auditLog').where('action', '==', 'account.delete').get();
    expect(audit.docs.map((doc) => [doc.get('target'), doc.get('actorEmail')])).toEqual([[`users/${user.uid}`, null]]);

    // The mail says what went and what is kept, until when.
    const mail = (await db.doc(`mail/account-deleted:${user.uid}`).get()).data()!;
    expect(mail.data).toMatchObject({ keptDocuments: 1, keptPayments: 2 });
    const text = renderMail({ template: 'account-deleted', data: mail.data as AccountDeletedData }).text;
    expect(text).toContain('your queries, and the enquiries sent from your verified email address');
    expect(text).toContain('The law makes us keep 1 tax document and 2 payment records');
    expect(text).toContain('section 36 of the CGST Act');
    expect(text).toContain(`deleted after ${lastDayKept(new Date(until))}`);
  });
});
