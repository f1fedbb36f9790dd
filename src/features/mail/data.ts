import { collection } from 'firebase/firestore';
import { str, num, date, texts, converter, readOnly } from '@/lib/converters';
import { db } from '@/lib/firestore';

export interface MailItem {
  id: string;
  template: string;
  status: string;
  attempts: number;
  lastError: string;
  /** To whom: the name the mail greets (or its address's), its address, or the customer whose account email it goes to. */
  recipientName: string;
  recipientAddress: string;
  recipientUid: string;
  /** What it is about, as the customer knows it ('PI/2026-27/0007', 'Order ORD-…'); ''. */
  about: string;
  createdAt: Date | null;
}

const mailConverter = converter<MailItem>((id, data) => {
  const to = (typeof data.to === 'object' && data.to !== null ? data.to : {}) as Record<string, unknown>;
  const fields = (typeof data.data === 'object' && data.data !== null ? data.data : {}) as Record<string, unknown>;
  return {
    id,
    ...texts(data, ['template', 'status', 'lastError']),
    attempts: num(data.attempts),
    recipientName: str(to.name) || str(fields.customerName) || str(fields.name),
    recipientAddress: str(to.address),
    recipientUid: str(to.uid),
    about: str(fields.label) || str(fields.number) || str(fields.reference),
    createdAt: date(data.createdAt),
  };
}, readOnly);

export const mailCollection = () => collection(db, 'mail').withConverter(mailConverter);
