import { useEffect, useState } from 'react';

export type LiveList<T> = { status: 'loading' } | { status: 'ready'; items: T[] } | { status: 'error'; error: Error };

type Subscribe<T> = (uid: string, onData: (items: T[]) => void, onError: (error: Error) => void) => () => void;

/** A Firestore listener as state; it stops when the component goes or the user changes. */
export function useLiveList<T>(uid: string, subscribe: Subscribe<T>): LiveList<T> {
  const [state, setState] = useState<{ uid: string; list: LiveList<T> }>({ uid, list: { status: 'loading' } });
  useEffect(
    () =>
      subscribe(
        uid,
        (items) => setState({ uid, list: { status: 'ready', items } }),
        (error) => {
          console.warn('A live list failed:', error);
          setState({ uid, list: { status: 'error', error } });
        },
      ),
    [uid, subscribe],
  );
  return state.uid === uid ? state.list : { status: 'loading' };
}
