import { collection, serverTimestamp } from 'firebase/firestore';
import { type CartItem } from '@/domain/cart';
import { str, converter, pick } from '@/lib/converters';
import { db } from '@/lib/firestore';

const cartItemConverter = converter<CartItem>(
  (id, data) => ({ id, name: str(data.name), category: str(data.category), price: str(data.price) }),
  // The whole record, stamped with the time it was added.
  (item) => ({ ...pick(item, ['id', 'name', 'category', 'price']), addedAt: serverTimestamp() }),
);

export const cartOf = (uid: string) => collection(db, 'users', uid, 'cart').withConverter(cartItemConverter);
