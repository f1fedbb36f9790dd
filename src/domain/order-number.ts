/** Order numbers are 'ORD-' followed by the creation time in milliseconds. */
export function makeOrderNumber(now: number = Date.now()): string {
  return `ORD-${now}`;
}

export const ORDER_NUMBER_PATTERN = /^ORD-\d{13,}$/;
