import type { DocumentData } from 'firebase/firestore';
import { paise, date, str } from '@/lib/converters';

/** What invoices and orders both hold about being paid (src/records/invoices.ts, orders.ts). */
export const payableFields = (data: DocumentData) => ({
  currency: str(data.currency) || 'INR',
  status: str(data.status),
  createdAt: date(data.createdAt),
  paymentId: str(data.paymentId) || undefined,
  paidAt: date(data.paidAt) ?? undefined,
  chargedPaise: paise(data.gatewayOrderAmount),
});
