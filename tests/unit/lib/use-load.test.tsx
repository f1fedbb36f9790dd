import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLoad } from '@/lib/use-load';

/** Loads whose answers the test gives, one per call, in any order. */
function answers() {
  const pending: Array<{ key: string; resolve: (value: string) => void; reject: (error: Error) => void }> = [];
  return {
    pending,
    load: (key: string) => () =>
      new Promise<string>((resolve, reject) => {
        pending.push({ key, resolve, reject });
      }),
  };
}

describe('useLoad', () => {
  it('when the key changes, then the previous record is not shown while the next loads, and a late answer for it is dropped', async () => {
    const source = answers();
    const { result, rerender } = renderHook(({ id }) => useLoad(source.load(id), id), { initialProps: { id: 'A' } });
    expect(result.current[0]).toEqual({ status: 'loading' });
    await act(async () => source.pending[0]!.resolve('record A'));
    expect(result.current[0]).toEqual({ status: 'ready', data: 'record A' });

    rerender({ id: 'B' });
    expect(result.current[0]).toEqual({ status: 'loading' });
    rerender({ id: 'C' });
    await act(async () => source.pending[1]!.resolve('record B'));
    expect(result.current[0]).toEqual({ status: 'loading' });
    await act(async () => source.pending[2]!.resolve('record C'));
    expect(result.current[0]).toEqual({ status: 'ready', data: 'record C' });
  });

  it('when a list keeps its previous page, then those rows stay until the next page answers', async () => {
    const source = answers();
    const { result, rerender } = renderHook(({ page }) => useLoad(source.load(page), page, { keepPrevious: true }), {
      initialProps: { page: '1' },
    });
    expect(result.current[0]).toEqual({ status: 'loading' });
    await act(async () => source.pending[0]!.resolve('page 1'));

    rerender({ page: '2' });
    expect(result.current[0]).toEqual({ status: 'ready', data: 'page 1' });
    await act(async () => source.pending[1]!.resolve('page 2'));
    expect(result.current[0]).toEqual({ status: 'ready', data: 'page 2' });
  });

  it('when a load fails and is retried, then its error shows until the retry answers', async () => {
    const source = answers();
    const { result } = renderHook(() => useLoad(source.load('A'), 'A'));
    await act(async () => source.pending[0]!.reject(new Error('Could not load.')));
    expect(result.current[0]).toEqual({ status: 'error', error: 'Could not load.' });

    act(() => result.current[1]());
    expect(source.pending).toHaveLength(2);
    await act(async () => source.pending[1]!.resolve('record A'));
    expect(result.current[0]).toEqual({ status: 'ready', data: 'record A' });
  });
});
