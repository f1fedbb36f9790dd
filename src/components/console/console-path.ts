import { createContext, useContext } from 'react';
import { useSearchParams } from 'react-router';

/** Where the console is mounted (the app's route, e.g. '/admin'); screens link with `to(...)`. */
export const ConsolePathContext = createContext('/admin');

/** Builds a console link: `to('customers', uid)` -> '/admin/customers/{uid}'. */
export function useConsoleLink(): (...parts: string[]) => string {
  const base = useContext(ConsolePathContext);
  return (...parts) => [base, ...parts.map(encodeURIComponent)].join('/');
}

/**
 * A list's view, kept in the URL's `?{param}=` so a link (the console's home) can open it: one of
 * `views`, or `fallback`, the view a URL without it shows. Choosing one replaces the history entry.
 */
export function useViewParam<View extends string>(
  views: Array<[View, string]>,
  param: string,
  fallback: View,
): [View, (view: string) => void] {
  const [params, setParams] = useSearchParams();
  const view = views.find(([value]) => value === params.get(param))?.[0] ?? fallback;
  const setView = (value: string) => setParams(value === fallback ? {} : { [param]: value }, { replace: true });
  return [view, setView];
}
