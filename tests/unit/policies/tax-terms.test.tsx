import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TaxTerms } from '@/features/policies/content';
import type { TaxSettings } from '@/domain/tax';

const termsFor = (settings: TaxSettings) => render(<TaxTerms settings={settings} />).container.textContent ?? '';

describe('Terms: orders, prices and taxes', () => {
  it('when the seller has a GSTIN and prices include GST, then the Terms say so at the configured rate', () => {
    const terms = termsFor({ registered: true, ratePercent: 18, pricesIncludeGst: true });
    expect(terms).toContain('Prices include GST at the applicable rate (currently 18%)');
    expect(terms).toContain('no tax is added at checkout');
  });

  it('when the seller has a GSTIN and prices exclude GST, then the Terms say GST is added and the cart shows it', () => {
    const terms = termsFor({ registered: true, ratePercent: 28, pricesIncludeGst: false });
    expect(terms).toContain('Prices are shown before GST. GST at the applicable rate (currently 28%) is added');
    expect(terms).not.toContain('no tax is added');
  });

  it('when the seller has no GSTIN, then the Terms charge no GST and promise a payment receipt, not a tax invoice', () => {
    const terms = termsFor({ registered: false, ratePercent: 18, pricesIncludeGst: true });
    expect(terms).toContain('We are not registered for GST and do not charge it');
    expect(terms).toContain('numbered payment receipt');
    expect(terms).not.toContain('tax invoice');
  });
});
