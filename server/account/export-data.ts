import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Auth, UserRecord } from 'firebase-admin/auth';
import {
  DocumentReference,
  GeoPoint,
  Timestamp,
  type DocumentSnapshot,
  type Firestore,
  type Query,
} from 'firebase-admin/firestore';
import { COMPANY } from '../../src/domain/company';
import { AUTHOR_UID_FIELD } from '../../src/domain/company-members';
import { membershipDocsOf } from '../companies/members';
import { istToday } from '../../src/domain/ist';
import type { TaxDocumentSnapshot } from '../../src/domain/tax-document';
import { recordAudit } from '../audit';
import { documentFileName } from '../documents/pdf';
import { renderPdfOffThread } from '../documents/pdf-renderer';
import { forEachEnquiryOf } from '../enquiries/enquiries';
import { forEachPage } from '../paging';
import { leadUid } from './leads';
import { readPerson } from './person';
import { exportProjectsData } from '../projects/account-data';
import { exportInboundMailOf, exportSupportData } from '../support/account-data';

/**
 * "Download my data" (the right to access, DPDP Act 2023 section 11): everything we hold about a
 * customer, as one ZIP: `data.json` and the PDF of each tax document issued to them. Every read
 * is a query by their uid or email, a page at a time; no read ever takes a whole collection.
 */

const PAGE = 200;

/** A stored value as JSON: times as ISO strings, references as paths. */
function plain(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (value instanceof DocumentReference) return value.path;
  if (value instanceof GeoPoint) return { latitude: value.latitude, longitude: value.longitude };
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, plain(field)]));
  }
  return value;
}

interface ExportedDoc {
  id: string;
  path: string;
  fields: unknown;
}

const exported = (doc: DocumentSnapshot): ExportedDoc => ({
  id: doc.id,
  path: doc.ref.path,
  fields: plain(doc.data()),
});

/** Every document a query matches, a page at a time (ordered by id, so the cursor holds). */
async function all(query: Query): Promise<DocumentSnapshot[]> {
  const docs: DocumentSnapshot[] = [];
  await forEachPage(query.orderBy('__name__'), async (page) => void docs.push(...page), { pageSize: PAGE });
  return docs;
}

/** Documents of several queries, each once, in the order found. */
function unique(lists: DocumentSnapshot[][]): DocumentSnapshot[] {
  const seen = new Map<string, DocumentSnapshot>();
  for (const doc of lists.flat()) seen.set(doc.ref.path, doc);
  return [...seen.values()];
}

function accountOf(record: UserRecord) {
  return {
    uid: record.uid,
    email: record.email ?? null,
    emailVerified: record.emailVerified,
    displayName: record.displayName ?? null,
    phoneNumber: record.phoneNumber ?? null,
    signInMethods: record.providerData.map((provider) => ({
      provider: provider.providerId,
      email: provider.email ?? null,
      displayName: provider.displayName ?? null,
    })),
    guest: record.providerData.length === 0,
    createdAt: record.metadata.creationTime ? new Date(record.metadata.creationTime).toISOString() : null,
    lastSignInAt: record.metadata.lastSignInTime ? new Date(record.metadata.lastSignInTime).toISOString() : null,
  };
}

const README = `Your data at ${COMPANY.name}

data.json holds everything we store about you, read when you asked for it:
- account: your login (email, sign-in methods, dates);
- profile: your profile, including your email preferences (marketingConsent);
- collections: what is kept under your account (cart, orders, invoices, queries, services, ...);
- enquiries: what you sent through the contact form while signed in, and what was sent from your
  login's email address once it is verified (an address typed into a profile proves nothing, so it finds nothing);
- quotes, payments, refunds: quotes made for you and your payment records;
- documents: your tax invoices, receipts, proformas and credit notes as issued (their PDFs are in documents/);
- mail: the emails we sent your account, and those sent to your verified login email address;
- accountChanges: changes made to your account (who, what, when), such as your email preferences;
- supportRequests: your support requests, their conversation and the files in them (base64).
- supportMail: the mails you sent to support from your verified login email address, as they came,
  with the files they still hold (base64; those a request took are with that request).
- projects: your projects, their milestones and sign-offs, contacts, timeline and files (base64).
- companies: the company accounts you are a member of (your role, since when, who invited you),
  and what you wrote in companies' records: support messages, project comments and sign-offs.

Times are in UTC (ISO 8601). Amounts ending in Paise are in paise (1 rupee = 100 paise); invoice
"amount" and order "total" fields are in rupees.

Questions: ${COMPANY.email}, ${COMPANY.phone}.
`;

export interface AccountExport {
  fileName: string;
  zip: Buffer;
  /** What it holds, counted (for the audit log). */
  counts: Record<string, number>;
}

/**
 * Builds the customer's ZIP from their uid (from a verified ID token: only ever their own data).
 * Their uid and their proven email address (server/account/person.ts: a verified login email, never
 * the profile's) find enquiries and mails sent to them; deletion removes by the same rule. Tax documents
 * that are issued are drawn as PDF from their snapshots with the same renderer as every download.
 */
export async function exportAccountData(
  { auth, db }: { auth: Auth; db: Firestore },
  user: { uid: string },
  { now = Date.now() }: { now?: number } = {},
): Promise<AccountExport> {
  const { uid } = user;
  const profileRef = db.doc(`users/${uid}`);
  const [{ record, person }, profile, subcollections] = await Promise.all([
    readPerson(auth, uid),
    profileRef.get(),
    profileRef.listCollections(),
  ]);
  // Only addresses proved to be theirs find records not stored under their uid (see Person).
  const emails = person.provenEmails;

  const byUid = (collection: string) => all(db.collection(collection).where('uid', '==', uid));
  const enquiries: DocumentSnapshot[] = [];
  // Mails to a proven address, in the letters the login has it or that the enquiries found by it were
  // sent with (the outbox keeps an address as it was typed).
  const mailToProvenAddresses = async () => {
    await forEachEnquiryOf(db, { uid, emails }, async (docs) => void enquiries.push(...docs));
    const proven = new Set(emails.map((email) => email.trim().toLowerCase()));
    const addresses = new Set(emails.flatMap((email) => [email, email.toLowerCase()]));
    for (const enquiry of enquiries) {
      const address = enquiry.get('email') as unknown;
      if (typeof address === 'string' && proven.has(address.trim().toLowerCase())) addresses.add(address);
    }
    return Promise.all([...addresses].map((address) => all(db.collection('mail').where('to.address', '==', address))));
  };
  const [collections, quotes, payments, refunds, documents, mailToAccount, mailToAddresses, changes] =
    await Promise.all([
      Promise.all(subcollections.map(async (collection) => [collection.id, await all(collection)] as const)),
      byUid('quotes'),
      byUid('payments'),
      byUid('refunds'),
      byUid('documents'),
      all(db.collection('mail').where('to.uid', '==', uid)),
      mailToProvenAddresses(),
      all(db.collection('auditLog').where('target', '==', profileRef.path)),
    ]);
  // Records staff kept for this email before the account existed, since joined to it.
  const leads = (await Promise.all(emails.map((email) => db.doc(`users/${leadUid(email)}`).get()))).filter(
    (lead) => lead.exists && lead.get('mergedInto') === uid,
  );

  const files: Zippable = {};
  const documentFiles = new Map<string, string>();
  await Promise.all(
    documents
      .filter((doc) => doc.get('status') === 'issued')
      .map(async (doc) => {
        const snapshot = doc.get('snapshot') as TaxDocumentSnapshot;
        const name = `documents/${documentFileName(snapshot)}`;
        files[name] = await renderPdfOffThread(snapshot);
        documentFiles.set(doc.id, name);
      }),
  );

  const mail = unique([mailToAccount, ...mailToAddresses]);
  const support = await exportSupportData(db, uid);
  const supportMail = await exportInboundMailOf(db, emails);
  const projects = await exportProjectsData(db, uid);
  const companies = await exportCompaniesData(db, uid);
  const data = {
    exportedAt: new Date(now).toISOString(),
    company: { name: COMPANY.legalName, email: COMPANY.email },
    account: accountOf(record),
    profile: profile.exists ? plain(profile.data()) : null,
    collections: Object.fromEntries(collections.map(([id, docs]) => [id, docs.map(exported)])),
    joinedLeadRecords: leads.map(exported),
    enquiries: enquiries.map(exported),
    quotes: quotes.map(exported),
    payments: payments.map(exported),
    refunds: refunds.map(exported),
    documents: documents.map((doc) => ({ ...exported(doc), pdf: documentFiles.get(doc.id) ?? null })),
    mail: mail.map(exported),
    accountChanges: changes.map(exported),
    supportRequests: support,
    supportMail,
    projects,
    companies,
  };
  files['data.json'] = strToU8(JSON.stringify(data, null, 2));
  files['README.txt'] = strToU8(README);
  const counts = {
    collections: collections.reduce((sum, [, docs]) => sum + docs.length, 0),
    enquiries: enquiries.length,
    quotes: quotes.length,
    payments: payments.length,
    refunds: refunds.length,
    documents: documents.length,
    pdfs: documentFiles.size,
    mail: mail.length,
    supportMail: supportMail.length,
    memberships: companies.memberships.length,
    writtenInCompanies: Object.values(companies.written).reduce((sum, docs) => sum + docs.length, 0),
  };
  await recordAudit(db, {
    actor: { uid, email: null },
    action: 'account.export',
    target: profileRef.path,
    before: null,
    after: counts,
  });
  return {
    fileName: `nimbus-bespoke-my-data-${istToday(now)}.zip`,
    zip: Buffer.from(zipSync(files, { level: 6 })),
    counts,
  };
}

/**
 * The person's company memberships, and what they wrote in companies' records (found by
 * AUTHOR_UID_FIELD): support messages (never a company's internal note), project comments and
 * sign-offs (their own company's records are also under supportRequests and projects, whole).
 */
async function exportCompaniesData(db: Firestore, uid: string) {
  const written = (collectionGroup: string) =>
    all(db.collectionGroup(collectionGroup).where(AUTHOR_UID_FIELD, '==', uid));
  const [memberships, messages, comments, signOffs] = await Promise.all([
    membershipDocsOf(db, uid),
    written('messages'),
    written('updates'),
    written('signoffs'),
  ]);
  // A company's internal note is never the member's, whoever is named on it.
  const shown = (docs: DocumentSnapshot[]) => docs.filter((doc) => doc.get('internal') !== true);
  return {
    memberships: memberships.map((member) => ({
      companyId: member.companyId,
      companyName: member.companyName,
      role: member.role,
      canApprove: member.canApprove,
      name: member.name,
      joinedAt: plain(member.joinedAt),
      invitedBy: member.invitedBy,
      noticeSeenAt: plain(member.noticeSeenAt),
    })),
    written: {
      supportMessages: shown(messages).map(exported),
      projectComments: comments.map(exported),
      signOffs: signOffs.map(exported),
    },
  };
}
