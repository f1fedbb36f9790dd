import { useEffect, useLayoutEffect, useRef, useState } from 'react';

export type Unsubscribe = () => void;

/**
 * Starts delivering data: `onData` with every new value (once for a one-shot load, on each change
 * for a live listener), `onError` when it fails. Returns how to stop, either at once or once it has
 * started (say, after importing its module); a one-shot load may return nothing.
 */
export type Subscribe<T> = (
  onData: (data: T) => void,
  onError: (error: Error) => void,
) => Unsubscribe | void | Promise<Unsubscribe | void>;

/** The one shape of loaded data: loading, then ready with `data`, or failed with `error`. */
export type SubscriptionState<T> =
  | { status: 'loading'; data: T | undefined; error: undefined }
  | { status: 'ready'; data: T; error: undefined }
  | { status: 'error'; data: undefined; error: Error };

export interface SubscriptionOptions {
  /**
   * While a new key loads, keep showing the last key's data (status 'loading', data set): for a
   * reload or a longer page of the same list. Off by default, so one person's or one country's
   * data never shows under another.
   */
  keepPreviousData?: boolean;
}

const LOADING = { status: 'loading', data: undefined, error: undefined } as const;

/** A one-shot load as a Subscribe: its result or failure arrives once. */
export function loadOnce<T>(load: () => Promise<T>): Subscribe<T> {
  return (onData, onError) => {
    load().then(onData, onError);
  };
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * Data from `subscribe` as state. `key` names what is subscribed (null: nothing yet). The one
 * cancellation rule: a subscription lives exactly as long as its key. When the key changes or the
 * component goes, it is stopped, and anything it still reports is ignored. A new `subscribe`
 * function with the same key does not resubscribe (it is usually a fresh closure every render).
 * Failures are logged here, once, and returned as `error`.
 */
export function useSubscription<T>(
  key: string | null,
  subscribe: Subscribe<T>,
  { keepPreviousData = false }: SubscriptionOptions = {},
): SubscriptionState<T> {
  const [state, setState] = useState<{ key: string | null; value: SubscriptionState<T> }>({
    key: null,
    value: LOADING,
  });
  const latest = useRef(subscribe);
  useLayoutEffect(() => {
    latest.current = subscribe;
  });

  useEffect(() => {
    if (key === null) return;
    let isActive = true;
    let stop: Unsubscribe | void = undefined;
    const onData = (data: T) => {
      if (isActive) setState({ key, value: { status: 'ready', data, error: undefined } });
    };
    const onError = (error: unknown) => {
      if (!isActive) return;
      console.warn(`Loading '${key}' failed:`, error);
      setState({ key, value: { status: 'error', data: undefined, error: asError(error) } });
    };
    try {
      const started = latest.current(onData, onError);
      if (started instanceof Promise) {
        started.then((unsubscribe) => (isActive ? (stop = unsubscribe) : unsubscribe?.()), onError);
      } else {
        stop = started;
      }
    } catch (error) {
      onError(error);
    }
    return () => {
      isActive = false;
      stop?.();
    };
  }, [key]);

  if (state.key === key) return state.value;
  if (keepPreviousData && state.value.status === 'ready') {
    return { status: 'loading', data: state.value.data, error: undefined };
  }
  return LOADING;
}
