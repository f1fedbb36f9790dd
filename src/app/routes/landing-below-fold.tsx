import { lazy, Suspense, useState } from 'react';
import { ProductsSection } from '@/features/catalog/products-section';
import { ContactSection } from './contact-section';
import { Clients } from '@/features/landing/clients';
import { Process } from '@/features/landing/process';
import { useCart } from '@/features/cart/cart-provider';
import { useAuthModal } from '@/lib/auth-modal';
import { useSession, whenSessionKnown } from '@/lib/session';
import { receiptPath } from '../paths';

// Firestore comes with the invoice panel, so it loads only when a signed-in user opens that tab.
const InvoicePanel = lazy(() => import('@/features/billing/invoice-panel').then((m) => ({ default: m.InvoicePanel })));

/** The landing page's sections below the first screen: products, process, clients and contact (the layout adds the footer). */
export function BelowFold() {
  const cart = useCart();
  const session = useSession();
  const authModal = useAuthModal();
  const isAuthPending = session.status === 'loading';
  // A plan card's 'Need something different?' opens the contact section's quote request form.
  const [quoteRequest, setQuoteRequest] = useState<{ projectType: string; key: number } | null>(null);

  return (
    <>
      <ProductsSection
        onAddToCart={(item) => void cart.add(item)}
        // A guest's cart is in this browser's storage, which the prerendered page cannot know:
        // until the first auth state, every plan shows as the HTML did ('Add to Cart', inactive).
        isInCart={(id) => !isAuthPending && cart.has(id)}
        canAdd={Boolean(session.user)}
        onNeedLogin={(item) => {
          const reason = `Create an account to add ${item.name} to your cart.`;
          if (!isAuthPending) {
            cart.addAfterSignIn(item);
            authModal.open('signup', reason);
            return;
          }
          // Tapped before the session is known (a slow phone): honoured as soon as it is, never dropped.
          void whenSessionKnown().then(({ user }) => {
            cart.addAfterSignIn(item);
            if (!user) authModal.open('signup', reason);
          });
        }}
        onRequestQuote={(projectType) =>
          setQuoteRequest((previous) => ({ projectType, key: (previous?.key ?? 0) + 1 }))
        }
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
        quoteRequest={quoteRequest}
      />
    </>
  );
}
