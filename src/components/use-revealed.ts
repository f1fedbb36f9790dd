import { useEffect, useRef } from 'react';

/**
 * A ref for what replaces the part of a page a person just used (an outcome, a confirmation):
 * whenever `shown` becomes truthy, it takes the focus and comes into the middle of the window,
 * as the focus would otherwise fall to <body> and a phone's reader be left at the footer.
 */
export function useRevealed<T extends HTMLElement>(shown: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!shown) return;
    ref.current?.focus({ preventScroll: true });
    ref.current?.scrollIntoView?.({ block: 'center' });
  }, [shown]);
  return ref;
}
