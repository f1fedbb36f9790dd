import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAction } from '@/lib/use-action';

/** A promise the test settles by hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useAction', () => {
  it('when the call is running, then it is busy, and when it succeeds, then run resolves true with no error', async () => {
    const call = deferred();
    const seen: string[] = [];
    const { result } = renderHook(() =>
      useAction((id: string) => {
        seen.push(id);
        return call.promise;
      }),
    );
    let outcome!: Promise<boolean>;
    act(() => {
      outcome = result.current.run('m1');
    });
    expect(result.current.isBusy).toBe(true);
    await act(async () => call.resolve());
    await expect(outcome).resolves.toBe(true);
    expect(result.current).toMatchObject({ isBusy: false, error: null });
    expect(seen).toEqual(['m1']);
  });

  it("when the call fails, then run resolves false with the server's message, and a retry clears it", async () => {
    let attempt = 0;
    const { result } = renderHook(() =>
      useAction(async () => {
        attempt += 1;
        if (attempt === 1) throw new Error('Only a failed mail can be resent.');
      }),
    );
    await act(async () => {
      await expect(result.current.run()).resolves.toBe(false);
    });
    expect(result.current).toMatchObject({ isBusy: false, error: 'Only a failed mail can be resent.' });
    await act(async () => {
      await expect(result.current.run()).resolves.toBe(true);
    });
    expect(result.current.error).toBeNull();
  });
});
