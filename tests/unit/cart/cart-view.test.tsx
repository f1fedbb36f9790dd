import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CartView } from '@/features/cart/cart-view';
import type { TaxSettings } from '@/domain/tax';
import { renderApp } from '../../helpers/render-app';

const basic = { id: 'website-Basic', name: 'Basic', category: 'Websites & E-commerce', price: '₹20,000' };
const homeBasic = { id: 'automation-Basic', name: 'Basic', category: 'Home Automation', price: '₹75,000' };

const UNREGISTERED: TaxSettings = { registered: false, ratePercent: 18, pricesIncludeGst: true };

function renderCart(tax: TaxSettings = UNREGISTERED, items = [basic, homeBasic]) {
  return renderApp(
    <CartView
      items={items}
      isPaying={false}
      onRemove={vi.fn()}
      onPay={vi.fn()}
      shopHref="/#products"
      termsHref="/terms"
      refundHref="/refundpolicy"
      tax={tax}
    />,
  );
}

describe('CartView', () => {
  it('when the cart has plans, then each line shows its price once, now, and its yearly fee from year two (or none)', () => {
    renderCart();
    const [website, home] = screen.getAllByTestId('cart-line');

    expect(website).toHaveTextContent('one-time ₹20,000 now');
    expect(website).toHaveTextContent('+ ₹2,000 / year from year two');
    expect(within(website!).getAllByText(/₹20,000/)).toHaveLength(1);
    expect(home).toHaveTextContent('one-time ₹75,000 now');
    expect(home).toHaveTextContent('no yearly fee');
  });

  it('when the seller has no GSTIN, then the total payable now is the prices and nothing is said to be GST', () => {
    renderCart();

    expect(screen.getByText('Total payable now')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹95,000');
    expect(screen.queryByText(/GST/)).not.toBeInTheDocument();
  });

  it('when prices include GST, then the cart says so and charges the prices', () => {
    renderCart({ registered: true, ratePercent: 18, pricesIncludeGst: true });

    expect(screen.getByTestId('cart-gst-note')).toHaveTextContent('Prices include GST at 18%.');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹95,000');
  });

  it('when prices exclude GST, then the GST and the total payable now including it are shown', () => {
    renderCart({ registered: true, ratePercent: 18, pricesIncludeGst: false });

    expect(screen.getByTestId('cart-gst')).toHaveTextContent('₹17,100');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹1,12,100');
    expect(screen.getByTestId('cart-gst-note')).toHaveTextContent('Prices exclude GST: GST at 18% is added.');
  });

  it('when the buyer is about to pay, then the Terms and Refund Policy are linked and the payment methods are named', () => {
    renderCart();

    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Refund Policy' })).toHaveAttribute('href', '/refundpolicy');
    expect(screen.getByText(/By paying you agree to the/)).toBeInTheDocument();
    expect(screen.getByText('Secured by Razorpay · UPI, cards, netbanking')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed to Pay' })).toBeEnabled();
  });
});
