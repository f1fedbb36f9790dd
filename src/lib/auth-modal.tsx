import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type AuthModalMode = 'login' | 'signup';

interface AuthModalState {
  isOpen: boolean;
  mode: AuthModalMode;
  /** Bumped on every open so the modal resets its step and fields. */
  openCount: number;
  /** Why it opened when the visitor did not ask for it (e.g. Add to Cart signed out), shown under the title. */
  reason?: string;
  /**
   * The only address to log in or sign up with (an invitation's: the page that asks shows it
   * prefilled and locked).
   */
  lockedEmail?: string;
}

interface AuthModalApi extends AuthModalState {
  open: (mode: AuthModalMode, reason?: string, options?: { lockedEmail?: string }) => void;
  close: () => void;
}

const AuthModalContext = createContext<AuthModalApi | null>(null);

/** Who asked for the auth modal and in which mode; the modal itself lives in features/auth. */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthModalState>({ isOpen: false, mode: 'login', openCount: 0 });
  const open = useCallback(
    (mode: AuthModalMode, reason?: string, options: { lockedEmail?: string } = {}) =>
      setState((previous) => ({
        isOpen: true,
        mode,
        reason,
        lockedEmail: options.lockedEmail,
        openCount: previous.openCount + 1,
      })),
    [],
  );
  const close = useCallback(() => setState((previous) => ({ ...previous, isOpen: false })), []);
  const value = useMemo(() => ({ ...state, open, close }), [state, open, close]);
  return <AuthModalContext.Provider value={value}>{children}</AuthModalContext.Provider>;
}

export function useAuthModal(): AuthModalApi {
  const context = useContext(AuthModalContext);
  if (!context) throw new Error('useAuthModal must be used inside <AuthModalProvider>.');
  return context;
}
