import { doc } from 'firebase/firestore';
import { num, date, converter, readOnly } from '@/lib/converters';
import { db } from '@/lib/firestore';

/** What is left of a deleted account (`deletedAccounts/{uid}`, written by the API): no name, no email. */
export interface DeletedAccount {
  uid: string;
  deletedAt: Date | null;
  /** When the last record the law keeps goes (and this with it). */
  retainUntil: Date | null;
  kept: { documents: number; payments: number; refunds: number };
}

const deletedAccountConverter = converter<DeletedAccount>((uid, data) => {
  const kept = (typeof data.kept === 'object' && data.kept !== null ? data.kept : {}) as Record<string, unknown>;
  return {
    uid,
    deletedAt: date(data.deletedAt),
    retainUntil: date(data.retainUntil),
    kept: { documents: num(kept.documents), payments: num(kept.payments), refunds: num(kept.refunds) },
  };
}, readOnly);

export const deletedAccountDoc = (uid: string) =>
  doc(db, 'deletedAccounts', uid).withConverter(deletedAccountConverter);
