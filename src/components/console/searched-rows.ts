import { searchWords } from '@/domain/search';
import type { PagedList } from '@/lib/paged-list';
import { matchesSearch } from '@/lib/search-query';

/** A search box's text as part of a list's key: its words, so case and spacing start no new list. */
export const searchKey = (search: string) => searchWords(search).join(' ');

/**
 * A paged list found by a search box (Firestore finds the rows holding its longest word) showing
 * only the rows that hold every other word too: a page may show fewer rows than it read, and
 * 'Show more' reads on.
 */
export function searchedRows<T extends { searchTokens?: string[] }>(list: PagedList<T>, search: string): PagedList<T> {
  return { ...list, items: list.items.filter((row) => matchesSearch(search, row)) };
}
