import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { UiProviders } from '@/app/providers';
import { SessionContext, type Session } from '@/lib/session';

export const SIGNED_OUT: Session = { status: 'ready', user: null };
export const REGISTERED: Session = {
  status: 'ready',
  user: { uid: 'u1', email: 'a@b.co', displayName: 'A', isAnonymous: false, providerIds: ['password'] },
};
export const GUEST: Session = {
  status: 'ready',
  user: { uid: 'g1', email: null, displayName: null, isAnonymous: true, providerIds: [] },
};

export interface RenderAppOptions {
  /** The signed-in session the components see (Firebase Auth is never loaded). */
  session?: Session;
  /** The router's location. */
  path?: string;
}

/**
 * Renders UI inside the app's real providers (toasts, auth modal) and a router, with a given
 * session in place of Firebase Auth: the one way component tests render.
 */
export function renderApp(ui: ReactNode, { session = SIGNED_OUT, path = '/' }: RenderAppOptions = {}) {
  return render(
    <SessionContext.Provider value={session}>
      <UiProviders>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </UiProviders>
    </SessionContext.Provider>,
  );
}
