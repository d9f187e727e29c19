import { MANAGER_USERS_SORTS, type ManagerUsersQuery } from '@call-insights/contracts/manager';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

export const SEARCH_DEBOUNCE_MS = 300;
export const USERS_PAGE_SIZE = 20;
export type UsersSort = (typeof MANAGER_USERS_SORTS)[number];

function isSort(value: string | null): value is UsersSort {
  return value !== null && (MANAGER_USERS_SORTS as readonly string[]).includes(value);
}

function readPage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The member list's search, sort, order and page live in the URL (?q=&sort=&order=&page=); the
 * server sorts, searches and pages. The search box writes to the URL 300 ms after the last key.
 */
export function useUsersSearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const rawSort = params.get('sort');
  const sort: UsersSort = isSort(rawSort) ? rawSort : 'username';
  const order: 'asc' | 'desc' = params.get('order') === 'desc' ? 'desc' : 'asc';
  const page = readPage(params.get('page'));
  const query: ManagerUsersQuery = { q: q || undefined, sort, order, page, pageSize: USERS_PAGE_SIZE };

  const [draft, setDraft] = useState(q);
  const [syncedQ, setSyncedQ] = useState(q);
  if (q !== syncedQ) {
    setSyncedQ(q);
    if (draft.trim() !== q) setDraft(q);
  }

  const update = useCallback(
    (changes: Record<string, string | null>, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  useEffect(() => {
    const wanted = draft.trim();
    if (wanted === q) return;
    const timer = window.setTimeout(() => update({ q: wanted, page: null }, true), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, q, update]);

  const setPage = useCallback((next: number) => update({ page: next > 1 ? String(next) : null }), [update]);
  /** A click on the sorted column flips the order; on another column sorts by it, ascending. */
  const sortBy = useCallback(
    (column: UsersSort) => {
      const nextOrder = column === sort && order === 'asc' ? 'desc' : 'asc';
      update({
        sort: column === 'username' ? null : column,
        order: nextOrder === 'asc' ? null : 'desc',
        page: null,
      });
    },
    [order, sort, update],
  );

  return { query, q, sort, order, page, draft, setDraft, setPage, sortBy };
}
