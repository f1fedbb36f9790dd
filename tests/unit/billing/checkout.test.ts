// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { runCheckout } from '@/features/billing/checkout';
import { ApiError } from '@/lib/api-client';

const api = vi.hoisted(() => ({
  requestPaymentOrder: vi.fn(),
  loadPrefill: vi.fn(),
  sandboxPay: vi.fn(),
  verifyPayment: vi.fn(),
}));
vi.mock('@/features/billing/api', () => api);

const RESULT = {
  razorpay_order_id: 'order_Test0000000001',
  razorpay_payment_id: 'pay_Test0000000001',
  razorpay_signature: 'a'.repeat(64),
};

// jsdom has <dialog> but not its modal methods.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.open = false;
};

beforeEach(() => {
  vi.clearAllMocks();
  document.body.innerHTML = '';
  api.requestPaymentOrder.mockResolvedValue({
    id: RESULT.razorpay_order_id,
    amountPaise: 2_000_000,
    currency: 'INR',
    keyId: 'rzp_test_sandbox',
    gateway: 'sandbox',
  });
  api.loadPrefill.mockResolvedValue({});
  api.sandboxPay.mockResolvedValue(RESULT);
});

/** Runs a checkout and presses the sandbox checkout's Pay button, as the customer would. */
async function payWithSandbox() {
  const outcome = runCheckout({ uid: 'u1', type: 'product_order', docId: 'd1', description: 'Payment for Order #1' });
  const pay = await waitFor(() => screen.getByRole('button', { name: 'Pay' }));
  pay.click();
  return outcome;
}

describe('runCheckout', () => {
  it('when verify confirms the payment, then it is Paid', async () => {
    api.verifyPayment.mockResolvedValue({ status: 'Paid', paymentId: RESULT.razorpay_payment_id, message: 'ok' });

    await expect(payWithSandbox()).resolves.toEqual({ paymentId: RESULT.razorpay_payment_id, status: 'Paid' });
  });

  it.each([
    ['a network drop', new TypeError('Failed to fetch')],
    ['a rate limit (429)', new ApiError(429, 'Too many payment attempts.')],
    ['a server error (503)', new ApiError(503, 'Service unavailable.')],
  ])(
    'when verify fails with %s after the payment was made, then it is a received payment still being confirmed',
    async (_what, error) => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      api.verifyPayment.mockRejectedValue(error);

      await expect(payWithSandbox()).resolves.toEqual({ paymentId: RESULT.razorpay_payment_id, status: 'Pending' });
    },
  );

  it("when the server rejects the payment itself (409 mismatch), then that is the customer's error", async () => {
    api.verifyPayment.mockRejectedValue(new ApiError(409, 'This payment does not match the current order.'));

    await expect(payWithSandbox()).rejects.toThrow('This payment does not match the current order.');
  });

  it('when the payment order cannot be created (no payment exists yet), then it fails', async () => {
    api.requestPaymentOrder.mockRejectedValue(new ApiError(502, 'Failed to create payment order.'));

    await expect(
      runCheckout({ uid: 'u1', type: 'invoice', docId: 'd1', description: 'Payment for Invoice #1' }),
    ).rejects.toThrow('Failed to create payment order.');
    expect(api.verifyPayment).not.toHaveBeenCalled();
  });
});
