import {
  deleteUser,
  EmailAuthProvider,
  GoogleAuthProvider,
  linkWithCredential,
  linkWithPopup,
  browserPopupRedirectResolver,
  type User,
} from 'firebase/auth';
import {
  getDoc,
  getDocs,
  orderBy,
  query,
  setDoc,
  writeBatch,
  type DocumentReference,
  type Query,
} from 'firebase/firestore';
import type { LocationLoaders } from '@/components/location-fields';
import { profileDetailsSchema, type EmulatedGoogleAccount, type ProfileDetails } from '@/domain/schemas';
import { apiClient } from '@/lib/api-client';
import { env } from '@/lib/env';
import { auth } from '@/lib/firebase';
import {
  cartOf,
  db,
  invoicesOf,
  listenToList,
  ordersOf,
  queriesOf,
  userDoc,
  type CustomerQuery,
  type Invoice,
  type Order,
  type Profile,
} from '@/lib/firestore';
import { signOutUser } from '@/lib/session';

/** Reads the profile document; null when there is none. */
export async function getProfile(uid: string): Promise<Profile | null> {
  return (await getDoc(userDoc(uid))).data() ?? null;
}

/** The 'Edit Details' save: a merge of the editable fields only. */
export async function updateProfileDetails(uid: string, details: ProfileDetails): Promise<void> {
  const { name, phone, address, country, state, city } = profileDetailsSchema.parse(details);
  await setDoc(userDoc(uid), { name, phone, address, country, state, city }, { merge: true });
}

type OnData<T> = (items: T[]) => void;
type OnError = (error: Error) => void;

export const subscribeToInvoices = (uid: string, onData: OnData<Invoice>, onError: OnError) =>
  listenToList(query(invoicesOf(uid), orderBy('createdAt', 'desc')), onData, onError);

export const subscribeToQueries = (uid: string, onData: OnData<CustomerQuery>, onError: OnError) =>
  listenToList(query(queriesOf(uid), orderBy('submittedAt', 'desc')), onData, onError);

export const subscribeToOrders = (uid: string, onData: OnData<Order>, onError: OnError) =>
  listenToList(query(ordersOf(uid), orderBy('createdAt', 'desc')), onData, onError);

function signedInUser(): User {
  const user = auth.currentUser;
  if (!user) throw Object.assign(new Error('No signed-in user.'), { code: 'auth/no-current-user' });
  return user;
}

/** Links an email and password to a guest; the profile stops being a guest's. */
export async function linkGuestWithEmail(email: string, password: string, name: string): Promise<void> {
  const user = signedInUser();
  const { user: linked } = await linkWithCredential(user, EmailAuthProvider.credential(email.trim(), password));
  await setDoc(userDoc(linked.uid), { isAnonymous: false, email: linked.email ?? email.trim(), name }, { merge: true });
}

function emulatedGoogleCredential(account: EmulatedGoogleAccount) {
  const email = account.email.trim().toLowerCase();
  const sub = `emulated-${[...new TextEncoder().encode(email)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  return GoogleAuthProvider.credential(JSON.stringify({ sub, email, email_verified: true, name: account.name.trim() }));
}

export const usesEmulatedGoogle = env.useEmulators;

/**
 * Links Google to a guest: the real popup in production, the emulated chooser's account locally.
 * Resolves false when the user closed the popup.
 */
export async function linkGuestWithGoogle(fallbackName: string, account?: EmulatedGoogleAccount): Promise<boolean> {
  const user = signedInUser();
  let linked: User;
  if (usesEmulatedGoogle) {
    if (!account) throw new Error('An emulated Google account is needed on the local stack.');
    linked = (await linkWithCredential(user, emulatedGoogleCredential(account))).user;
  } else {
    try {
      linked = (await linkWithPopup(user, new GoogleAuthProvider(), browserPopupRedirectResolver)).user;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request') return false;
      throw error;
    }
  }
  const google = linked.providerData.find((info) => info.providerId === 'google.com');
  await setDoc(
    userDoc(linked.uid),
    {
      isAnonymous: false,
      email: google?.email ?? linked.email ?? '',
      name: google?.displayName || linked.displayName || fallbackName,
    },
    { merge: true },
  );
  return true;
}

/** Firebase refuses to delete a login older than 5 minutes; we stop a little earlier. */
const RECENT_LOGIN_MS = 4.5 * 60 * 1000;
/** Firestore's limit of writes in one batch. */
const BATCH_LIMIT = 500;

const listRefs = async (collection: Query) => (await getDocs(collection)).docs.map((item) => item.ref);

/**
 * Deletes every document of the user (invoices, queries, orders, cart, then the profile) and then
 * the login. The login's age is checked first, so the usual failure deletes nothing. If deleting
 * the login still fails, the data is gone but the login remains: the profile page shows its
 * 'no profile' state with this same delete action, so a retry finishes the job.
 */
export async function deleteAccount(): Promise<void> {
  const user = signedInUser();
  const { authTime } = await user.getIdTokenResult(true);
  if (Date.now() - new Date(authTime).getTime() > RECENT_LOGIN_MS) {
    throw Object.assign(new Error('The sign-in is too old to delete the account.'), {
      code: 'auth/requires-recent-login',
    });
  }
  const uid = user.uid;
  const lists = await Promise.all([invoicesOf(uid), queriesOf(uid), ordersOf(uid), cartOf(uid)].map(listRefs));
  const refs: DocumentReference[] = lists.flat();
  // The profile goes last, so a failure part-way leaves a profile page to retry from.
  refs.push(userDoc(uid));
  for (let start = 0; start < refs.length; start += BATCH_LIMIT) {
    const batch = writeBatch(db);
    for (const ref of refs.slice(start, start + BATCH_LIMIT)) batch.delete(ref);
    await batch.commit();
  }
  await deleteUser(user);
}

export { signOutUser };

export const locationLoaders: LocationLoaders = {
  countries: () => apiClient.get('/api/locations/countries'),
  states: (country) => apiClient.get(`/api/locations/countries/${encodeURIComponent(country)}/states`),
  cities: (country, state) =>
    apiClient.get(`/api/locations/countries/${encodeURIComponent(country)}/states/${encodeURIComponent(state)}/cities`),
};
