import { render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TaxSettings } from '@/domain/tax';

/**
 * What the customer's pages promise after a payment follows the seller's registration
 * (src/domain/seller-document.ts): an unregistered seller never promises a tax invoice.
 * The settings are compiled in (lib/tax-settings.ts); each case loads the pages with its own.
 */
async function pagesFor(registered: boolean) {
  vi.resetModules();
  const settings: TaxSettings = { registered, ratePercent: 18, pricesIncludeGst: true };
  vi.doMock('@/lib/tax-settings', () => ({ taxSettings: settings }));
  const [{ InvoiceSummary }, { ProfileFields }] = await Promise.all([
    import('@/components/invoice-summary'),
    import('@/components/profile-fields'),
  ]);
  function GstinHint() {
    const form = useForm({
      defaultValues: {
        name: '',
        phone: '',
        address: '',
        country: '',
        state: '',
        city: '',
        pinCode: '',
        gstin: '',
        legalName: '',
      },
    });
    return <ProfileFields form={form} idPrefix="signup" />;
  }
  const { container } = render(
    <>
      <InvoiceSummary
        invoice={{
          invoiceId: 'PI/2026-27/0007',
          status: 'Paid',
          taxDocumentNumber: 'NB/2026-27/0132',
          createdAt: null,
        }}
      />
      <GstinHint />
    </>,
  );
  return container.textContent ?? '';
}

afterEach(() => {
  vi.doUnmock('@/lib/tax-settings');
});

describe("the seller's document on the customer's pages", () => {
  it('when the seller is not registered for GST, then My Invoices and the sign-up GSTIN hint name a payment receipt, never a tax invoice', async () => {
    const text = await pagesFor(false);
    expect(text).toContain('Payment Receipt NB/2026-27/0132');
    expect(text.toLowerCase()).not.toContain('tax invoice');
  });

  it('when the seller has a GSTIN, then they name the tax invoice', async () => {
    const text = await pagesFor(true);
    expect(text).toContain('Tax Invoice NB/2026-27/0132');
    expect(screen.getByText("For a GST tax invoice in your business's name.")).toBeInTheDocument();
  });
});
