import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadOnce, useSubscription, type Subscribe } from '@/lib/use-subscription';

/** A controllable live source: `emit`/`fail` push to the current subscriber, `stops` counts unsubscribes. */
function liveSource<T>() {
  const source = {
    keys: [] as string[],
    stops: 0,
    emit: (_data: T) => {},
    fail: (_error: Error) => {},
    subscribe:
      (key: string): Subscribe<T> =>
      (onData, onError) => {
        source.keys.push(key);
        source.emit = onData;
        source.fail = onError;
        return () => {
          source.stops += 1;
        };
      },
  };
  return source;
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('useSubscription', () => {
  it('when a listener reports values, then the state goes loading, ready, and follows each change', () => {
    const source = liveSource<string[]>();
    const { result } = renderHook(() => useSubscription('u1', source.subscribe('u1')));
    expect(result.current).toEqual({ status: 'loading', data: undefined, error: undefined });

    act(() => source.emit(['a']));
    expect(result.current).toEqual({ status: 'ready', data: ['a'], error: undefined });
    act(() => source.emit(['a', 'b']));
    expect(result.current.data).toEqual(['a', 'b']);
  });

  it('when it fails, then the state is error with the error, and the failure is logged once', () => {
    const source = liveSource<string>();
    const { result } = renderHook(() => useSubscription('u1', source.subscribe('u1')));

    act(() => source.fail(new Error('denied')));

    expect(result.current.status).toBe('error');
    expect(result.current.error?.message).toBe('denied');
    expect(console.warn).toHaveBeenCalledTimes(1);
  });

  it('when the key changes, then the old subscription stops, its late values are ignored and the new key starts loading', () => {
    const source = liveSource<string>();
    const { result, rerender } = renderHook(({ key }) => useSubscription(key, source.subscribe(key)), {
      initialProps: { key: 'u1' },
    });
    act(() => source.emit('first'));
    const lateEmitOfU1 = source.emit;

    rerender({ key: 'u2' });
    expect(source.stops).toBe(1);
    expect(result.current.status).toBe('loading');
    expect(result.current.data).toBeUndefined();
    act(() => lateEmitOfU1('stale'));
    expect(result.current.status).toBe('loading');
    act(() => source.emit('second'));
    expect(result.current.data).toBe('second');
  });

  it('when the component re-renders with a new subscribe function but the same key, then it does not resubscribe', () => {
    const source = liveSource<string>();
    const { rerender } = renderHook(() => useSubscription('u1', source.subscribe('u1')));
    rerender();
    rerender();
    expect(source.keys).toEqual(['u1']);
  });

  it('when the component goes, then the subscription stops and nothing it reports afterwards is used', () => {
    const source = liveSource<string>();
    const { unmount } = renderHook(() => useSubscription('u1', source.subscribe('u1')));
    unmount();
    expect(source.stops).toBe(1);
    expect(() => source.emit('late')).not.toThrow();
  });

  it('when subscribe starts asynchronously and the component goes first, then it is stopped as soon as it has started', async () => {
    const stop = vi.fn();
    let start!: () => void;
    const started = new Promise<void>((resolve) => (start = resolve));
    const { unmount } = renderHook(() =>
      useSubscription('u1', async () => {
        await started;
        return stop;
      }),
    );
    unmount();
    await act(async () => start());
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('when the key is null, then nothing is subscribed', () => {
    const subscribe = vi.fn();
    const { result } = renderHook(() => useSubscription(null, subscribe));
    expect(subscribe).not.toHaveBeenCalled();
    expect(result.current.status).toBe('loading');
  });

  it('when a one-shot loader resolves or rejects, then it is ready or error', async () => {
    const ok = renderHook(() =>
      useSubscription(
        'countries',
        loadOnce(async () => ['India']),
      ),
    );
    const bad = renderHook(() =>
      useSubscription(
        'states',
        loadOnce(() => Promise.reject(new Error('offline'))),
      ),
    );
    await act(async () => {});
    expect(ok.result.current).toEqual({ status: 'ready', data: ['India'], error: undefined });
    expect(bad.result.current.error?.message).toBe('offline');
  });

  it('when keepPreviousData is set and the key changes, then the last data shows while the new key loads', () => {
    const source = liveSource<string>();
    const { result, rerender } = renderHook(
      ({ key }) => useSubscription(key, source.subscribe(key), { keepPreviousData: true }),
      { initialProps: { key: 'v1' } },
    );
    act(() => source.emit('old'));

    rerender({ key: 'v2' });
    expect(result.current).toEqual({ status: 'loading', data: 'old', error: undefined });
    act(() => source.emit('new'));
    expect(result.current).toEqual({ status: 'ready', data: 'new', error: undefined });
  });
});
