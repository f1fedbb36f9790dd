/**
 * Concurrent calls for one key, in this process and on one database (`scope`), share the first
 * call's promise: a burst of requests for one document or one payment makes one transaction, not
 * fifty contending ones. Across instances the work still has its own guard (a lease, a claim or a
 * transaction); this only keeps one instance from queueing against itself.
 */
export function singleFlight<Scope extends object, T>() {
  const flights = new WeakMap<Scope, Map<string, Promise<T>>>();
  return async (scope: Scope, key: string, run: () => Promise<T>): Promise<{ value: T; joined: boolean }> => {
    let running = flights.get(scope);
    if (!running) {
      running = new Map();
      flights.set(scope, running);
    }
    const current = running.get(key);
    if (current) return { value: await current, joined: true };
    const flight = run();
    running.set(key, flight);
    try {
      return { value: await flight, joined: false };
    } finally {
      running.delete(key);
    }
  };
}
