import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PaymentSummary } from '@/features/billing/console/payment-summary';
import type { PaymentRecord } from '@/features/billing';

// The seam: the console's only Firebase/HTTP module (the row names its customer already).
vi.mock('@/records/users', () => ({ getCustomer: vi.fn() }));

const payment: PaymentRecord = {
  id: 'pay_Q1',
  gatewayOrderId: 'order_Q1',
  uid: 'u1',
  type: 'invoice',
  docId: 'i1',
  amountPaise: 2_80_000_00,
  refundedPaise: 0,
  refundPendingPaise: 0,
  status: 'paid',
  method: 'upi',
  source: 'webhook',
  reference: '',
  mismatchReason: '',
  // 22:30 UTC on 30 Nov: in India it is already 04:00 on 1 December.
  createdAt: new Date('2026-11-30T22:30:00Z'),
  customerName: 'Asha Verma',
  customerLegalName: 'Verma Textiles Private Limited',
  paidFor: 'Proforma PI/2026-27/0007 · Website Business plan',
  taxDocument: { number: 'NB/2026-27/0042', kind: 'tax-invoice' },
  receivedOn: '',
  tdsPaise: 0,
  tdsSection: '',
  balanceDuePaise: 0,
};

describe('console times', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'UTC';
  });
  afterAll(() => {
    // The files share a worker: put the zone back as it was (assigning undefined would set 'undefined').
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('when the browser is set to UTC, then a payment made at 04:00 IST shows its Indian date and time, labelled IST', () => {
    expect(new Date('2026-11-30T22:30:00Z').getHours()).toBe(22); // the browser's own zone really is UTC

    render(
      <MemoryRouter>
        <PaymentSummary payment={payment} />
      </MemoryRouter>,
    );

    expect(screen.getByText('Date', { selector: 'dt' }).nextSibling).toHaveTextContent(/^1 Dec 2026, 4:00\sam IST$/);
    expect(screen.getByRole('link', { name: 'Asha Verma (Verma Textiles Private Limited)' })).toHaveAttribute(
      'href',
      '/admin/customers/u1',
    );
    expect(screen.getByText('Proforma PI/2026-27/0007 · Website Business plan')).toBeInTheDocument();
    expect(screen.getByText('Tax Invoice NB/2026-27/0042')).toBeInTheDocument();
    expect(screen.getByText('UPI')).toBeInTheDocument();
  });
});
