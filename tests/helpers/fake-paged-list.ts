import { vi } from 'vitest';

/**
 * Stands in for src/lib/paged-list.ts in component tests (the real one is tested against the
 * emulator): each list is one page, what the test puts in `lists.items` under the name its query
 * function returns; `lists.hasMore` offers Show more, which calls `lists.loadMore`.
 * vi.mock('@/lib/paged-list', () => import('../../helpers/fake-paged-list')).
 */
export const lists = {
  items: {} as Record<string, unknown[]>,
  hasMore: false,
  loadMore: vi.fn(),
};

export function usePagedList(_key: string, source: () => string) {
  return {
    status: 'ready',
    items: lists.items[source()] ?? [],
    error: undefined,
    hasMore: lists.hasMore,
    isLoadingMore: false,
    loadMore: lists.loadMore,
  };
}
