import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { paymentRow, paymentsCsvText, type PaymentRow, type StoredDocument } from '../../src/domain/accountant-pack';
import { payablePath } from '../../src/domain/payable';
import { dateRangeMs, type DateRange } from '../../src/domain/ist';
import { taxDocumentDoc } from '../documents/store';
import { HttpError } from '../errors';
import { forEachPage } from '../paging';

/** The most rows one export gives; a longer range is refused rather than cut short silently. */
export const EXPORT_MAX_ROWS = 5000;
/** Rows read per query; each page's related documents are read with one getAll. */
export const EXPORT_PAGE = 250;

export const millisOf = (value: unknown) => (value instanceof Timestamp ? value.toMillis() : null);

const isId = (value: unknown): value is string => typeof value === 'string' && /^[^/]+$/.test(value);

/** The documents at `paths`, read with one getAll (none when empty), in the same order. */
export async function readAll(db: Firestore, paths: string[]): Promise<Array<DocumentData | undefined>> {
  if (paths.length === 0) return [];
  const snapshots = await db.getAll(...paths.map((path) => db.doc(path)));
  return snapshots.map((snapshot) => (snapshot.exists ? snapshot.data() : undefined));
}

export interface PaymentRowsScope {
  startMs: number;
  endMs: number;
  /** Said in the 413: 'in this range', 'in 2026-11'. */
  scope: string;
  maxRows?: number;
}

/**
 * The payments made in [startMs, endMs), oldest first, as the accountant's rows. Read page by
 * page; per page one getAll of the payers' profiles not read yet (cached for the export: a
 * customer pays many times) and the payments' documents, and one of the payables of payments
 * without a document. Never a read per row, never a whole collection.
 */
export async function paymentRows(db: Firestore, range: PaymentRowsScope): Promise<PaymentRow[]> {
  const maxRows = range.maxRows ?? EXPORT_MAX_ROWS;
  const inRange = db
    .collection('payments')
    .where('createdAt', '>=', Timestamp.fromMillis(range.startMs))
    .where('createdAt', '<', Timestamp.fromMillis(range.endMs))
    .orderBy('createdAt');
  const profiles = new Map<string, DocumentData | undefined>();
  const rows: PaymentRow[] = [];
  await forEachPage(
    inRange,
    async (docs) => {
      if (rows.length + docs.length > maxRows) {
        throw new HttpError(413, `More than ${maxRows} payments ${range.scope}: export a shorter period.`);
      }
      const payments = docs.map((doc) => ({ id: doc.id, data: doc.data() }));
      const uids = [...new Set(payments.map(({ data }) => data.uid).filter(isId))].filter((uid) => !profiles.has(uid));
      const related = await readAll(db, [
        ...uids.map((uid) => `users/${uid}`),
        ...payments.map(({ id }) => taxDocumentDoc(db, id).path),
      ]);
      uids.forEach((uid, index) => profiles.set(uid, related[index]));
      const documents = related.slice(uids.length) as Array<StoredDocument | undefined>;
      const withoutDocument = payments.filter(
        ({ data }, index) => !documents[index] && isId(data.uid) && isId(data.docId),
      );
      const payableData = await readAll(
        db,
        withoutDocument.map(({ data }) =>
          payablePath({
            uid: data.uid,
            type: data.type === 'invoice' ? 'invoice' : 'product_order',
            docId: data.docId,
          }),
        ),
      );
      const payables = new Map(withoutDocument.map(({ id }, index) => [id, payableData[index]]));
      payments.forEach(({ id, data }, index) => {
        const receivedOn = millisOf(data.receivedOn) ?? data.receivedOn;
        rows.push(
          paymentRow({
            id,
            payment: { ...data, receivedOn },
            createdAtMs: millisOf(data.createdAt),
            profile: isId(data.uid) ? profiles.get(data.uid) : undefined,
            document: documents[index],
            payable: payables.get(id),
          }),
        );
      });
    },
    { pageSize: EXPORT_PAGE },
  );
  return rows;
}

/**
 * The payments of a date range (India time, both days included) as CSV for the accountant: the
 * same rows and columns as the accountant's pack's payments.csv.
 */
export async function paymentsCsv(db: Firestore, range: DateRange): Promise<string> {
  return paymentsCsvText(await paymentRows(db, { ...dateRangeMs(range), scope: 'in this range' }));
}
