import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { paiseToRupees } from '../../src/domain/money';
import { csvCell, dateRangeMs, PAYMENT_CSV_COLUMNS, type DateRange } from '../../src/domain/staff';
import { paymentStatusOf } from '../../src/domain/console-status';
import { HttpError } from '../errors';
import { forEachPage } from '../paging';

/** The most rows one export gives; a longer range is refused rather than cut short silently. */
export const EXPORT_MAX_ROWS = 5000;
const PAGE = 500;

const iso = (value: unknown) => (value instanceof Timestamp ? value.toDate().toISOString() : '');

/**
 * The payments of a date range (India time, both days included) as CSV for the accountant,
 * oldest first, read page by page with a cursor. Amounts are rupees with paise.
 */
export async function paymentsCsv(db: Firestore, range: DateRange): Promise<string> {
  const { startMs, endMs } = dateRangeMs(range);
  const inRange = db
    .collection('payments')
    .where('createdAt', '>=', Timestamp.fromMillis(startMs))
    .where('createdAt', '<', Timestamp.fromMillis(endMs))
    .orderBy('createdAt');
  const rows: string[] = [PAYMENT_CSV_COLUMNS.join(',')];
  await forEachPage(
    inRange,
    async (docs) => {
      for (const doc of docs) {
        if (rows.length > EXPORT_MAX_ROWS) {
          throw new HttpError(413, `More than ${EXPORT_MAX_ROWS} payments in this range: export a shorter one.`);
        }
        const payment = doc.data();
        const row: Record<(typeof PAYMENT_CSV_COLUMNS)[number], unknown> = {
          date: iso(payment.createdAt),
          paymentId: doc.id,
          status: paymentStatusOf(payment),
          source: payment.source ?? '',
          method: payment.method ?? '',
          amount: paiseToRupees(Number(payment.amountPaise ?? 0)).toFixed(2),
          refunded: paiseToRupees(Number(payment.refundedPaise ?? 0)).toFixed(2),
          customerUid: payment.uid ?? '',
          type: payment.type ?? '',
          documentId: payment.docId ?? '',
          gatewayOrderId: payment.gatewayOrderId ?? '',
          reference: payment.reference ?? '',
        };
        rows.push(PAYMENT_CSV_COLUMNS.map((column) => csvCell(row[column])).join(','));
      }
    },
    { pageSize: PAGE },
  );
  return `${rows.join('\r\n')}\r\n`;
}
