import { createContext, useContext } from 'react';

/** Where the console is mounted (the app's route, e.g. '/admin'); screens link with `to(...)`. */
export const ConsolePathContext = createContext('/admin');

/** Builds a console link: `to('customers', uid)` -> '/admin/customers/{uid}'. */
export function useConsoleLink(): (...parts: string[]) => string {
  const base = useContext(ConsolePathContext);
  return (...parts) => [base, ...parts.map(encodeURIComponent)].join('/');
}
