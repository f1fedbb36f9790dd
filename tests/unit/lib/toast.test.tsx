import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ToastProvider, useToast, useToastsFollowPage, type ToastOptions, type ToastTone } from '@/lib/toast';

type Say = (text: string, tone?: ToastTone, options?: ToastOptions) => void;

/** A page whose path can be changed, with the toast function handed out to the test. */
function Harness({ onReady }: { onReady: (api: { say: Say; go: (page: string) => void }) => void }) {
  const say = useToast();
  const [page, setPage] = useState('/');
  useToastsFollowPage(page);
  onReady({ say, go: setPage });
  return null;
}

function setup() {
  let api!: { say: Say; go: (page: string) => void };
  render(
    <ToastProvider>
      <Harness onReady={(ready) => (api = ready)} />
    </ToastProvider>,
  );
  return {
    say: (...args: Parameters<Say>) => act(() => api.say(...args)),
    go: (page: string) => act(() => api.go(page)),
  };
}

const shown = () => screen.queryAllByTestId('toast').map((toast) => toast.textContent?.replace('×', ''));

describe('toasts', () => {
  it('when a success follows an error of the same action, then it replaces the error; other toasts stay', () => {
    const { say } = setup();
    say('Basic from Websites has been added to your cart!', 'success', { key: 'cart-add:website-Basic' });
    say('An error occurred during payment: The test payment was declined.', 'error', { key: 'payment:cart' });

    say('Payment successful! Payment ID: pay_1', 'success', { key: 'payment:cart' });

    expect(shown()).toEqual([
      'Basic from Websites has been added to your cart!',
      'Payment successful! Payment ID: pay_1',
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the user goes to another page, then the toasts stay behind, except one shown for that navigation', () => {
    const { say, go } = setup();
    say('Basic from Websites has been added to your cart!', 'success');
    say('Your account has been successfully deleted.', 'success', { keepOnNavigation: true });

    go('/cart');
    expect(shown()).toEqual(['Your account has been successfully deleted.']);
    go('/');
    expect(shown()).toEqual([]);
  });

  it('when toasts show, then the page is pushed down by their height (they cover nothing), and back when they go', () => {
    const { say, go } = setup();
    say('Hello', 'info');
    expect(document.documentElement.style.getPropertyValue('--toast-inset')).toMatch(/px$/);
    expect(document.documentElement.style.getPropertyValue('overflow-anchor')).toBe('none');
    go('/profile');
    expect(document.documentElement.style.getPropertyValue('--toast-inset')).toBe('');
  });
});
