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
  onSnapshot,
  orderBy,
  query,
  setDoc,
  Timestamp,
  writeBatch,
  type CollectionReference,
  type DocumentData,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import type { LocationLoaders } from '@/components/location-fields';
import { profileDetailsSchema, type EmulatedGoogleAccount, type ProfileDetails } from '@/domain/schemas';
import { apiClient } from '@/lib/api-client';
import { env } from '@/lib/env';
import { auth } from '@/lib/firebase';
import { cartOf, db, invoicesOf, ordersOf, queriesOf, userDoc } from '@/lib/firestore';
import { signOutUser } from '@/lib/session';

export interface Profile {
  uid: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  country: string;
  isAnonymous: boolean;
  createdAt: Date | null;
}

export interface Invoice {
  id: string;
  invoiceId: string;
  amount: number;
  currency: string;
  status: string;
  createdAt: Date | null;
  paymentId?: string;
}

export interface Query {
  id: string;
  businessName: string;
  message: string;
  status: string;
  submittedAt: Date | null;
}

export interface OrderItem {
  id: string;
  name: string;
  category: string;
  price: string;
}

export interface Order {
  id: string;
  orderNumber: string;
  items: OrderItem[];
  total: number;
  currency: string;
  status: string;
  createdAt: Date | null;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' ? value : 0);
const date = (value: unknown) => (value instanceof Timestamp ? value.toDate() : null);
// A write still on its way has no server time yet; its estimate keeps it at the top meanwhile.
const dataOf = (snapshot: QueryDocumentSnapshot) => snapshot.data({ serverTimestamps: 'estimate' });

/** Reads the profile document; null when there is none. */
export async function getProfile(uid: string): Promise<Profile | null> {
  const snapshot = await getDoc(userDoc(uid));
  if (!snapshot.exists()) return null;
  const data = snapshot.data({ serverTimestamps: 'estimate' });
  return {
    uid,
    name: str(data.name),
    email: str(data.email),
    phone: str(data.phone),
    address: str(data.address),
    city: str(data.city),
    state: str(data.state),
    country: str(data.country),
    isAnonymous: data.isAnonymous === true,
    createdAt: date(data.createdAt),
  };
}

/** The 'Edit Details' save: a merge of the editable fields only. */
export async function updateProfileDetails(uid: string, details: ProfileDetails): Promise<void> {
  const { name, phone, address, country, state, city } = profileDetailsSchema.parse(details);
  await setDoc(userDoc(uid), { name, phone, address, country, state, city }, { merge: true });
}

function subscribe<T>(
  collection: CollectionReference,
  orderField: string,
  toItem: (id: string, data: DocumentData) => T,
  onData: (items: T[]) => void,
  onError: (error: Error) => void,
): () => void {
  // Live, so a status the server changes (e.g. after payment) shows without a reload.
  return onSnapshot(
    query(collection, orderBy(orderField, 'desc')),
    (snapshot) => onData(snapshot.docs.map((doc) => toItem(doc.id, dataOf(doc)))),
    onError,
  );
}

export function subscribeToInvoices(uid: string, onData: (items: Invoice[]) => void, onError: (error: Error) => void) {
  return subscribe(
    invoicesOf(uid),
    'createdAt',
    (id, data): Invoice => ({
      id,
      invoiceId: str(data.invoiceId) || id,
      amount: num(data.amount),
      currency: str(data.currency) || 'INR',
      status: str(data.status),
      createdAt: date(data.createdAt),
      paymentId: str(data.paymentId) || undefined,
    }),
    onData,
    onError,
  );
}

export function subscribeToQueries(uid: string, onData: (items: Query[]) => void, onError: (error: Error) => void) {
  return subscribe(
    queriesOf(uid),
    'submittedAt',
    (id, data): Query => ({
      id,
      businessName: str(data.businessName),
      message: str(data.message),
      status: str(data.status) || 'New',
      submittedAt: date(data.submittedAt),
    }),
    onData,
    onError,
  );
}

export function subscribeToOrders(uid: string, onData: (items: Order[]) => void, onError: (error: Error) => void) {
  return subscribe(
    ordersOf(uid),
    'createdAt',
    (id, data): Order => ({
      id,
      orderNumber: str(data.orderNumber) || id,
      items: Array.isArray(data.items)
        ? data.items.map((item: Record<string, unknown>) => ({
            id: str(item.id),
            name: str(item.name),
            category: str(item.category),
            price: str(item.price),
          }))
        : [],
      total: num(data.total),
      currency: str(data.currency) || 'INR',
      status: str(data.status),
      createdAt: date(data.createdAt),
    }),
    onData,
    onError,
  );
}

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
  const refs = [];
  for (const collection of [invoicesOf(uid), queriesOf(uid), ordersOf(uid), cartOf(uid)]) {
    refs.push(...(await getDocs(collection)).docs.map((doc) => doc.ref));
  }
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
