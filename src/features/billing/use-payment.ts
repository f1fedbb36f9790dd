import { useCallback, useRef, useState } from 'react';
import { cartTotalPaise, findReusableOrder, priceOrderItems, type CartItem } from '@/domain/cart';
import { useSession } from '@/lib/session';
import { CheckoutCancelledError } from '@/lib/razorpay-checkout';
import { useToast } from '@/lib/toast';
import type { ClaimedAmount } from './api';
import { runCheckout } from './checkout';

/** A document to pay. */
export type PayTarget =
  { type: 'invoice'; docId: string; invoiceId: string } | { type: 'product_order'; docId: string; orderNumber: string };

export interface PayRequest {
  /** The document, or how to make it first (that runs inside the same one-payment-at-a-time guard). */
  target: PayTarget | (() => Promise<PayTarget>);
  /** What `payingId` says meanwhile; the target's document id by default. */
  payingId?: string;
  /** The spec's body fields of a new invoice (compared by the server, never charged). */
  claimed?: ClaimedAmount;
  /** For the checkout's prefill when the profile has none; the signed-in user's by default. */
  prefill?: { name?: string; email?: string };
  /** The company it is paid for: the acting company by default (see lib/api-client.ts). */
  companyId?: string;
}

/** A document this flow has just paid (its status may still be being confirmed). */
export type PaidDocument = Extract<PaymentResult, { status: 'paid' }>;

/** How a payment ended. A 'paid' one may still be being confirmed (the status updates shortly). */
export type PaymentResult =
  | { status: 'paid'; paymentId: string; isConfirmed: boolean; target: PayTarget }
  | { status: 'cancelled' }
  | { status: 'failed'; error: unknown };

export interface PaymentApi {
  /** What is being paid right now, if anything (buttons are disabled meanwhile). */
  payingId: string | null;
  /** The one payment flow; it reports nothing itself. Null when a payment is already running. */
  payDocument: (request: PayRequest) => Promise<PaymentResult | null>;
  /**
   * The profile's Pay Now: pays the document and reports the outcome in a toast. Resolves with the
   * paid document (for its receipt), or null.
   */
  pay: (target: PayTarget) => Promise<PaidDocument | null>;
  /**
   * Creates the cart's order (or reuses the user's 'Pending' order of the same cart), pays it and
   * verifies it. Resolves with the paid order (for its receipt), or null; failures are shown as
   * the spec's alert ('An error occurred during payment: …').
   */
  payCart: (items: CartItem[]) => Promise<PaidDocument | null>;
}

export const DEFAULT_PAYMENT_ERROR = 'Payment gateway error.';
export const CART_PAYING_ID = 'cart';
export const NEW_DOCUMENT_PAYING_ID = 'new';
/** The toasts of paying the cart replace each other (a success replaces an earlier decline). */
const CART_PAYMENT_KEY = 'payment:cart';

/** The error's own text, or the given fallback. */
export function paymentErrorText(error: unknown, fallback = DEFAULT_PAYMENT_ERROR): string {
  return (error instanceof Error && error.message) || fallback;
}

const describe = (target: PayTarget) =>
  target.type === 'invoice' ? `Payment for Invoice #${target.invoiceId}` : `Payment for Order #${target.orderNumber}`;

function successText(paymentId: string, isConfirmed: boolean): string {
  return isConfirmed
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

  const payDocument = useCallback(
    async ({ target, payingId: shownId, claimed, prefill, companyId }: PayRequest): Promise<PaymentResult | null> => {
      if (!user || busy.current) return null;
      busy.current = true;
      setPayingId(shownId ?? (typeof target === 'function' ? NEW_DOCUMENT_PAYING_ID : target.docId));
      try {
        const document = typeof target === 'function' ? await target() : target;
        const outcome = await runCheckout({
          uid: user.uid,
          companyId,
          type: document.type,
          docId: document.docId,
          description: describe(document),
          claimed,
          fallbackPrefill: {
            name: prefill?.name ?? user.displayName ?? undefined,
            email: prefill?.email ?? user.email ?? undefined,
          },
        });
        return {
          status: 'paid',
          paymentId: outcome.paymentId,
          isConfirmed: outcome.status === 'Paid',
          target: document,
        };
      } catch (error) {
        return error instanceof CheckoutCancelledError ? { status: 'cancelled' } : { status: 'failed', error };
      } finally {
        busy.current = false;
        setPayingId(null);
      }
    },
    [user],
  );

  /** Toasts the outcome (replacing the toast of an earlier attempt at the same payment); the paid document, if paid. */
  const report = useCallback(
    (result: PaymentResult | null, failurePrefix: string, key: string): PaidDocument | null => {
      if (result?.status === 'paid') {
        toast(successText(result.paymentId, result.isConfirmed), result.isConfirmed ? 'success' : 'info', { key });
        return result;
      }
      if (result?.status === 'failed') toast(`${failurePrefix}${paymentErrorText(result.error)}`, 'error', { key });
      return null;
    },
    [toast],
  );

  const pay = useCallback(
    async (target: PayTarget) => {
      const label = target.type === 'invoice' ? `Inv #${target.invoiceId}` : `Order #${target.orderNumber}`;
      return report(await payDocument({ target }), `Failed to pay ${label}: `, `payment:${target.docId}`);
    },
    [payDocument, report],
  );

  const payCart = useCallback(
    async (items: CartItem[]) => {
      if (!user || busy.current || items.length === 0) return null;
      // A stale cart (a plan no longer sold, or a changed price) is refused before any order is created.
      const staleReason = staleCartReason(items);
      if (staleReason) {
        toast(`An error occurred during payment: ${staleReason}`, 'error', { key: CART_PAYMENT_KEY });
        return null;
      }
      const result = await payDocument({
        payingId: CART_PAYING_ID,
        // The cart is the person's: its order is their own company's, whatever company they act for.
        companyId: user.uid,
        target: async () => {
          const api = await import('./api');
          // A retry after a closed or failed checkout pays the same order (and the server its open gateway order).
          const reusable = findReusableOrder(await api.loadPendingOrders(user.uid), items);
          const { docId, orderNumber } = reusable
            ? { docId: reusable.id, orderNumber: reusable.orderNumber }
            : await api.createOrder(user.uid, items);
          return { type: 'product_order', docId, orderNumber };
        },
      });
      return report(result, 'An error occurred during payment: ', CART_PAYMENT_KEY);
    },
    [user, toast, payDocument, report],
  );

  return { payingId, payDocument, pay, payCart };
}
