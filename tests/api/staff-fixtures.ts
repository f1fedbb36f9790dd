import { addDays, istToday } from '@/domain/ist';

/** The body staff send to issue a ₹2,80,000 proforma (GST included, two lines, due in 15 days) to `uid`. */
export const proformaBody = (uid: string, overrides: Record<string, unknown> = {}) => ({
  uid,
  description: 'Factory dashboard, phase 1',
  lines: [
    { description: 'Design', amountPaise: 15_000_00 },
    { description: 'Build', amountPaise: 2_65_000_00 },
  ],
  amountsIncludeGst: true,
  dueDate: addDays(istToday(), 15),
  ...overrides,
});
