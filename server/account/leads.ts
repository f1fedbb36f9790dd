import { createHash } from 'node:crypto';
import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { customerSearchTokens } from '../../src/domain/search';
import { DEFAULT_COUNTRY } from '../../src/domain/company';
import { addAudit } from '../audit';
import { forEachPage } from '../paging';
import { payLinkDoc, payLinkToken } from '../payments/pay-links';

/**
 * Customers without a login: a lead billed from an enquiry is a customer record keyed by their
 * email, `users/lead_{hash of the email}` with `isLead: true`, so that a proforma, its pay link,
 * its payment and its tax invoice have a customer to belong to. When that person later signs in
 * with the same (verified) email, the record and its history become their account's.
 */
export function leadUid(email: string): string {
  return `lead_${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 28)}`;
}

export interface LeadDetails {
  name: string;
  email: string;
  phone: string;
}

/** The customer record a lead gets: no login, India by default, searchable by name, email and phone. */
export function leadProfile(details: LeadDetails) {
  const email = details.email.trim();
  return {
    uid: leadUid(email),
    name: details.name,
    email,
    phone: details.phone,
    address: '',
    city: '',
    state: '',
    country: DEFAULT_COUNTRY,
    gstin: '',
    legalName: '',
    pinCode: '',
    isAnonymous: false,
    isLead: true,
    searchTokens: customerSearchTokens({ ...details, email }),
  };
}

/** The lead's customer record, made once (a second call keeps the first one's details). */
export async function ensureLead(db: Firestore, details: LeadDetails): Promise<string> {
  const profile = leadProfile(details);
  try {
    await db.doc(`users/${profile.uid}`).create({ ...profile, createdAt: FieldValue.serverTimestamp() });
  } catch (error) {
    if ((error as { code?: unknown }).code !== 6) throw error; // ALREADY_EXISTS: it is there
  }
  return profile.uid;
}

const BATCH = 200;

/** Sets `field` to `to` on every document of `collection` where it is `from`. */
async function reassign(db: Firestore, collection: string, from: string, to: string): Promise<number> {
  return forEachPage(
    db.collection(collection).where('uid', '==', from).orderBy('__name__'),
    async (docs) => {
      const batch = db.batch();
      for (const doc of docs) batch.update(doc.ref, { uid: to });
      await batch.commit();
    },
    { pageSize: BATCH },
  );
}

/** Moves every document of every sub-collection of `from` to the same place under `to`. */
async function moveSubcollections(db: Firestore, from: DocumentReference, to: DocumentReference): Promise<number> {
  let moved = 0;
  for (const collection of await from.listCollections()) {
    moved += await forEachPage(
      collection.orderBy('__name__'),
      async (docs) => {
        const batch = db.batch();
        for (const doc of docs) {
          batch.set(to.collection(collection.id).doc(doc.id), doc.data());
          batch.delete(doc.ref);
        }
        await batch.commit();
      },
      { pageSize: BATCH },
    );
  }
  return moved;
}

export interface JoinReport {
  joined: boolean;
  moved: number;
}

/**
 * Joins a lead's record to the account now signed in with the same email, which the caller has
 * checked is verified (Auth says so in the token): its invoices (and anything else under it) move
 * to the account, its payments, tax documents and gateway orders name the account, and its pay
 * links keep working (and new ones are made for the account). The lead's record stays as a
 * tombstone (`mergedInto`), so a mail still queued for it reaches the same address. Idempotent.
 */
export async function joinLeadRecords(
  db: Firestore,
  account: { uid: string; email: string },
  payLinkSecret: string,
): Promise<JoinReport> {
  const lead = db.doc(`users/${leadUid(account.email)}`);
  const snapshot = await lead.get();
  if (!snapshot.exists || snapshot.get('isLead') !== true || snapshot.get('mergedInto') || lead.id === account.uid) {
    return { joined: false, moved: 0 };
  }
  const accountRef = db.doc(`users/${account.uid}`);
  // The pay links first: each keeps its hash (the mailed token) and gets the account's too.
  await forEachPage(
    db.collection('payLinks').where('uid', '==', lead.id).orderBy('__name__'),
    async (docs) => {
      const batch = db.batch();
      for (const doc of docs) {
        const ref = { uid: account.uid, type: doc.get('type') as 'invoice', docId: String(doc.get('docId')) };
        batch.update(doc.ref, { uid: account.uid });
        batch.set(payLinkDoc(db, payLinkToken(payLinkSecret, ref)), { ...doc.data(), uid: account.uid });
      }
      await batch.commit();
    },
    { pageSize: BATCH },
  );
  let moved = await moveSubcollections(db, lead, accountRef);
  for (const collection of ['payments', 'documents', 'gatewayOrders', 'quotes', 'projects']) {
    moved += await reassign(db, collection, lead.id, account.uid);
  }
  const batch = db.batch();
  batch.update(lead, { mergedInto: account.uid, mergedAt: FieldValue.serverTimestamp() });
  addAudit(batch, db, {
    actor: { uid: account.uid, email: account.email },
    action: 'customer.join-lead',
    target: lead.path,
    before: { isLead: true },
    after: { mergedInto: account.uid, moved },
  });
  await batch.commit();
  return { joined: true, moved };
}
