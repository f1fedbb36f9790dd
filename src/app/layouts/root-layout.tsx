import { Outlet } from 'react-router-dom';
import { Navbar } from '@/components/navbar';
import { useAuthModal } from '@/lib/auth-modal';
import { signOutUser, useSession } from '@/lib/session';
import { ScrollManager } from './scroll-manager';

export function RootLayout() {
  const session = useSession();
  const authModal = useAuthModal();

  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900"
      >
        Skip to content
      </a>
      <Navbar
        session={session}
        cartCount={0}
        onLogin={() => authModal.open('login')}
        onLogout={() => void signOutUser()}
      />
      <main id="main" className="pt-[68px]">
        <Outlet />
      </main>
      <ScrollManager />
    </>
  );
}
