import { Timestamp, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { strToU8, zipSync } from 'fflate';
import { accountantPackFiles, type RegisterEntry, type StoredDocument } from '../../src/domain/accountant-pack';
import type { HsnDigits } from '../../src/domain/gstr1';
import { monthRangeMs } from '../../src/domain/ist';
import { TALLY_DEFAULTS, withTallyFiles, type TallySettings } from '../../src/domain/tally';
import { STATUS } from '../../src/domain/status';
import { taxDocumentsCollection } from '../documents/store';
import { HttpError } from '../errors';
import { forEachPage } from '../paging';
import { EXPORT_MAX_ROWS, EXPORT_PAGE, millisOf, paymentRows, readAll } from './payments-export';

export interface AccountantPack {
  fileName: string;
  zip: Uint8Array;
  /** The same files, unzipped (npm run tally writes the Tally ones). */
  files: Record<string, string>;
}

/**
 * The accountant's pack of a calendar month in India (see monthRangeMs): GSTR-1's tables from the
 * snapshots of the documents issued that month, SACs at `hsnDigits` in Table 12 (a seller
 * registered for GST only; README.txt says why not), the register of every document issued (and any
 * still being numbered), and the month's payments, as CSV files in one ZIP. A month with more
 * than `maxRows` documents or payments is refused (413) rather than cut short.
 */
export async function accountantPack(
  db: Firestore,
  month: string,
  {
    maxRows = EXPORT_MAX_ROWS,
    sellerRegistered,
    hsnDigits = 4,
    tally = TALLY_DEFAULTS,
  }: { maxRows?: number; sellerRegistered: boolean; hsnDigits?: HsnDigits; tally?: TallySettings },
): Promise<AccountantPack> {
  const { startMs, endMs } = monthRangeMs(month);
  const [start, end] = [Timestamp.fromMillis(startMs), Timestamp.fromMillis(endMs)];
  const entries: RegisterEntry[] = [];
  const collect = async (docs: QueryDocumentSnapshot[]) => {
    if (entries.length + docs.length > maxRows) {
      throw new HttpError(413, `More than ${maxRows} documents in ${month}: the pack cannot be made in one file.`);
    }
    entries.push(...(await registerEntries(db, docs)));
  };
  const documents = taxDocumentsCollection(db);
  // The month of a document is its date of issue, as printed: what the return goes by.
  await forEachPage(documents.where('issuedAt', '>=', start).where('issuedAt', '<', end).orderBy('issuedAt'), collect, {
    pageSize: EXPORT_PAGE,
  });
  await forEachPage(
    documents
      .where('status', '==', 'pending')
      .where('createdAt', '>=', start)
      .where('createdAt', '<', end)
      .orderBy('createdAt'),
    collect,
    { pageSize: EXPORT_PAGE },
  );
  const payments = await paymentRows(db, { startMs, endMs, scope: `in ${month}`, maxRows });
  const files = withTallyFiles(
    accountantPackFiles(entries, payments, { month, sellerRegistered, hsnDigits }),
    entries,
    payments,
    tally,
    month,
  );
  return {
    fileName: `accountants-pack-${month}.zip`,
    zip: zipSync(Object.fromEntries(Object.entries(files).map(([name, csv]) => [name, strToU8(csv)]))),
    files,
  };
}

/**
 * A page of documents as register entries. A proforma is cancelled on its invoice, not on its
 * document: those invoices are read with one getAll per page.
 */
async function registerEntries(db: Firestore, docs: QueryDocumentSnapshot[]): Promise<RegisterEntry[]> {
  const proformaInvoices = docs.flatMap((doc) => {
    const { kind, uid, payable } = doc.data();
    return kind === 'proforma' && typeof uid === 'string' && typeof payable?.docId === 'string'
      ? [{ id: doc.id, path: `users/${uid}/invoices/${payable.docId}` }]
      : [];
  });
  const invoices = await readAll(
    db,
    proformaInvoices.map(({ path }) => path),
  );
  const cancelled = new Set(
    proformaInvoices.filter((_, index) => invoices[index]?.status === STATUS.cancelled).map(({ id }) => id),
  );
  return docs.map((doc) => ({
    id: doc.id,
    document: doc.data() as StoredDocument,
    createdAtMs: millisOf(doc.get('createdAt')),
    isCancelled: cancelled.has(doc.id),
  }));
}
