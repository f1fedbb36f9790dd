/** Order numbers are 'ORD-' followed by the creation time in milliseconds. */
export function makeOrderNumber(now: number = Date.now()): string {
  return `ORD-${now}`;
}

/** Bounded, as firestore.rules checks it (13 digits until the year 2286). */
export const ORDER_NUMBER_PATTERN = /^ORD-\d{13,16}$/;

/**
 * The most lines one order may hold: a cart holds each plan once, so the catalogue's size.
 * firestore.rules checks each line within its budget of 1,000 expressions per request, which
 * leaves room for a few more plans (raise both together; a unit test keeps them in step).
 */
export const ORDER_MAX_ITEMS = 15;
