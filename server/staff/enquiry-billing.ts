import type { Auth } from 'firebase-admin/auth';
import type { ProformaFields } from '../../src/domain/staff';
import type { Actor } from '../audit';
import { ensureLead } from '../account/leads';
import { enquiryDoc, ENQUIRY_NOT_FOUND } from '../enquiries/enquiries';
import { HttpError } from '../errors';
import { issueProforma, type IssuedProforma, type ProformaContext } from '../payments/proformas';

/**
 * The customer an enquiry bills: the signed-in customer who sent it, else the account with that
 * email (with a profile), else a lead's customer record for the email (no login: the pay link is
 * their way to pay, and signing up later with that email makes it theirs).
 */
export async function customerOf(
  ctx: ProformaContext,
  auth: Auth,
  enquiry: FirebaseFirestore.DocumentData,
): Promise<{ uid: string; isLead: boolean }> {
  if (typeof enquiry.uid === 'string' && enquiry.uid) return { uid: enquiry.uid, isLead: false };
  const email = String(enquiry.email ?? '');
  const account = await auth.getUserByEmail(email).catch((error: { code?: string }) => {
    if (error.code === 'auth/user-not-found') return null;
    throw error;
  });
  if (account && (await ctx.db.doc(`users/${account.uid}`).get()).exists) return { uid: account.uid, isLead: false };
  const uid = await ensureLead(ctx.db, {
    name: String(enquiry.name ?? ''),
    email,
    phone: String(enquiry.contactNumber ?? ''),
  });
  return { uid, isLead: true };
}

/**
 * Staff bill an enquiry: a proforma to whoever sent it (see customerOf), which the enquiry then
 * names (`billedCustomerUid`), in the proforma's own transaction.
 */
export async function billEnquiry(
  ctx: ProformaContext,
  auth: Auth,
  enquiryId: string,
  fields: ProformaFields,
  actor: Actor,
): Promise<IssuedProforma & { customerUid: string; isLead: boolean }> {
  const ref = enquiryDoc(ctx.db, enquiryId);
  const enquiry = await ref.get();
  if (!enquiry.exists) throw new HttpError(404, ENQUIRY_NOT_FOUND);
  const customer = await customerOf(ctx, auth, enquiry.data()!);
  const issued = await issueProforma(
    ctx,
    { ...fields, uid: customer.uid, source: { kind: 'enquiry', enquiryId } },
    { actor, alsoInTransaction: (tx) => tx.update(ref, { billedCustomerUid: customer.uid }) },
  );
  return { ...issued, customerUid: customer.uid, isLead: customer.isLead };
}
