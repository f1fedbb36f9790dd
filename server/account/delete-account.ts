import type { Auth } from 'firebase-admin/auth';
import {
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type Query,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { taxRecordRetainedUntil } from '../../src/domain/retention';
import { addAudit } from '../audit';
import type { DocumentSettings } from '../config';
import { issueDocument } from '../documents/issue';
import { deleteEnquiriesOf } from '../enquiries/enquiries';
import { deleteBookingsOf } from '../bookings/bookings';
import { HttpError, isAlreadyExists } from '../errors';
import { enqueueAccountDeletedMail } from '../mail/mails';
import { forEachPage } from '../paging';
import { leadUid } from './leads';
import { readPerson } from './person';
import { deleteProjectsData } from '../projects/account-data';
import { deleteInboundMailOf, deleteSupportData } from '../support/account-data';

/** Firestore's limit of writes in one batch. */
const BATCH_LIMIT = 500;

/**
 * Deletes every document a query finds, with whatever goes with each (`alongside`), one committed
 * batch a page, until the query finds nothing. (Not recursiveDelete: its BulkWriter's BatchWrite
 * stalled for over a minute on the emulator while the profile page listened to the same documents;
 * plain batches take about a second for 500.)
 */
async function deleteFound(
  db: Firestore,
  query: Query,
  {
    alongside = async () => [],
    pageSize = BATCH_LIMIT,
  }: { alongside?: (doc: QueryDocumentSnapshot) => Promise<DocumentReference[]>; pageSize?: number } = {},
): Promise<void> {
  for (;;) {
    const page = await query.limit(pageSize).get();
    if (page.empty) return;
    const batch = db.batch();
    for (const doc of page.docs) for (const ref of [doc.ref, ...(await alongside(doc))]) batch.delete(ref);
    await batch.commit();
    if (page.size < pageSize) return;
  }
}

/**
 * The records that name the account but are neither tax records nor needed by the books, deleted
 * with it: its quotes (each version, its printed copy and its link: an offer, not a tax document;
 * what was billed under it is in the kept tax documents), its renewal records (which renewal was
 * billed when: the services they renew go with the account) and its pay links (their invoices go
 * with it). The Privacy Policy says so.
 */
async function deleteQuotesAndRenewalsOf(db: Firestore, uid: string): Promise<void> {
  // A quote, its printed copy and its link: three writes each, within a batch's 500.
  await deleteFound(db, db.collection('quotes').where('uid', '==', uid), {
    pageSize: 100,
    alongside: async (quote) => [
      db.doc(`documents/quote_${quote.id}`),
      ...(await db.collection('quoteLinks').where('quoteId', '==', quote.id).get()).docs.map((link) => link.ref),
    ],
  });
  await deleteFound(db, db.collection('renewals').where('uid', '==', uid));
  await deleteFound(db, db.collection('payLinks').where('uid', '==', uid));
}

/** Deleting an account needs a sign-in at most this old (Firebase's own rule for deleting a login). */
export const RECENT_SIGN_IN_MS = 5 * 60_000;

export const RECENT_SIGN_IN_MESSAGE = 'Please sign out and sign back in, then delete your account.';

/**
 * `deletedAccounts/{uid}`: what is left of a deleted account, for staff (server-only; staff read):
 * when it was deleted, how many records the law keeps and until when. No name, no email: the kept
 * records carry the buyer details they were issued with. It goes with the last of them.
 */
export const deletedAccountDoc = (db: Firestore, uid: string) => db.doc(`deletedAccounts/${uid}`);

/** The server-only collections whose records of a customer the law keeps (each has `uid`). */
export const KEPT_COLLECTIONS = ['documents', 'payments', 'refunds'] as const;

/** With no kept records, the tombstone still explains a vanished customer to staff for this long. */
export const TOMBSTONE_MIN_DAYS = 30;

/** When a record happened (a document's payment or refund, a payment's or refund's creation). */
function recordTime(data: DocumentData, fallbackMs: number): number {
  for (const field of ['paidAt', 'createdAt']) {
    const value = data[field] as unknown;
    if (value instanceof Timestamp) return value.toMillis();
  }
  return fallbackMs;
}

export interface DeletionReport {
  kept: Record<(typeof KEPT_COLLECTIONS)[number], number>;
  /** When the last kept record may go (ISO); null when nothing is kept. */
  keptUntil: string | null;
  enquiriesDeleted: number;
}

/**
 * Deletes an account on behalf of its (verified, revocation-checked) user:
 * 1. refuses a sign-in older than 5 minutes, before anything changes;
 * 2. reads the account's email and name (the confirmation mail needs them);
 * 3. revokes the user's refresh tokens and writes the tombstone `deletedAccounts/{uid}`: every
 *    authenticated route refuses its ID tokens from now on, and so do the Firestore rules (an ID
 *    token stays valid for up to an hour; the rules refuse any uid with a tombstone);
 * 4. numbers any tax document still pending now, while the profile it prints the buyer from exists;
 * 5. marks what the law keeps (section 36 of the CGST Act: src/domain/retention.ts): the tax
 *    documents, payments and refunds naming the account get `deletedAccount: true`, `deletedAt` and
 *    `retainUntil`, keeping the buyer details they were issued with; the retention job deletes each
 *    when its `retainUntil` passes. The tombstone and an audit entry record it;
 * 6. deletes every document of every sub-collection of `users/{uid}` (cart, orders, invoices,
 *    queries, services, ...) in batches of 500, the enquiries sent from the account or its proven
 *    email address (server/account/person.ts: exactly those the export returns), its quotes, renewal
 *    records and pay links, its support requests and the mails it sent to support from a proven
 *    address, the lead record that was joined to it, then the profile (last, so a failure
 *    part-way leaves a profile page to retry from);
 * 7. queues the "account deleted" mail (what went, what is kept and until when);
 * 8. deletes the login.
 * A retry after a failure part-way finishes the job (every step is idempotent).
 */
export async function deleteAccount(
  { auth, db, documents }: { auth: Auth; db: Firestore; documents: DocumentSettings },
  user: { uid: string; authTime: number },
  { now = Date.now(), logger }: { now?: number; logger?: Pick<Logger, 'info'> } = {},
): Promise<DeletionReport> {
  if (now - user.authTime * 1000 > RECENT_SIGN_IN_MS) throw new HttpError(403, RECENT_SIGN_IN_MESSAGE);
  const profile = db.collection('users').doc(user.uid);
  const [{ record, person }, snapshot] = await Promise.all([readPerson(auth, user.uid), profile.get()]);
  const profileEmail = snapshot.get('email') as unknown;
  const email = record.email ?? (typeof profileEmail === 'string' && profileEmail ? profileEmail : null);
  const name = (snapshot.get('name') as string | undefined) || record.displayName || null;

  await auth.revokeRefreshTokens(user.uid);
  // From here the rules refuse every read and write by this uid (firestore.rules: `live()`), so an ID
  // token issued before the revocation (valid for up to an hour) cannot re-create or read anything.
  const tombstoneRef = deletedAccountDoc(db, user.uid);
  const deletedAt = Timestamp.fromMillis(now);
  await tombstoneRef.create({ uid: user.uid, deletedAt }).catch((error: unknown) => {
    if (!isAlreadyExists(error)) throw error; // a retry: recorded the first time
  });

  // 4 and 5: what the law keeps, with its buyer details, marked and dated. A quote's printed copy is
  // not a tax record: it goes with the quote (step 6).
  const kept = { documents: 0, payments: 0, refunds: 0 };
  let keptUntilMs = 0;
  for (const collection of KEPT_COLLECTIONS) {
    await forEachPage(
      db.collection(collection).where('uid', '==', user.uid).orderBy('__name__'),
      async (page) => {
        const docs = collection === 'documents' ? page.filter((doc) => doc.get('kind') !== 'quote') : page;
        if (collection === 'documents') {
          for (const doc of docs) if (doc.get('status') === 'pending') await issueDocument(db, documents, doc.id);
        }
        kept[collection] += docs.length;
        const batch = db.batch();
        for (const doc of docs) {
          const until = taxRecordRetainedUntil(recordTime(doc.data(), now)).getTime();
          keptUntilMs = Math.max(keptUntilMs, until);
          batch.update(doc.ref, { deletedAccount: true, deletedAt, retainUntil: Timestamp.fromMillis(until) });
        }
        await batch.commit();
      },
      { pageSize: 200 },
    );
  }
  const keptUntil = keptUntilMs ? new Date(keptUntilMs).toISOString() : null;
  await db.runTransaction(async (tx) => {
    if ((await tx.get(tombstoneRef)).get('kept')) return; // a retry: recorded the first time
    tx.update(tombstoneRef, {
      kept,
      retainUntil: Timestamp.fromMillis(keptUntilMs || now + TOMBSTONE_MIN_DAYS * 86_400_000),
    });
    // The audit log outlives the account: it names the uid only.
    addAudit(tx, db, {
      actor: { uid: user.uid, email: null },
      action: 'account.delete',
      target: profile.path,
      before: { exists: true },
      after: { deleted: true, kept, keptUntil },
    });
  });

  // 6: everything else.
  for (const collection of await profile.listCollections()) await deleteFound(db, collection.select());
  // Only what the export would return (server/account/person.ts): by uid and by a proven address.
  const emails = person.provenEmails;
  const enquiriesDeleted = await deleteEnquiriesOf(db, { uid: user.uid, emails });
  await deleteBookingsOf(db, emails);
  await deleteQuotesAndRenewalsOf(db, user.uid);
  await deleteSupportData(db, user.uid);
  await deleteInboundMailOf(db, emails);
  await deleteProjectsData(db, user.uid);
  for (const address of emails) {
    const lead = db.doc(`users/${leadUid(address)}`);
    if ((await lead.get()).get('mergedInto') === user.uid) await lead.delete();
  }
  await profile.delete();

  // 7 and 8. A guest has no email, so no mail.
  if (email) await enqueueAccountDeletedMail(db, { uid: user.uid, email, name, kept, keptUntil });
  await auth.deleteUser(user.uid);
  logger?.info({ uid: user.uid, kept, enquiriesDeleted }, 'account deleted');
  return { kept, keptUntil, enquiriesDeleted };
}
