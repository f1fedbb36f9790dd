import type { ReactNode } from 'react';
import { AuthModalProvider } from '@/lib/auth-modal';
import { SessionProvider } from '@/lib/session';
import { ToastProvider } from '@/lib/toast';

/** Everything the app provides besides the session (component tests wrap their own session around it). */
export function UiProviders({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <AuthModalProvider>{children}</AuthModalProvider>
    </ToastProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SessionProvider>
      <UiProviders>{children}</UiProviders>
    </SessionProvider>
  );
}
