import { FieldValue, Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import type { Booker } from '../../src/domain/bookings';
import { enquiryMessage, isQuoteRequest, type EnquirySubmissionForm } from '../../src/domain/quote-request';
import { emailKey, enquirySearchTokens } from '../../src/domain/search';
import type { EnquiryUpdate } from '../../src/domain/enquiries';
import { STATUS } from '../../src/domain/status';
import { addAudit, type Actor } from '../audit';
import { HttpError } from '../errors';
import { addEnquiryMails } from '../mail/mails';
import { mailQueued } from '../mail/outbox';
import { forEachPage } from '../paging';

/**
 * `enquiries/{id}`: the staff inbox. A visitor's enquiry lives only here; a signed-in customer's
 * query also lives in `users/{uid}/queries/{queryId}` and its entry here has the same id and links
 * back with `uid` + `queryId`. Internal notes live only here (customers never see them).
 */
export const enquiryDoc = (db: Firestore, id: string) => db.doc(`enquiries/${id}`);

export const ENQUIRY_NOT_FOUND = 'Enquiry not found.';

/** What a query stores (users/{uid}/queries/{id}), and the inbox entry too: the form, 'New', the time. */
function queryData(form: EnquirySubmissionForm): DocumentData {
  return {
    name: form.name,
    businessName: form.businessName,
    contactNumber: form.contactNumber,
    email: form.email,
    message: enquiryMessage(form),
    status: STATUS.new,
    submittedAt: FieldValue.serverTimestamp(),
  };
}

/**
 * The inbox entry of a contact form: the query's fields plus what the inbox searches on and links
 * by; a quote request also its kind and project details.
 */
function enquiryData(form: EnquirySubmissionForm, link: { uid: string; queryId: string } | null): DocumentData {
  return {
    ...queryData(form),
    ...(isQuoteRequest(form)
      ? { kind: form.kind, projectType: form.projectType, budget: form.budget, timeline: form.timeline }
      : {}),
    searchTokens: enquirySearchTokens({ ...form, message: enquiryMessage(form) }),
    emailLower: emailKey(form.email),
    source: link ? 'customer' : 'visitor',
    uid: link?.uid ?? null,
    queryId: link?.queryId ?? null,
  };
}

export interface EnquirySubmission {
  form: EnquirySubmissionForm;
  /** The signed-in sender (from the verified ID token; the form's userId is never trusted), or null. */
  uid: string | null;
  /** COMPANY_EMAIL: where the company's notification goes. */
  companyEmail: string;
}

/**
 * Records a contact form. A signed-in sender's query goes to users/{uid}/queries and to the staff
 * inbox `enquiries` under the same id; a visitor's goes to `enquiries` only, so it is never lost.
 * Its two mails (the acknowledgement to the typed address, the notification to the company) are
 * committed in the same batch and sent later by the outbox worker, so a slow or dead mail server
 * never touches the request.
 */
export async function recordEnquiry(db: Firestore, { form, uid, companyEmail }: EnquirySubmission): Promise<string> {
  const enquiries = db.collection('enquiries');
  const ref = uid ? db.collection('users').doc(uid).collection('queries').doc() : enquiries.doc();
  const batch = db.batch();
  if (uid) {
    batch.create(ref, queryData(form));
    batch.create(enquiries.doc(ref.id), enquiryData(form, { uid, queryId: ref.id }));
  } else {
    batch.create(ref, enquiryData(form, null));
  }
  addEnquiryMails(batch, db, { enquiryId: ref.id, form, uid, submittedAt: new Date(), companyEmail });
  await batch.commit();
  mailQueued();
  return ref.id;
}

/**
 * Changes an enquiry's status and/or adds an internal note, in one transaction with its audit
 * entry. A customer's query gets the same status in the same write, so their /profile shows it
 * live; a query the customer has since deleted is left deleted.
 */
export async function updateEnquiry(db: Firestore, id: string, update: EnquiryUpdate, actor: Actor) {
  const ref = enquiryDoc(db, id);
  return db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) throw new HttpError(404, ENQUIRY_NOT_FOUND);
    const enquiry = snapshot.data()!;
    const queryRef =
      typeof enquiry.uid === 'string' && typeof enquiry.queryId === 'string'
        ? db.doc(`users/${enquiry.uid}/queries/${enquiry.queryId}`)
        : null;
    const querySnap = queryRef ? await tx.get(queryRef) : null;

    const changes: DocumentData = { updatedAt: FieldValue.serverTimestamp() };
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (update.status !== undefined && update.status !== enquiry.status) {
      changes.status = update.status;
      before.status = enquiry.status ?? null;
      after.status = update.status;
      if (querySnap?.exists) tx.update(queryRef!, { status: update.status, updatedAt: FieldValue.serverTimestamp() });
    }
    const note = update.note?.trim();
    if (note) {
      changes.notes = FieldValue.arrayUnion({ text: note, by: actor.email ?? actor.uid, at: Timestamp.now() });
      after.note = note;
    }
    if (Object.keys(after).length === 0) return { changed: false };
    tx.update(ref, changes);
    addAudit(tx, db, { actor, action: 'enquiry.update', target: ref.path, before, after });
    return { changed: true };
  });
}

/** Who a person's enquiries are: their account's queries, and whatever was sent from their addresses. */
export interface EnquirySender {
  uid: string;
  /**
   * Addresses proved to be the sender's (server/account/person.ts: a verified login email, never a
   * profile's); any letter case.
   */
  emails: string[];
}

const ENQUIRY_PAGE = 200;

/**
 * Every inbox entry of a person, each once: those linked to their account, and those sent from
 * any of their email addresses (compared lower-cased, as `emailLower` stores them), a page at a
 * time. Resolves with how many there were.
 */
export async function forEachEnquiryOf(
  db: Firestore,
  sender: EnquirySender,
  visit: (docs: FirebaseFirestore.QueryDocumentSnapshot[]) => Promise<void>,
): Promise<number> {
  const seen = new Set<string>();
  const queries = [
    db.collection('enquiries').where('uid', '==', sender.uid),
    ...[...new Set(sender.emails.map(emailKey).filter(Boolean))].map((email) =>
      db.collection('enquiries').where('emailLower', '==', email),
    ),
  ];
  for (const query of queries) {
    await forEachPage(
      query.orderBy('__name__'),
      async (docs) => {
        const fresh = docs.filter((doc) => !seen.has(doc.id));
        for (const doc of fresh) seen.add(doc.id);
        if (fresh.length > 0) await visit(fresh);
      },
      { pageSize: ENQUIRY_PAGE },
    );
  }
  return seen.size;
}

/**
 * Deletes a person's enquiries (see forEachEnquiryOf) when they delete their account: the inbox
 * keeps no copy of what they sent us. Idempotent. Resolves with how many went.
 */
export function deleteEnquiriesOf(db: Firestore, sender: EnquirySender): Promise<number> {
  return forEachEnquiryOf(db, sender, async (docs) => {
    const batch = db.batch();
    for (const doc of docs) batch.delete(doc.ref);
    await batch.commit();
  });
}

/** What a booked consultation shows in the inbox: who, how to reach them, the topic, and the call. */
export interface ConsultationEnquiry extends Booker {
  /** The booking's id, start and staff member (kept in step when it moves or is cancelled). */
  consultation: DocumentData;
}

/**
 * The inbox entry of a booked consultation (`kind: 'consultation'`), for the booking's own
 * transaction: a visitor's enquiry like the contact form's, with the call it is about. Its mails
 * are the booking's own (the invitation), not the contact form's acknowledgement.
 */
export function consultationEnquiryData(input: ConsultationEnquiry): DocumentData {
  const message = input.plan ? `${input.topic}\n\nPlan of interest: ${input.plan}` : input.topic;
  const fields = {
    name: input.name,
    businessName: input.company,
    contactNumber: input.phone,
    email: input.email,
    message,
  };
  return {
    ...fields,
    status: STATUS.new,
    submittedAt: FieldValue.serverTimestamp(),
    kind: 'consultation',
    plan: input.plan,
    consultation: input.consultation,
    searchTokens: enquirySearchTokens(fields),
    emailLower: emailKey(input.email),
    source: 'visitor',
    uid: null,
    queryId: null,
  };
}
