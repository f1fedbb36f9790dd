import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { payablePath } from '../../src/domain/payable';
import type { Logger } from 'pino';
import type { DocumentSettings } from '../config';
import { forEachPage } from '../paging';
import { creditNoteSnapshot, paymentDocumentSnapshot, type ProfileFields } from './snapshot';
import { prefixOf, seriesCounter } from './numbering';
import { taxDocumentDoc, taxDocumentsCollection, type IssuedDocumentFields, type TaxDocumentBase } from './store';

export const ISSUE_PAGE_SIZE = 50;
export const ISSUE_MAX_PAGES = 20;

export interface IssueOptions {
  /** The clock (ms); the date of issue and the financial year come from it. */
  now?: () => number;
  /** Pending documents read per query. */
  limit?: number;
  /** Pages per pass; the next pass picks up the rest. */
  maxPages?: number;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
}

export interface IssueReport {
  issued: number;
  failed: number;
}

const timestampMs = (value: unknown, fallback: number) => (value instanceof Timestamp ? value.toMillis() : fallback);

/**
 * Numbers one pending document in one transaction: reads it (still pending?), the counter of its
 * series for the current financial year and the owner's profile, then writes the counter + 1 and
 * the complete snapshot together. The counter only moves with a document that takes its number,
 * so numbers have no gaps and no duplicates whichever instance runs this.
 */
export async function issueDocument(
  db: Firestore,
  settings: DocumentSettings,
  id: string,
  now: () => number = Date.now,
): Promise<'issued' | 'not-pending'> {
  const ref = taxDocumentDoc(db, id);
  return db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists || snapshot.get('status') !== 'pending') return 'not-pending' as const;
    const base = snapshot.data() as TaxDocumentBase;
    // Read inside the transaction, so a retry takes a fresh clock (the year may just have turned).
    const issuedAtMs = now();
    const counter = seriesCounter(db, base.series, issuedAtMs);
    const isCreditNote = base.series === 'credit-note';
    // A credit note is printed from the issued document it adjusts (so it waits until that one is).
    const sourceRef = isCreditNote ? taxDocumentDoc(db, base.originalDocumentId ?? '-') : db.doc(`users/${base.uid}`);
    // The payable and the payment learn its number (the profile and the console show it).
    const paidRefs = isCreditNote
      ? []
      : [db.doc(payablePath({ uid: base.uid, ...base.payable })), db.doc(`payments/${base.paymentId}`)];
    const [counterSnap, sourceSnap, ...paidSnaps] = await tx.getAll(counter.ref, sourceRef, ...paidRefs);
    const { number, financialYear, sequence, write } = counter.take(counterSnap!, prefixOf(base.series, settings));
    let printed;
    if (isCreditNote) {
      if (!sourceSnap!.exists || sourceSnap!.get('status') !== 'issued') {
        throw new Error(`Credit note ${id} waits for its original document ${base.originalDocumentId} to be issued.`);
      }
      printed = creditNoteSnapshot({
        original: (sourceSnap!.data() as IssuedDocumentFields).snapshot,
        originalId: sourceSnap!.id,
        refundId: id,
        gatewayRefundId: base.gatewayRefundId ?? null,
        reason: base.refundReason ?? '',
        refundPaise: base.amountPaise,
        refundedAtMs: timestampMs(base.paidAt, issuedAtMs),
        number,
        financialYear,
        issuedAtMs,
      });
    } else {
      printed = paymentDocumentSnapshot({
        base,
        paidAtMs: timestampMs(base.paidAt, issuedAtMs),
        profile: sourceSnap!.exists ? (sourceSnap!.data() as ProfileFields) : undefined,
        settings,
        number,
        financialYear,
        issuedAtMs,
      });
    }
    write(tx);
    const issued: IssuedDocumentFields = {
      status: 'issued',
      kind: printed.kind,
      number,
      financialYear,
      sequence,
      issuedAt: Timestamp.fromMillis(issuedAtMs),
      snapshot: printed,
    };
    tx.update(ref, { ...issued });
    const [payableSnap, paymentSnap] = paidSnaps;
    if (payableSnap?.exists) tx.update(payableSnap.ref, { taxDocument: { id, number, kind: printed.kind } });
    // The payment is listed with the legal name its document is made out to, for a business.
    if (paymentSnap?.exists) {
      tx.update(paymentSnap.ref, {
        taxDocument: { id, number, kind: printed.kind },
        ...(printed.recipient.gstin ? { customerLegalName: printed.recipient.name } : {}),
      });
    }
    return 'issued' as const;
  });
}

/**
 * Numbers every pending document, oldest payment first, one transaction per document (a pass of
 * the documents job). Safe on several instances at once: each document is claimed in its own
 * transaction; a document that fails stays pending for the next pass.
 */
export async function issuePendingDocuments(
  db: Firestore,
  settings: DocumentSettings,
  options: IssueOptions = {},
): Promise<IssueReport> {
  const report: IssueReport = { issued: 0, failed: 0 };
  const pending = taxDocumentsCollection(db).where('status', '==', 'pending').orderBy('createdAt');
  await forEachPage(
    pending,
    async (docs) => {
      for (const doc of docs) {
        try {
          if ((await issueDocument(db, settings, doc.id, options.now)) === 'issued') report.issued += 1;
        } catch (error) {
          report.failed += 1;
          options.logger?.error({ err: error, documentId: doc.id }, 'issuing a document failed');
        }
      }
    },
    { pageSize: options.limit ?? ISSUE_PAGE_SIZE, maxPages: options.maxPages ?? ISSUE_MAX_PAGES },
  );
  return report;
}

/** This process's numbering queue, per database: one document at a time. */
const queues = new WeakMap<Firestore, Promise<unknown>>();

/**
 * Numbers one document in this process's queue, right after the payment or refund that wrote it
 * committed. One at a time, so a burst of payments never contends on its series counter; the
 * documents job's passes pick up whatever is left (a crash, a failure).
 */
export function issueInTurn(db: Firestore, settings: DocumentSettings, id: string): Promise<'issued' | 'not-pending'> {
  const turn = (queues.get(db) ?? Promise.resolve()).catch(() => undefined).then(() => issueDocument(db, settings, id));
  queues.set(db, turn);
  return turn;
}
