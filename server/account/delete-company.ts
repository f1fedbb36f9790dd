import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type Query,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { COMPANY_MEMBER_MESSAGES as MESSAGES } from '../../src/domain/company-members';
import { taxRecordRetainedUntil } from '../../src/domain/retention';
import { customerSearchTokens } from '../../src/domain/search';
import { addAudit } from '../audit';
import { INVITE_LINKS } from '../companies/invitations';
import { membershipDocsOf } from '../companies/members';
import { companyDoc, invitationsOf, membersOf, readCompany } from '../companies/store';
import type { DocumentSettings } from '../config';
import { issueDocument } from '../documents/issue';
import { HttpError } from '../errors';
import { forEachPage } from '../paging';
import { deleteProjectsData } from '../projects/account-data';
import { deleteSupportData } from '../support/account-data';

/**
 * Deleting a company's records: with its last member's account (server/account/delete-account.ts)
 * or by its owner once no other member remains (`POST /api/companies/{id}/delete`). What the law
 * keeps (tax documents, payments, refunds) is marked and dated as a deleted account's always was;
 * everything else of the company goes; `companies/{id}` stays as a tombstone (`deletedAt`, no
 * details), so that its founder never becomes the implicit owner of a company "not written yet".
 */

/** Firestore's limit of writes in one batch. */
const BATCH_LIMIT = 500;

/** The server-only collections whose records of a customer the law keeps (each has `uid`). */
export const KEPT_COLLECTIONS = ['documents', 'payments', 'refunds'] as const;

/** What stays of a person under `users/{uid}` that is theirs, not their company's. */
export const PERSONAL_COLLECTIONS = ['cart', 'queries'] as const;

/** The company's records under `users/{companyId}` (its founder's tree: the company's id is that uid). */
const COMPANY_COLLECTIONS = ['invoices', 'orders', 'services'] as const;

/** Deleting a company needs a sign-in at most this old, as deleting an account does. */
export const RECENT_SIGN_IN_MS = 5 * 60_000;
export const RECENT_SIGN_IN_MESSAGE = 'Please sign out and sign back in, then delete your account.';

/**
 * Deletes every document a query finds, with whatever goes with each (`alongside`), one committed
 * batch a page, until the query finds nothing. (Not recursiveDelete: its BulkWriter's BatchWrite
 * stalled for over a minute on the emulator while the profile page listened to the same documents;
 * plain batches take about a second for 500.)
 */
export async function deleteFound(
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

/** When a record happened (a document's payment or refund, a payment's or refund's creation). */
function recordTime(data: DocumentData, fallbackMs: number): number {
  for (const field of ['paidAt', 'createdAt']) {
    const value = data[field] as unknown;
    if (value instanceof Timestamp) return value.toMillis();
  }
  return fallbackMs;
}

export type KeptCounts = Record<(typeof KEPT_COLLECTIONS)[number], number>;

/**
 * Marks what the law keeps of a deleted account's or company's records (section 36 of the CGST
 * Act: src/domain/retention.ts): the tax documents, payments and refunds whose `uid` is
 * `ownerId` get `deletedAccount: true`, `deletedAt` and `retainUntil`, keeping the buyer details
 * they were issued with; a tax document still pending is numbered first, while the profile it
 * prints the buyer from exists. The retention job deletes each when its `retainUntil` passes.
 */
export async function markKeptRecords(
  db: Firestore,
  documents: DocumentSettings,
  ownerId: string,
  deletedAt: Timestamp,
  now: number,
): Promise<{ kept: KeptCounts; keptUntilMs: number }> {
  // A quote's printed copy is not a tax record: it goes with the quote.
  const kept: KeptCounts = { documents: 0, payments: 0, refunds: 0 };
  let keptUntilMs = 0;
  for (const collection of KEPT_COLLECTIONS) {
    await forEachPage(
      db.collection(collection).where('uid', '==', ownerId).orderBy('__name__'),
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
  return { kept, keptUntilMs };
}

/**
 * The company's records that are neither tax records nor needed by the books: its quotes (each
 * version, its printed copy and its link: an offer, not a tax document; what was billed under it
 * is in the kept tax documents), its renewal records and its pay links (their invoices go with
 * it), its support requests and projects with their files; and, with `ownTree`, its invoices,
 * orders and services under `users/{companyId}` (the founder's tree: their account's deletion
 * deletes the whole tree itself). The Privacy Policy says so.
 */
export async function deleteCompanyRecords(
  db: Firestore,
  companyId: string,
  { ownTree }: { ownTree: boolean },
): Promise<void> {
  // A quote, its printed copy and its link: three writes each, within a batch's 500.
  await deleteFound(db, db.collection('quotes').where('uid', '==', companyId), {
    pageSize: 100,
    alongside: async (quote) => [
      db.doc(`documents/quote_${quote.id}`),
      ...(await db.collection('quoteLinks').where('quoteId', '==', quote.id).get()).docs.map((link) => link.ref),
    ],
  });
  await deleteFound(db, db.collection('renewals').where('uid', '==', companyId));
  await deleteFound(db, db.collection('payLinks').where('uid', '==', companyId));
  await deleteSupportData(db, companyId);
  await deleteProjectsData(db, companyId);
  if (ownTree) {
    for (const name of COMPANY_COLLECTIONS) await deleteFound(db, db.collection(`users/${companyId}/${name}`).select());
  }
}

/**
 * Leaves `companies/{id}` as a tombstone: its members, invitations and their links go, and the
 * document keeps only when it was deleted. Idempotent.
 */
export async function tombstoneCompany(db: Firestore, companyId: string, deletedAt: Timestamp): Promise<void> {
  await deleteFound(db, membersOf(db, companyId));
  await deleteFound(db, invitationsOf(db, companyId));
  await deleteFound(db, db.collection(INVITE_LINKS).where('companyId', '==', companyId));
  await companyDoc(db, companyId).set({ deletedAt, memberCount: 0, memberEmails: {}, searchTokens: [] });
}

/** What deleting a person does to their companies (see planCompanies). */
export interface CompaniesOnDeletion {
  /** Companies that go with them: their own when it has no other member, any other they alone are in. */
  deleted: string[];
  /** Companies they leave (others remain). */
  left: string[];
  /**
   * Their own company (id = their uid) stays, with other members: its records under their uid
   * stay, their profile keeps only the company's billing details.
   */
  ownCompanyStays: { name: string } | null;
}

/**
 * What deleting a person does to their companies: refused (409) when they own one that has other
 * members (ownership must pass first); a company they alone are in is deleted with them; the
 * others they leave. Their own company (id = their uid) not written yet, or written with them as its
 * only member, goes with them as it always did.
 */
export async function planCompanies(db: Firestore, uid: string): Promise<CompaniesOnDeletion> {
  const memberships = await membershipDocsOf(db, uid);
  const ids = [...new Set([uid, ...memberships.map((membership) => membership.companyId)])];
  const companies = await db.getAll(...ids.map((id) => companyDoc(db, id)));
  const plan: CompaniesOnDeletion = { deleted: [], left: [], ownCompanyStays: null };
  for (const snapshot of companies) {
    const id = snapshot.id;
    const company = snapshot.exists ? readCompany(snapshot) : null;
    if (company?.deletedAt) continue;
    const membership = memberships.find((candidate) => candidate.companyId === id);
    // Not written yet: their own company, implicitly theirs alone.
    if (!company) {
      if (id === uid) plan.deleted.push(id);
      continue;
    }
    const hasOthers = company.memberCount > (membership ? 1 : 0);
    if (membership?.role === 'owner' && hasOthers) throw new HttpError(409, MESSAGES.ownsWithMembers(company.name));
    if (!hasOthers) plan.deleted.push(id);
    else {
      if (membership) plan.left.push(id);
      if (id === uid) plan.ownCompanyStays = { name: company.name };
    }
  }
  return plan;
}

/**
 * The profile of a person whose company stays after they go: it holds the company's billing
 * details (the tax documents print the buyer from it), so it keeps those and loses the person
 * (their name becomes the company's, their email, phone and consent go).
 */
export async function keepProfileForCompany(db: Firestore, uid: string, companyName: string): Promise<void> {
  const profile = db.doc(`users/${uid}`);
  const data = (await profile.get()).data();
  if (!data) return;
  const name = companyName || (data.legalName as string | undefined) || '';
  await profile.update({
    name,
    email: '',
    phone: '',
    isAnonymous: false,
    marketingConsent: FieldValue.delete(),
    searchTokens: customerSearchTokens({ name, legalName: data.legalName, gstin: data.gstin }),
  });
}

export interface CompanyDeletionReport {
  kept: KeptCounts;
  keptUntil: string | null;
}

/**
 * The owner deletes a company they are the only member of and did not found (their own company
 * goes with their account: a 409 says so): with a recent sign-in (as for an account), what the law
 * keeps is marked, every other record of it goes, the company is left as a tombstone, audited. The
 * founder's own profile and cart under `users/{id}` are theirs and stay, unless their account is
 * gone already (then the profile held only the company's details, and goes too).
 */
export async function deleteCompany(
  { db, documents }: { db: Firestore; documents: DocumentSettings },
  companyId: string,
  user: { uid: string; email?: string | null; authTime: number },
  { now = Date.now(), logger }: { now?: number; logger?: Pick<Logger, 'info'> } = {},
): Promise<CompanyDeletionReport> {
  if (companyId === user.uid) throw new HttpError(409, MESSAGES.deleteOwnCompany);
  if (now - user.authTime * 1000 > RECENT_SIGN_IN_MS) {
    throw new HttpError(403, 'Please sign out and sign back in, then delete the company.');
  }
  const members = await membersOf(db, companyId).get();
  if (members.docs.some((member) => member.id !== user.uid)) throw new HttpError(409, MESSAGES.deleteWithMembers);
  const deletedAt = Timestamp.fromMillis(now);
  const { kept, keptUntilMs } = await markKeptRecords(db, documents, companyId, deletedAt, now);
  await deleteCompanyRecords(db, companyId, { ownTree: true });
  if ((await db.doc(`deletedAccounts/${companyId}`).get()).exists) await db.doc(`users/${companyId}`).delete();
  await tombstoneCompany(db, companyId, deletedAt);
  const keptUntil = keptUntilMs ? new Date(keptUntilMs).toISOString() : null;
  const batch = db.batch();
  addAudit(batch, db, {
    actor: { uid: user.uid, email: user.email ?? null },
    action: 'company.delete',
    target: `companies/${companyId}`,
    before: { exists: true },
    after: { deleted: true, kept, keptUntil },
  });
  await batch.commit();
  logger?.info({ companyId, kept }, 'company deleted');
  return { kept, keptUntil };
}
