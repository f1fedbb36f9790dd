import { connectFirestoreEmulator, getFirestore, collection, doc } from 'firebase/firestore';
import { app } from './firebase';
import { env } from './env';

/** Firestore lives in its own module so that pages which never need it never load it. */
export const db = getFirestore(app);

if (env.useEmulators) {
  const [host, port] = env.firestoreEmulatorHost.split(':');
  connectFirestoreEmulator(db, host!, Number(port));
}

// Every Firestore path is built here.
export const userDoc = (uid: string) => doc(db, 'users', uid);
export const cartOf = (uid: string) => collection(db, 'users', uid, 'cart');
export const invoicesOf = (uid: string) => collection(db, 'users', uid, 'invoices');
export const queriesOf = (uid: string) => collection(db, 'users', uid, 'queries');
export const ordersOf = (uid: string) => collection(db, 'users', uid, 'orders');
