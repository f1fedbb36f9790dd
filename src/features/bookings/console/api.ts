import { onSnapshot, type Query } from 'firebase/firestore';
import type { Subscribe } from '@/lib/use-subscription';

/** A live query's rows, for useSubscription. */
export const liveRows =
  <T>(query: Query<T>): Subscribe<T[]> =>
  (onData, onError) =>
    onSnapshot(query, (snapshot) => onData(snapshot.docs.map((doc) => doc.data())), onError);
