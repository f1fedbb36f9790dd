import { collection, collectionGroup, orderBy, query } from 'firebase/firestore';
import { paiseToRupees, rupeesToPaise } from '@/domain/money';
import { taxDocumentNumberOf, str, num, converter, ownerOf, pick, MalformedDocumentError } from '@/lib/converters';
import { db } from '@/lib/firestore';
import { payableFields } from './payable-fields';

// Orders (users/{uid}/orders): what a customer bought at checkout. Read by billing, profile,
// documents and the console's customer page.
export interface OrderItem {
  id: string;
  name: string;
  category: string;
  price: string;
}

export interface Order {
  id: string;
  /** The customer whose order it is (from its path). */
  ownerUid: string;
  orderNumber: string;
  userId: string;
  items: OrderItem[];
  totalPaise: number;
  currency: string;
  status: string;
  createdAt: Date | null;
  /** Set by the server once paid. */
  paymentId?: string;
  paidAt?: Date;
  /** What the checkout charged, in paise (set by the server with the gateway order). */
  chargedPaise?: number;
  /** The number of the tax invoice (or receipt) issued once it was paid. */
  taxDocumentNumber?: string;
}

const orderItem = (item: unknown): OrderItem => {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    throw new MalformedDocumentError(`An order item is not a record: ${JSON.stringify(item)}.`);
  }
  const { id, name, category, price } = item as Record<string, unknown>;
  if (typeof id !== 'string' || typeof name !== 'string' || typeof category !== 'string' || typeof price !== 'string') {
    throw new MalformedDocumentError('An order item lacks its id, name, category or price text.');
  }
  return { id, name, category, price };
};

const orderItems = (items: unknown): OrderItem[] => {
  if (!Array.isArray(items)) throw new MalformedDocumentError('The order has no list of items.');
  return items.map(orderItem);
};

const orderConverter = converter<Order>(
  (id, data, snapshot) => ({
    id,
    ownerUid: ownerOf(snapshot),
    orderNumber: str(data.orderNumber) || id,
    userId: str(data.userId),
    items: orderItems(data.items),
    totalPaise: rupeesToPaise(num(data.total)),
    ...payableFields(data),
    taxDocumentNumber: taxDocumentNumberOf(data.taxDocument),
  }),
  ({ totalPaise, items, ...order }) => ({
    ...pick(order, ['orderNumber', 'userId', 'currency', 'status', 'createdAt']),
    items: (items as OrderItem[]).map(orderItem),
    total: paiseToRupees(totalPaise as number),
  }),
);

export const ordersOf = (uid: string) => collection(db, 'users', uid, 'orders').withConverter(orderConverter);
// A customer's orders, newest first, as the profile and the console's customer page page through them.
export const ordersNewestFirst = (uid: string) => query(ordersOf(uid), orderBy('createdAt', 'desc'));
export const ordersOfEveryone = () => collectionGroup(db, 'orders').withConverter(orderConverter);
