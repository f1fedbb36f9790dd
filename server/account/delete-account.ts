import type { Auth } from 'firebase-admin/auth';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { addAudit } from '../audit';
import { removeDeletedPerson } from '../companies/members';
import type { DocumentSettings } from '../config';
import { deleteEnquiriesOf } from '../enquiries/enquiries';
import { deleteBookingsOf } from '../bookings/bookings';
import { HttpError, isAlreadyExists } from '../errors';
import { enqueueAccountDeletedMail } from '../mail/mails';
import { leadUid } from './leads';
import { readPerson } from './person';
import {
  deleteCompanyRecords,
  deleteFound,
  keepProfileForCompany,
  KEPT_COLLECTIONS,
  markKeptRecords,
  PERSONAL_COLLECTIONS,
  planCompanies,
  RECENT_SIGN_IN_MESSAGE,
  RECENT_SIGN_IN_MS,
  tombstoneCompany,
  type KeptCounts,
} from './delete-company';
import { deleteInboundMailOf } from '../support/account-data';

export { KEPT_COLLECTIONS, RECENT_SIGN_IN_MESSAGE, RECENT_SIGN_IN_MS };

/**
 * `deletedAccounts/{uid}`: what is left of a deleted account, for staff (server-only; staff read):
 * when it was deleted, how many records the law keeps and until when. No name, no email: the kept
 * records carry the buyer details they were issued with. It goes with the last of them.
 */
export const deletedAccountDoc = (db: Firestore, uid: string) => db.doc(`deletedAccounts/${uid}`);

/** With no kept records, the tombstone still explains a vanished customer to staff for this long. */
export const TOMBSTONE_MIN_DAYS = 30;

export interface DeletionReport {
  kept: KeptCounts;
  /** When the last kept record may go (ISO); null when nothing is kept. */
  keptUntil: string | null;
  enquiriesDeleted: number;
}

/**
 * Deletes an account on behalf of its (verified, revocation-checked) user:
 * 1. refuses a sign-in older than 5 minutes, before anything changes;
 * 2. reads the account's email and name (the confirmation mail needs them) and what happens to
 *    their companies (planCompanies): refused while they own one with other members; a company
 *    they alone are in (their own, as every customer's was before companies) goes with them;
 *    the others they leave;
 * 3. revokes the user's refresh tokens and writes the tombstone `deletedAccounts/{uid}`: every
 *    authenticated route refuses its ID tokens from now on, and so do the Firestore rules (an ID
 *    token stays valid for up to an hour; the rules refuse any uid with a tombstone);
 * 4. numbers any tax document still pending now, while the profile it prints the buyer from exists;
 * 5. marks what the law keeps of each company that goes (section 36 of the CGST Act: src/domain/retention.ts): the tax
 *    documents, payments and refunds naming the account get `deletedAccount: true`, `deletedAt` and
 *    `retainUntil`, keeping the buyer details they were issued with; the retention job deletes each
 *    when its `retainUntil` passes. The tombstone and an audit entry record it;
 * 6. deletes every document of every sub-collection of `users/{uid}` (cart, orders, invoices,
 *    queries, services, ...) in batches of 500, the enquiries sent from the account or its proven
 *    email address (server/account/person.ts: exactly those the export returns), its quotes, renewal
 *    records and pay links (support requests, projects, files) of each company that goes, leaving
 *    `companies/{id}` a tombstone; their memberships of the companies that stay; the lead record
 *    that was joined to it, then the profile (last, so a failure part-way leaves a profile page to
 *    retry from). When their own company stays (ownership passed on), its records under their uid
 *    stay too: only their cart and queries go, and the profile keeps only the company's details.
 *    The mails they sent to support from a proven address go too (a person's, not a company's);
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
  // Before anything changes: refused while they own a company others are still members of.
  const companies = await planCompanies(db, user.uid);

  await auth.revokeRefreshTokens(user.uid);
  // From here the rules refuse every read and write by this uid (firestore.rules: `live()`), so an ID
  // token issued before the revocation (valid for up to an hour) cannot re-create or read anything.
  const tombstoneRef = deletedAccountDoc(db, user.uid);
  const deletedAt = Timestamp.fromMillis(now);
  await tombstoneRef.create({ uid: user.uid, deletedAt }).catch((error: unknown) => {
    if (!isAlreadyExists(error)) throw error; // a retry: recorded the first time
  });

  // 4 and 5: what the law keeps of each company that goes with them, with its buyer details,
  // marked and dated. A quote's printed copy is not a tax record: it goes with the quote (step 6).
  const kept: KeptCounts = { documents: 0, payments: 0, refunds: 0 };
  let keptUntilMs = 0;
  for (const companyId of companies.deleted) {
    const marked = await markKeptRecords(db, documents, companyId, deletedAt, now);
    for (const collection of KEPT_COLLECTIONS) kept[collection] += marked.kept[collection];
    keptUntilMs = Math.max(keptUntilMs, marked.keptUntilMs);
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

  // 6: everything else: their own tree (only what is theirs when their company stays with others).
  if (companies.ownCompanyStays) {
    for (const name of PERSONAL_COLLECTIONS) await deleteFound(db, profile.collection(name).select());
  } else {
    for (const collection of await profile.listCollections()) await deleteFound(db, collection.select());
  }
  // Only what the export would return (server/account/person.ts): by uid and by a proven address.
  const emails = person.provenEmails;
  const enquiriesDeleted = await deleteEnquiriesOf(db, { uid: user.uid, emails });
  await deleteBookingsOf(db, emails);
  for (const companyId of companies.deleted) {
    // Their own tree went above; another company's tree (they were its last member) goes here.
    await deleteCompanyRecords(db, companyId, { ownTree: companyId !== user.uid });
    if (companyId !== user.uid && (await deletedAccountDoc(db, companyId).get()).exists) {
      await db.doc(`users/${companyId}`).delete();
    }
    await tombstoneCompany(db, companyId, deletedAt);
  }
  for (const companyId of companies.left) await removeDeletedPerson(db, companyId, user.uid);
  await deleteInboundMailOf(db, emails);
  for (const address of emails) {
    const lead = db.doc(`users/${leadUid(address)}`);
    if ((await lead.get()).get('mergedInto') === user.uid) await lead.delete();
  }
  if (companies.ownCompanyStays) await keepProfileForCompany(db, user.uid, companies.ownCompanyStays.name);
  else await profile.delete();

  // 7 and 8. A guest has no email, so no mail.
  if (email) await enqueueAccountDeletedMail(db, { uid: user.uid, email, name, kept, keptUntil });
  await auth.deleteUser(user.uid);
  logger?.info({ uid: user.uid, kept, enquiriesDeleted }, 'account deleted');
  return { kept, keptUntil, enquiriesDeleted };
}
