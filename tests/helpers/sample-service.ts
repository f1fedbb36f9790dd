/**
 * The service the support and company tests arrange: a Factory Management Growth plan (₹50,000 a
 * year: Priority support), Active since 10 Jan 2026, as `users/{uid}/services/{id}` stores it.
 */
export const growthService = (fields: Record<string, unknown> = {}) => ({
  planName: 'Growth',
  category: 'Factory Management',
  yearlyFeePaise: 50_000_00,
  startedOn: '2026-01-10',
  anchorDay: 10,
  renewsOn: '2027-01-10',
  status: 'Active',
  revision: 0,
  renewal: null,
  ...fields,
});

/** The open renewal of a Growth service gone Overdue: its ₹59,000 proforma `PI/2026-27/0001` waits to be paid. */
export const overdueRenewal = () => ({
  renewalId: 'r1',
  key: '2027-01-10',
  invoiceDocId: 'inv1',
  number: 'PI/2026-27/0001',
  amountPaise: 59_000_00,
});
