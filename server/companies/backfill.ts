import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import type { Actor } from '../audit';
import { isAlreadyExists } from '../errors';
import { forEachPage } from '../paging';
import { addFounding, ensureCompany, isCustomerProfile } from './companies';
import { companyDoc } from './store';

/** Who the audit log says founded the companies of customers who signed up before companies. */
export const BACKFILL_ACTOR: Actor = { uid: 'backfill', email: null };

/** Profiles per page: each company founded is three writes (company, owner, audit entry), under a batch's 500. */
const PAGE_SIZE = 150;

/**
 * Companies for customers who signed up before them (`npm run backfill`; idempotent): every
 * customer profile (`users/{uid}`, not a lead nor a joined lead; staff-only logins have none)
 * founds exactly one company, `companies/{uid}`, with its customer as the one owner and the
 * profile's legal name, GSTIN, PIN code and address, as ensureCompany does at a first visit. A
 * company already there is left as it is. Resolves with the number of companies founded.
 */
export async function backfillCompanies(db: Firestore, { pageSize = PAGE_SIZE } = {}): Promise<number> {
  let founded = 0;
  await forEachPage(
    db.collection('users').orderBy(FieldPath.documentId()),
    async (profiles) => {
      const customers = profiles.filter(isCustomerProfile);
      if (customers.length === 0) return;
      const companies = await db.getAll(...customers.map((profile) => companyDoc(db, profile.id)));
      const missing = customers.filter((_, index) => !companies[index]!.exists);
      if (missing.length === 0) return;
      const batch = db.batch();
      for (const profile of missing) addFounding(batch, db, profile.id, profile.data(), BACKFILL_ACTOR);
      try {
        await batch.commit();
        founded += missing.length;
      } catch (error) {
        if (!isAlreadyExists(error)) throw error;
        // A customer's first visit founded theirs meanwhile: found the others one by one.
        for (const profile of missing) {
          if ((await ensureCompany(db, profile.id, BACKFILL_ACTOR)) === 'created') founded += 1;
        }
      }
    },
    { pageSize },
  );
  return founded;
}
