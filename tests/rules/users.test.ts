import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, getDoc, serverTimestamp, setDoc } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { rulesEnvironment } from '../helpers/rules-env';

let env: RulesTestEnvironment;

const profile = (uid: string) => ({
  uid,
  name: 'Alice',
  email: 'alice@example.com',
  phone: '9876543210',
  address: '1 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  isAnonymous: false,
  createdAt: serverTimestamp(),
});

beforeAll(async () => {
  env = await rulesEnvironment();
});
beforeEach(() => env.clearFirestore());
afterAll(() => env.cleanup());

describe('users/{uid}', () => {
  it('when the owner creates a full profile, then it is allowed', async () => {
    const db = env.authenticatedContext('alice').firestore();
    await assertSucceeds(setDoc(doc(db, 'users/alice'), profile('alice')));
    await assertSucceeds(getDoc(doc(db, 'users/alice')));
  });

  it('when another user reads or writes it, then it is denied', async () => {
    await env.withSecurityRulesDisabled((context) => setDoc(doc(context.firestore(), 'users/alice'), { uid: 'alice' }));
    const bob = env.authenticatedContext('bob').firestore();
    await assertFails(getDoc(doc(bob, 'users/alice')));
    await assertFails(setDoc(doc(bob, 'users/alice'), profile('alice')));
  });

  it('when signed out, then reading a profile is denied', async () => {
    await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), 'users/alice')));
  });
});
