import { collection, orderBy, query, where, type DocumentData, type Query } from 'firebase/firestore';
import type { CompanyAuditEntry } from '@/domain/company-members';
import { searchOn } from '@/lib/search-query';
import { converter, date, num, readOnly, str, stringsOf } from '@/lib/converters';
import { db } from '@/lib/firestore';

// The console's reads of companies (staff read them under the rules; every change goes through the API).

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

/** A company as a row of the console's customer search. */
export interface CompanyRow {
  id: string;
  name: string;
  memberCount: number;
  searchTokens: string[];
  createdAt: Date | null;
}

const companyRowConverter = converter<CompanyRow>(
  (id, data: DocumentData) => ({
    id,
    name: str(data.name),
    memberCount: num(data.memberCount),
    searchTokens: stringsOf(data.searchTokens),
    createdAt: date(data.createdAt),
  }),
  readOnly,
);

/** Companies holding the searched words: their names, GSTIN, and every member's name and email. */
export function companiesQuery(search: string): Query<CompanyRow> {
  return query(
    collection(db, 'companies').withConverter(companyRowConverter),
    ...searchOn(search),
    orderBy('createdAt', 'desc'),
  );
}
