import type { Auth } from 'firebase-admin/auth';
import type { ProformaFields, ProformaPreview } from '../../src/domain/proforma';
import type { Actor } from '../audit';
import { ensureLead, leadProfile, leadUid, type LeadDetails } from './leads';
import { isProvenEmailOf } from './person';
import { enquiryDoc, ENQUIRY_NOT_FOUND } from '../enquiries/enquiries';
import { HttpError } from '../errors';
import { issueProforma, previewProforma, type IssuedProforma, type ProformaContext } from '../payments/proformas';

type EnquiryCustomer = { uid: string; isLead: false } | { uid: string; isLead: true; lead: LeadDetails };

/**
 * The customer an enquiry bills: the signed-in customer who sent it, else the account whose verified
 * login email it is (with a profile), else a lead's customer record for the email (no login: the pay link is
 * their way to pay, and signing up later with that email makes it theirs). Finding writes nothing.
 */
async function findCustomer(
  ctx: ProformaContext,
  auth: Auth,
  enquiry: FirebaseFirestore.DocumentData,
): Promise<EnquiryCustomer> {
  if (typeof enquiry.uid === 'string' && enquiry.uid) return { uid: enquiry.uid, isLead: false };
  const email = String(enquiry.email ?? '');
  const account = await auth.getUserByEmail(email).catch((error: { code?: string }) => {
    if (error.code === 'auth/user-not-found') return null;
    throw error;
  });
  // Only a login that proved the address is that person (server/account/person.ts): an unverified
  // sign-up with someone's address must not receive the bill of the enquiry they sent.
  if (account && isProvenEmailOf(account, email) && (await ctx.db.doc(`users/${account.uid}`).get()).exists) {
    return { uid: account.uid, isLead: false };
  }
  const lead = { name: String(enquiry.name ?? ''), email, phone: String(enquiry.contactNumber ?? '') };
  return { uid: leadUid(email), isLead: true, lead };
}

/** The customer an enquiry's sender is (see findCustomer), a lead's record made if they have none yet. */
export async function customerOf(
  ctx: ProformaContext,
  auth: Auth,
  enquiry: FirebaseFirestore.DocumentData,
): Promise<{ uid: string; isLead: boolean }> {
  const customer = await findCustomer(ctx, auth, enquiry);
  if (customer.isLead) await ensureLead(ctx.db, customer.lead);
  return { uid: customer.uid, isLead: customer.isLead };
}

async function enquiryData(ctx: ProformaContext, enquiryId: string) {
  const ref = enquiryDoc(ctx.db, enquiryId);
  const enquiry = await ref.get();
  if (!enquiry.exists) throw new HttpError(404, ENQUIRY_NOT_FOUND);
  return { ref, data: enquiry.data()! };
}

/**
 * What billing the enquiry would mail, writing nothing: a lead not yet on record is previewed with
 * the record issuing would make for them.
 */
export async function previewEnquiryBill(
  ctx: ProformaContext,
  auth: Auth,
  enquiryId: string,
  fields: ProformaFields,
): Promise<ProformaPreview> {
  const customer = await findCustomer(ctx, auth, (await enquiryData(ctx, enquiryId)).data);
  const input = { ...fields, uid: customer.uid, source: { kind: 'enquiry' as const, enquiryId } };
  if (!customer.isLead) return previewProforma(ctx, input);
  const stored = await ctx.db.doc(`users/${customer.uid}`).get();
  return previewProforma(ctx, input, stored.exists ? stored.data() : leadProfile(customer.lead));
}

/**
 * Staff bill an enquiry: a proforma to whoever sent it (see findCustomer), which the enquiry then
 * names (`billedCustomerUid`), in the proforma's own transaction.
 */
export async function billEnquiry(
  ctx: ProformaContext,
  auth: Auth,
  enquiryId: string,
  fields: ProformaFields,
  actor: Actor,
): Promise<IssuedProforma & { customerUid: string; isLead: boolean }> {
  const { ref, data } = await enquiryData(ctx, enquiryId);
  const customer = await customerOf(ctx, auth, data);
  const issued = await issueProforma(
    ctx,
    { ...fields, uid: customer.uid, source: { kind: 'enquiry', enquiryId } },
    { actor, alsoInTransaction: (tx) => tx.update(ref, { billedCustomerUid: customer.uid }) },
  );
  return { ...issued, customerUid: customer.uid, isLead: customer.isLead };
}
