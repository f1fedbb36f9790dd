import { useCallback, useRef, useState } from 'react';
import { cartTotalPaise, findReusableOrder, priceOrderItems, type CartItem } from '@/domain/cart';
import { useSession } from '@/lib/session';
import { CheckoutCancelledError } from '@/lib/razorpay-checkout';
import { useToast } from '@/lib/toast';
import { runCheckout } from './checkout';

/** What can be paid from the profile page. */
export type PayTarget =
  { type: 'invoice'; docId: string; invoiceId: string } | { type: 'product_order'; docId: string; orderNumber: string };

export interface PaymentApi {
  /** The document id being paid right now, if any (buttons are disabled meanwhile); 'cart' while paying the cart. */
  payingId: string | null;
  pay: (target: PayTarget) => Promise<void>;
  /**
   * Creates the cart's order (or reuses the user's 'Pending' order of the same cart), pays it and
   * verifies it. Resolves true when paid; failures are shown as the spec's alert ('An error occurred
   * during payment: …').
   */
  payCart: (items: CartItem[]) => Promise<boolean>;
}

export const DEFAULT_PAYMENT_ERROR = 'Payment gateway error.';
export const CART_PAYING_ID = 'cart';

function messageOf(error: unknown): string {
  return (error instanceof Error && error.message) || DEFAULT_PAYMENT_ERROR;
}

function successText(paymentId: string, status: 'Paid' | 'Pending'): string {
  return status === 'Paid'
    ? `Payment successful! Payment ID: ${paymentId}`
    : `Payment received (Payment ID: ${paymentId}). The status will update shortly.`;
}

/** Why the cart cannot be paid as it is, judged against the catalogue; null when it can. */
export function staleCartReason(items: CartItem[]): string | null {
  const pricing = priceOrderItems(items);
  if (!pricing.ok) {
    const stale = items.find((item) => item.id === pricing.itemId);
    return stale
      ? `${stale.name} (${stale.category}) is no longer available. Please remove it from your cart.`
      : 'Your cart is empty.';
  }
  return pricing.amountPaise === cartTotalPaise(items)
    ? null
    : 'Prices have changed. Please remove the plans and add them again.';
}

export function usePayment(): PaymentApi {
  const { user } = useSession();
  const toast = useToast();
  const [payingId, setPayingId] = useState<string | null>(null);
  // A ref, not state: a second click in the same frame must not start a second payment.
  const busy = useRef(false);

  const pay = useCallback(
    async (target: PayTarget) => {
      if (!user || busy.current) return;
      busy.current = true;
      setPayingId(target.docId);
      const label = target.type === 'invoice' ? `Inv #${target.invoiceId}` : `Order #${target.orderNumber}`;
      try {
        const outcome = await runCheckout({
          uid: user.uid,
          type: target.type,
          docId: target.docId,
          description:
            target.type === 'invoice'
              ? `Payment for Invoice #${target.invoiceId}`
              : `Payment for Order #${target.orderNumber}`,
          fallbackPrefill: { name: user.displayName ?? undefined, email: user.email ?? undefined },
        });
        toast(successText(outcome.paymentId, outcome.status), outcome.status === 'Paid' ? 'success' : 'info');
      } catch (error) {
        if (!(error instanceof CheckoutCancelledError)) toast(`Failed to pay ${label}: ${messageOf(error)}`, 'error');
      } finally {
        busy.current = false;
        setPayingId(null);
      }
    },
    [user, toast],
  );

  const payCart = useCallback(
    async (items: CartItem[]) => {
      if (!user || busy.current || items.length === 0) return false;
      // A stale cart (a plan no longer sold, or a changed price) is refused before any order is created.
      const staleReason = staleCartReason(items);
      if (staleReason) {
        toast(`An error occurred during payment: ${staleReason}`, 'error');
        return false;
      }
      busy.current = true;
      setPayingId(CART_PAYING_ID);
      try {
        const api = await import('./api');
        // A retry after a closed or failed checkout pays the same order (and the server its open gateway order).
        const reusable = findReusableOrder(await api.loadPendingOrders(user.uid), items);
        const { docId, orderNumber } = reusable
          ? { docId: reusable.id, orderNumber: reusable.orderNumber }
          : await api.createOrder(user.uid, items);
        const outcome = await runCheckout({
          uid: user.uid,
          type: 'product_order',
          docId,
          description: `Payment for Order #${orderNumber}`,
          fallbackPrefill: { name: user.displayName ?? undefined, email: user.email ?? undefined },
        });
        toast(successText(outcome.paymentId, outcome.status), outcome.status === 'Paid' ? 'success' : 'info');
        return true;
      } catch (error) {
        if (!(error instanceof CheckoutCancelledError))
          toast(`An error occurred during payment: ${messageOf(error)}`, 'error');
        return false;
      } finally {
        busy.current = false;
        setPayingId(null);
      }
    },
    [user, toast],
  );

  return { payingId, pay, payCart };
}
