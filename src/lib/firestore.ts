import {
  connectFirestoreEmulator,
  type DocumentReference,
  getFirestore,
  onSnapshot,
  type Query,
  type Unsubscribe,
} from 'firebase/firestore';
import { convertedDocs } from './converted-docs';
import { env } from './env';
import { app } from './firebase';

/** Firestore lives in its own module so that pages which never need it never load it. */
export const db = getFirestore(app);

if (env.useEmulators) {
  const [host, port] = env.firestoreEmulatorHost.split(':');
  connectFirestoreEmulator(db, host!, Number(port));
}

/** One document, live: `onData` gets it again on every change, or null when it does not exist. */
export function listenToDoc<T>(
  source: DocumentReference<T>,
  onData: (item: T | null) => void,
  onError: (error: Error) => void,
): Unsubscribe {
  return onSnapshot(source, (snapshot) => onData(snapshot.data() ?? null), onError);
}

/**
 * A query's documents, live: `onData` gets the whole list again on every change (a status the
 * server changes shows without a reload), malformed documents left out. Returns the unsubscribe.
 */
export function listenToList<T>(
  source: Query<T>,
  onData: (items: T[]) => void,
  onError: (error: Error) => void,
): Unsubscribe {
  return onSnapshot(source, (snapshot) => onData(convertedDocs(snapshot)), onError);
}

// Each collection's types, converter and paths live in the feature that owns it (its data.ts):
// customers (users, deletedAccounts), billing (invoices, orders, payments), cart, enquiries (queries,
// enquiries), quotes, renewals (services, renewals), documents, mail, console (job leases).
