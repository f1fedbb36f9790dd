import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { useDocumentTitle } from '@/components/use-document-title';
import { useCart } from '@/features/cart/cart-provider';
import { useAuthModal } from '@/lib/auth-modal';
import { useSession } from '@/lib/session';
import { AboveTheFold, BelowFoldPlaceholder } from './landing-shell';
import { receiptPath } from '../paths';
import { POLICY_LINKS } from './policy-links';

// Only the hero and about are needed for the first paint; the sections below the fold load right
// after it, so the JS on the critical path stays small (DESIGN.md budgets).
const ProductsSection = lazy(() =>
  import('@/features/catalog/products-section').then((m) => ({ default: m.ProductsSection })),
);
const Process = lazy(() => import('@/features/landing/process').then((m) => ({ default: m.Process })));
const Clients = lazy(() => import('@/features/landing/clients').then((m) => ({ default: m.Clients })));
const Footer = lazy(() => import('@/components/footer').then((m) => ({ default: m.Footer })));
const ContactSection = lazy(() =>
  import('@/features/contact/contact-section').then((m) => ({ default: m.ContactSection })),
);
// Firestore comes with the invoice panel, so it loads only when a signed-in user opens that tab.
const InvoicePanel = lazy(() => import('@/features/payments/invoice-panel').then((m) => ({ default: m.InvoicePanel })));

/**
 * Waits for the first paint, then lets the lazy sections load. Rendering them is a transition, so
 * React renders in small slices and the page stays responsive meanwhile.
 */
function useAfterFirstPaint(): boolean {
  const [isPainted, setPainted] = useState(false);
  useEffect(() => {
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return isPainted;
}

export function LandingRoute() {
  useDocumentTitle('');
  const cart = useCart();
  const session = useSession();
  const authModal = useAuthModal();
  const isPainted = useAfterFirstPaint();
  const isAuthPending = session.status === 'loading';

  return (
    <>
      <AboveTheFold />
      {isPainted ? (
        <Suspense fallback={<BelowFoldPlaceholder />}>
          <ProductsSection
            onAddToCart={(item) => void cart.add(item)}
            isInCart={cart.has}
            canAdd={Boolean(session.user)}
            isAuthPending={isAuthPending}
            onNeedLogin={(item) => {
              cart.addAfterSignIn(item);
              authModal.open('signup');
            }}
          />
          <Process />
          <Clients />
          <ContactSection
            isSignedIn={Boolean(session.user)}
            isAuthPending={isAuthPending}
            userId={session.user?.uid ?? null}
            userName={session.user?.displayName ?? ''}
            userEmail={session.user?.email ?? ''}
            onLogin={() => authModal.open('login')}
            invoicePanel={
              <Suspense fallback={<p className="py-10 text-center text-slate-600">Loading invoices...</p>}>
                <InvoicePanel receiptHref={(invoiceDocId) => receiptPath('invoice', invoiceDocId)} />
              </Suspense>
            }
            footer={<Footer policyLinks={POLICY_LINKS} />}
          />
        </Suspense>
      ) : (
        <BelowFoldPlaceholder />
      )}
    </>
  );
}
