import { collection, orderBy, query, where, type DocumentData, type Query } from 'firebase/firestore';
import type { CompanyAuditEntry } from '@/domain/company-members';
import { converter, date, readOnly, str } from '@/lib/converters';
import { db } from '@/lib/firestore';

// The console's reads of a company's audit trail (staff read it under the rules; every change goes through
// the API). The companies themselves, as the customer search finds them: src/records/companies.ts.

const record = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>) : null);

const auditConverter = converter<CompanyAuditEntry>(
  (id, data: DocumentData) => ({
    id,
    action: str(data.action),
    actorUid: str(data.actorUid),
    actorEmail: str(data.actorEmail) || null,
    before: record(data.before),
    after: record(data.after),
    at: date(data.at),
  }),
  readOnly,
);

/** A company's audit trail, newest first: every change of its members, invitations and ownership. */
export function companyAuditQuery(companyId: string): Query<CompanyAuditEntry> {
  return query(
    collection(db, 'auditLog').withConverter(auditConverter),
    where('target', '==', `companies/${companyId}`),
    orderBy('at', 'desc'),
  );
}
