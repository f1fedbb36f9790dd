import { useCallback, useEffect, useState } from 'react';

/** A request's load state: loading, its error message, or its data. */
export type Load<T> = { status: 'loading' } | { status: 'error'; error: string } | { status: 'ready'; data: T };

const LOADING = { status: 'loading' } as const;

/**
 * Loads once per `key` (and again on retry); a late answer for an older key is dropped. While a new
 * key loads it is loading: the page never shows the previous record under the new one's address.
 * `keepPrevious`: a list's next page or filter, where the rows on screen (and the button pressed,
 * with the focus) may stay until the new ones come.
 */
export function useLoad<T>(
  load: () => Promise<T>,
  key: string,
  { keepPrevious = false }: { keepPrevious?: boolean } = {},
): [Load<T>, () => void] {
  const [answer, setAnswer] = useState<{ key: string; state: Load<T> } | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let isCurrent = true;
    load().then(
      (data) => isCurrent && setAnswer({ key, state: { status: 'ready', data } }),
      (error: unknown) =>
        isCurrent &&
        setAnswer({ key, state: { status: 'error', error: error instanceof Error ? error.message : String(error) } }),
    );
    return () => {
      isCurrent = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);
  const shown = answer?.key === key || (keepPrevious && answer?.state.status === 'ready') ? answer!.state : LOADING;
  return [shown, useCallback(() => setRound((value) => value + 1), [])];
}
