import { where, type QueryConstraint } from 'firebase/firestore';
import { searchQueryOf } from '@/domain/search';

/**
 * A search box's words as a query constraint: rows whose search tokens hold its longest word
 * (src/domain/search.ts). The rows shown must also hold its other words: see `matchesSearch`.
 */
export function searchOn(search: string): QueryConstraint[] {
  const asked = searchQueryOf(search);
  return asked ? [where('searchTokens', 'array-contains', asked.token)] : [];
}

/** Whether a row found by `searchOn` also holds the search box's other words. */
export function matchesSearch(search: string, row: { searchTokens?: string[] }): boolean {
  const asked = searchQueryOf(search);
  return !asked || asked.others.every((word) => row.searchTokens?.includes(word));
}
