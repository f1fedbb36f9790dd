import { collection } from 'firebase/firestore';
import { str, num, date, texts, converter, readOnly } from '@/lib/converters';
import { db } from '@/lib/firestore';

// Issued tax invoices, receipts and credit notes (`documents`, written by the server). Read by
// documents, quotes and the console's customer page.

export interface TaxDocumentItem {
  id: string;
  status: string;
  kind: string;
  series: string;
  number: string;
  uid: string;
  amountPaise: number;
  paymentId: string;
  createdAt: Date | null;
  /** Once issued, as printed: who it is made out to, what it is for, its date. */
  customerName: string;
  forLabel: string;
  issueDate: string;
}

const taxDocumentConverter = converter<TaxDocumentItem>(
  (id, data) => ({
    id,
    ...texts(data, ['status', 'kind', 'series', 'number', 'uid', 'paymentId']),
    ...printedFacts(data.snapshot, num(data.amountPaise)),
    createdAt: date(data.createdAt),
  }),
  readOnly,
);

/** What a list shows of an issued document's snapshot (its printed values); the stored amount before it is issued. */
function printedFacts(snapshot: unknown, amountPaise: number) {
  const printed = (typeof snapshot === 'object' && snapshot !== null ? snapshot : {}) as Record<string, unknown>;
  const field = (value: unknown, key: string) =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  const total = field(printed.totals, 'totalPaise');
  return {
    amountPaise: typeof total === 'number' ? total : amountPaise,
    customerName: str(field(printed.recipient, 'name')),
    forLabel: str(field(printed.reference, 'label')),
    issueDate: str(printed.issueDate),
  };
}

export const taxDocumentsCollection = () => collection(db, 'documents').withConverter(taxDocumentConverter);
