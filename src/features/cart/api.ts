import { deleteDoc, doc, getDocs, setDoc, writeBatch } from 'firebase/firestore';
import { parseStoredCart, type CartItem } from '@/domain/cart';
import { cartOf } from './data';
import { db } from '@/lib/firestore';

/** The only module of the cart feature that talks to Firestore (loaded on demand, never on first paint). */

export async function loadCart(uid: string): Promise<CartItem[]> {
  const snapshot = await getDocs(cartOf(uid));
  return parseStoredCart(snapshot.docs.map((item) => item.data()));
}

const line = ({ id, name, category, price }: CartItem): CartItem => ({ id, name, category, price });

export async function saveCartItem(uid: string, item: CartItem): Promise<void> {
  await setDoc(doc(cartOf(uid), item.id), line(item));
}

/** Writes the merged local items in one batch. */
export async function saveCartItems(uid: string, items: CartItem[]): Promise<void> {
  const batch = writeBatch(db);
  for (const item of items) batch.set(doc(cartOf(uid), item.id), line(item));
  await batch.commit();
}

export async function deleteCartItem(uid: string, id: string): Promise<void> {
  await deleteDoc(doc(cartOf(uid), id));
}

/** Deletes every stored item in one batch. */
export async function clearStoredCart(uid: string): Promise<void> {
  const snapshot = await getDocs(cartOf(uid));
  const batch = writeBatch(db);
  for (const item of snapshot.docs) batch.delete(item.ref);
  await batch.commit();
}
