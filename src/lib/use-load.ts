import { useCallback, useEffect, useState } from 'react';

/** A request's load state: loading, its error message, or its data. */
export type Load<T> = { status: 'loading' } | { status: 'error'; error: string } | { status: 'ready'; data: T };

/** Loads once per `key` (and again on retry); a late answer for an older key is dropped. */
export function useLoad<T>(load: () => Promise<T>, key: string): [Load<T>, () => void] {
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let isCurrent = true;
    load().then(
      (data) => isCurrent && setState({ status: 'ready', data }),
      (error: unknown) =>
        isCurrent && setState({ status: 'error', error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      isCurrent = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);
  return [state, useCallback(() => setRound((value) => value + 1), [])];
}
