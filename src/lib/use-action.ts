import { useState } from 'react';

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

/**
 * One button's or form's API call, on the customer's pages and in the console: `isBusy` while it
 * runs (to disable the button and say so), and the server's `{ message }` (or the error's text)
 * when it fails. `run` resolves to whether it succeeded, so a caller can close a form or say 'done'
 * only then; the input stays when it fails. `describe` words a failure where the error's own text
 * is not for a person (by default, the error's message).
 */
export function useAction<Args extends unknown[]>(
  action: (...args: Args) => Promise<unknown>,
  describe: (failure: unknown) => string = messageOf,
) {
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(...args: Args): Promise<boolean> {
    setIsBusy(true);
    setError(null);
    try {
      await action(...args);
      return true;
    } catch (failure) {
      setError(describe(failure));
      return false;
    } finally {
      setIsBusy(false);
    }
  }

  return { run, isBusy, error };
}
