import { FieldValue, type Firestore } from 'firebase-admin/firestore';

/** Who did it, as the audit log records them: a staff member (or a customer correcting their own data). */
export interface Actor {
  uid: string;
  email: string | null;
}

/** `auditLog/{id}`: one entry per staff action; written only here, read by staff, never by clients. */
export const auditLogCollection = (db: Firestore) => db.collection('auditLog');

export interface AuditEntry {
  actor: Actor;
  /** What was done: 'enquiry.update', 'invoice.issue', 'invoice.cancel', 'payment.refund', ... */
  action: string;
  /** The document acted on, as a path ('users/u1/invoices/i1', 'payments/pay_X'). */
  target: string;
  /** The fields the action changed, as they were and as they became (null: did not exist). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** A Transaction or WriteBatch: the entry commits with the change it records, or not at all. */
export interface AuditWriter {
  create(ref: FirebaseFirestore.DocumentReference, data: FirebaseFirestore.DocumentData): unknown;
}

/** Adds the audit entry of a staff action to the action's own transaction or batch. */
export function addAudit(writer: AuditWriter, db: Firestore, entry: AuditEntry): void {
  writer.create(auditLogCollection(db).doc(), {
    actorUid: entry.actor.uid,
    actorEmail: entry.actor.email,
    action: entry.action,
    target: entry.target,
    before: entry.before,
    after: entry.after,
    at: FieldValue.serverTimestamp(),
  });
}

/** Records a staff action that changes no document of its own (e.g. running a job now). */
export async function recordAudit(db: Firestore, entry: AuditEntry): Promise<void> {
  const batch = db.batch();
  addAudit(batch, db, entry);
  await batch.commit();
}
