import type { ReactNode } from 'react';
import { AuthModalProvider } from '@/lib/auth-modal';
import { SessionProvider } from '@/lib/session';
import { ToastProvider } from '@/lib/toast';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SessionProvider>
      <ToastProvider>
        <AuthModalProvider>{children}</AuthModalProvider>
      </ToastProvider>
    </SessionProvider>
  );
}
