import { Outlet, useLocation, useNavigate } from 'react-router';
import { Footer } from '@/components/footer';
import { Navbar } from '@/components/navbar';
import { GuestBanner } from '@/features/auth/guest-banner';
import { CartProvider, useCart } from '@/features/cart/cart-provider';
import { useAuthModal } from '@/lib/auth-modal';
import { signOutUser, useSession } from '@/lib/session';
import { useToastsFollowPage } from '@/lib/toast';
import { paths } from '../paths';
import { POLICY_LINKS } from '../routes/policy-links';
import { AuthModalHost } from './auth-modal-host';
import { ScrollManager } from './scroll-manager';

export function RootLayout() {
  return (
    <CartProvider>
      <Shell />
    </CartProvider>
  );
}

function Shell() {
  const session = useSession();
  const authModal = useAuthModal();
  const cart = useCart();
  const navigate = useNavigate();
  useToastsFollowPage(useLocation().pathname);

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
        cartCount={cart.count}
        onLogin={() => authModal.open('login')}
        onLogout={() => void signOutUser().then(() => navigate(paths.home))}
      />
      {/* The page's one main landmark; pages render regions inside it, and the footer (contentinfo) follows it. */}
      <main id="main" className="pt-[68px]">
        {session.user?.isAnonymous && <GuestBanner />}
        <Outlet />
      </main>
      <Footer policyLinks={POLICY_LINKS} />
      <ScrollManager />
      <AuthModalHost />
    </>
  );
}
