import type { Firestore } from 'firebase-admin/firestore';
import type { BillingDetails } from '../../src/domain/profile-schemas';
import { customerSearchTokens } from '../../src/domain/search';
import { addAudit, type Actor } from '../audit';
import { HttpError } from '../errors';
import { CUSTOMER_NOT_FOUND } from '../payments/proformas';

/** The profile fields a tax invoice prints of its buyer and staff may correct. */
const BILLING_FIELDS = ['legalName', 'gstin', 'pinCode', 'address'] as const satisfies ReadonlyArray<
  keyof BillingDetails
>;

/**
 * Staff correct a customer's billing details (legal name, GSTIN, PIN code, street address; already
 * validated with billingDetailsSchema): in one transaction, the fields that differ from the profile
 * and an audit entry with just those fields before (null: never set) and after. Documents already
 * issued keep their snapshot; only documents issued afterwards read the corrected profile.
 * Nothing different: nothing is written or audited. Throws 404 for an unknown customer.
 */
export async function updateBillingDetails(
  db: Firestore,
  uid: string,
  details: BillingDetails,
  actor: Actor,
): Promise<{ changed: string[] }> {
  const ref = db.doc(`users/${uid}`);
  return db.runTransaction(async (tx) => {
    const profile = await tx.get(ref);
    if (!profile.exists) throw new HttpError(404, CUSTOMER_NOT_FOUND);
    const before: Record<string, string | null> = {};
    const after: Record<string, string> = {};
    for (const field of BILLING_FIELDS) {
      const stored: unknown = profile.get(field);
      const current = typeof stored === 'string' ? stored : null;
      if ((current ?? '') === details[field]) continue;
      before[field] = current;
      after[field] = details[field];
    }
    const changed = Object.keys(after);
    if (changed.length > 0) {
      // The legal name is one of the words staff find the customer by.
      tx.update(ref, { ...after, searchTokens: customerSearchTokens({ ...profile.data(), ...after }) });
      addAudit(tx, db, { actor, action: 'customer.billing', target: ref.path, before, after });
    }
    return { changed };
  });
}
