import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CallResultClass } from '@call-insights/contracts/analysis';
import type { RecordingSort } from '../api/get-recordings';

export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_MAX_LENGTH = 200;

function readPage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The list's search, page, cursor, sort and filters live in the URL (?q=&page=&cursor=&sort=&tracker=&result=) so reload and
 * back keep them. Next and previous go by the server's cursors (a deep page costs what page 1 costs);
 * the page number stays beside the cursor for display. Other page numbers are asked for by number.
 * The search box has its own draft, written to the URL 300 ms after the last key (page back to 1).
 */
export function useRecordingsSearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const page = readPage(params.get('page'));
  const cursor = params.get('cursor') || undefined;
  const sort: RecordingSort = params.get('sort') === 'createdAt:asc' ? 'createdAt:asc' : 'createdAt:desc';
  // ?tracker=<id>: only calls that mention that tracker's phrases.
  const trackerParam = Number(params.get('tracker'));
  const trackerId = Number.isInteger(trackerParam) && trackerParam > 0 ? trackerParam : undefined;
  // ?result=appointment|follow_up|not_interested|other: only calls that ended so.
  const parsedResult = CallResultClass.safeParse(params.get('result'));
  const result = parsedResult.success ? parsedResult.data : undefined;

  const [draft, setDraft] = useState(q);
  const [syncedQ, setSyncedQ] = useState(q);
  // Back/forward changed the URL: show its search in the box (keeping a trailing space being typed).
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
    const timer = window.setTimeout(
      () => update({ q: wanted, page: null, cursor: null }, true),
      SEARCH_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [draft, q, update]);

  /** Goes to a page by number, or by a cursor of the current answer when one leads there. */
  const setPage = useCallback(
    (next: number, nextCursor?: string | null) =>
      update({ page: next > 1 ? String(next) : null, cursor: next > 1 ? (nextCursor ?? null) : null }),
    [update],
  );
  const toggleSort = useCallback(
    () => update({ sort: sort === 'createdAt:desc' ? 'createdAt:asc' : null, page: null, cursor: null }),
    [sort, update],
  );

  const setTracker = useCallback(
    (id: number | undefined) => update({ tracker: id ? String(id) : null, page: null, cursor: null }),
    [update],
  );

  const setResult = useCallback(
    (value: CallResultClass | undefined) => update({ result: value ?? null, page: null, cursor: null }),
    [update],
  );
  /** Back to every recording: no tracker, no result (the search box is cleared on its own). */
  const clearFilters = useCallback(
    () => update({ tracker: null, result: null, page: null, cursor: null }),
    [update],
  );

  return {
    q,
    page,
    cursor,
    sort,
    trackerId,
    result,
    draft,
    setDraft,
    setPage,
    toggleSort,
    setTracker,
    setResult,
    clearFilters,
  };
}
