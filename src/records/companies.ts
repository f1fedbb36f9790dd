import { collection, orderBy, query, type DocumentData, type Query } from 'firebase/firestore';
import { converter, date, num, readOnly, str, stringsOf } from '@/lib/converters';
import { db } from '@/lib/firestore';
import { searchOn } from '@/lib/search-query';

// Company accounts as the console finds them (staff read them under the rules; every change goes
// through the API). Read by the console's customer search; the companies area shows their members.

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
