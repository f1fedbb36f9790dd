import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { staleCartReason, usePayment, type PaymentApi } from '@/features/billing/use-payment';
import { CheckoutCancelledError } from '@/lib/razorpay-checkout';
import { REGISTERED, renderApp } from '../../helpers/render-app';

const checkout = vi.hoisted(() => ({ runCheckout: vi.fn() }));
vi.mock('@/features/billing/checkout', () => checkout);
const api = vi.hoisted(() => ({ createOrder: vi.fn(), loadPendingOrders: vi.fn() }));
vi.mock('@/features/billing/api', () => api);

let payment: PaymentApi;
function Probe() {
  payment = usePayment();
  return <p data-testid="paying">{payment.payingId ?? 'none'}</p>;
}

function renderHook() {
  renderApp(<Probe />, { session: REGISTERED });
}

const basic = { id: 'website-Basic', name: 'Basic', category: 'Websites & E-commerce', price: '₹20,000' };

/** A Pending ₹20,000 order of the user's, holding `items`. */
const pendingOrder = (id: string, items: unknown[]) => ({
  id,
  orderNumber: 'ORD-1757462400123',
  status: 'Pending',
  items,
  totalPaise: 2_000_000,
  createdAt: new Date(1),
});

beforeEach(() => {
  vi.clearAllMocks();
  api.loadPendingOrders.mockResolvedValue([]);
});

describe('usePayment', () => {
  it('when an invoice payment succeeds, then the alert includes the payment id', async () => {
    checkout.runCheckout.mockResolvedValue({ paymentId: 'pay_ABC', status: 'Paid' });
    renderHook();

    await act(() => payment.pay({ type: 'invoice', docId: 'd1', invoiceId: 'INV-7' }));

    expect(checkout.runCheckout).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'invoice', docId: 'd1', description: 'Payment for Invoice #INV-7' }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Payment successful! Payment ID: pay_ABC');
    expect(screen.getByTestId('paying')).toHaveTextContent('none');
  });

  it("when an order payment fails, then the spec's message names the order", async () => {
    checkout.runCheckout.mockRejectedValue(new Error('Card declined'));
    renderHook();

    await act(() => payment.pay({ type: 'product_order', docId: 'd2', orderNumber: 'ORD-1757462400123' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Failed to pay Order #ORD-1757462400123: Card declined');
  });

  it("when the failure has no message, then 'Payment gateway error.' is used", async () => {
    checkout.runCheckout.mockRejectedValue(new Error(''));
    renderHook();

    await act(() => payment.pay({ type: 'invoice', docId: 'd1', invoiceId: 'INV-7' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Failed to pay Inv #INV-7: Payment gateway error.');
  });

  it('when the cart was paid but its confirmation is still pending, then the cart counts as paid and the alert gives the payment id', async () => {
    api.createOrder.mockResolvedValue({ docId: 'o1', orderNumber: 'ORD-1757462400123' });
    checkout.runCheckout.mockResolvedValue({ paymentId: 'pay_LOST', status: 'Pending' });
    renderHook();

    let paid: Awaited<ReturnType<typeof payment.payCart>> = null;
    await act(async () => {
      paid = await payment.payCart([
        { id: 'website-Basic', name: 'Basic', category: 'Websites & E-commerce', price: '₹20,000' },
      ]);
    });

    expect(paid).toMatchObject({
      status: 'paid',
      paymentId: 'pay_LOST',
      target: { type: 'product_order', docId: 'o1' },
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Payment received (Payment ID: pay_LOST). The status will update shortly.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('when the user has a Pending order of the same cart, then paying again reuses it instead of creating one', async () => {
    api.loadPendingOrders.mockResolvedValue([pendingOrder('o-old', [basic])]);
    checkout.runCheckout.mockResolvedValue({ paymentId: 'pay_R', status: 'Paid' });
    renderHook();

    await act(async () => {
      await payment.payCart([basic]);
    });

    expect(api.loadPendingOrders).toHaveBeenCalledWith('u1');
    expect(api.createOrder).not.toHaveBeenCalled();
    expect(checkout.runCheckout).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'product_order',
        docId: 'o-old',
        description: 'Payment for Order #ORD-1757462400123',
      }),
    );
  });

  it('when the Pending orders hold a different cart, then a new order is created', async () => {
    api.loadPendingOrders.mockResolvedValue([pendingOrder('o-other', [{ ...basic, id: 'website-Premium' }])]);
    api.createOrder.mockResolvedValue({ docId: 'o-new', orderNumber: 'ORD-1757462400999' });
    checkout.runCheckout.mockResolvedValue({ paymentId: 'pay_N', status: 'Paid' });
    renderHook();

    await act(async () => {
      await payment.payCart([basic]);
    });

    expect(api.createOrder).toHaveBeenCalledWith('u1', [basic]);
    expect(checkout.runCheckout).toHaveBeenCalledWith(expect.objectContaining({ docId: 'o-new' }));
  });

  it('when the customer closes the checkout, then no error is shown', async () => {
    checkout.runCheckout.mockRejectedValue(new CheckoutCancelledError());
    renderHook();

    await act(() => payment.pay({ type: 'invoice', docId: 'd1', invoiceId: 'INV-7' }));

    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('when Pay Now is pressed twice at once, then only one payment starts', async () => {
    let finish: (value: unknown) => void = () => {};
    checkout.runCheckout.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderHook();

    let first: Promise<unknown> = Promise.resolve();
    await act(async () => {
      first = payment.pay({ type: 'invoice', docId: 'd1', invoiceId: 'INV-7' });
      void payment.pay({ type: 'invoice', docId: 'd1', invoiceId: 'INV-7' });
    });
    expect(screen.getByTestId('paying')).toHaveTextContent('d1');
    await act(async () => {
      finish({ paymentId: 'pay_X', status: 'Paid' });
      await first;
    });

    expect(checkout.runCheckout).toHaveBeenCalledTimes(1);
  });
});

describe('staleCartReason', () => {
  it('when every line is a catalogue plan at its current price, then the cart can be paid', () => {
    expect(staleCartReason([basic])).toBeNull();
  });

  it('when a line is no longer sold or its price text changed, then the cart is refused with a reason', () => {
    expect(staleCartReason([basic, { ...basic, id: 'website-Gold', name: 'Gold' }])).toBe(
      'Gold (Websites & E-commerce) is no longer available. Please remove it from your cart.',
    );
    expect(staleCartReason([{ ...basic, price: '₹15,000' }])).toMatch(/^Prices have changed/);
  });

  it('when a stale cart is paid, then no order is created and the spec error shows', async () => {
    renderHook();

    let paid: Awaited<ReturnType<typeof payment.payCart>> | undefined;
    await act(async () => {
      paid = await payment.payCart([{ ...basic, price: '₹1' }]);
    });

    expect(paid).toBeNull();
    expect(checkout.runCheckout).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('An error occurred during payment: Prices have changed.');
  });
});
