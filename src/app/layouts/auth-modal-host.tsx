import { lazy, Suspense } from 'react';
import { useAuthModal } from '@/lib/auth-modal';

// The modal's code (forms, validation, Firebase sign-in) loads the first time it opens.
const AuthModal = lazy(() => import('@/features/auth/auth-modal').then((m) => ({ default: m.AuthModal })));

/** Where the auth modal lives once first asked for: the site's layout and the console's each have one. */
export function AuthModalHost() {
  const { openCount } = useAuthModal();
  if (openCount === 0) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  );
}
