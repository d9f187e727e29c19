/** The pages a pagination control shows, in the style of react-paginate. */

export type PageListItem = { type: 'page'; page: number } | { type: 'break'; key: 'start' | 'end' };

export type PageListOptions = {
  /** Pages shown around the current one (react-paginate's pageRangeDisplayed). */
  range?: number;
  /** Pages always shown at each end (react-paginate's marginPagesDisplayed). */
  margin?: number;
};

/** Spec: the control shows 3 pages and 3 margin pages. */
export const PAGE_RANGE = 3;
export const PAGE_MARGIN = 3;

/**
 * The first `margin` pages, a window of `range` pages around `current` (shifted to stay inside),
 * the last `margin` pages, with a break wherever pages are left out. A break never hides a single
 * page: that page is shown instead. Pages are 1-based; `current` is clamped to 1…pageCount.
 */
export function pageList(
  current: number,
  pageCount: number,
  { range = PAGE_RANGE, margin = PAGE_MARGIN }: PageListOptions = {},
): PageListItem[] {
  const count = Math.max(0, Math.floor(pageCount));
  if (count === 0) return [];
  const selected = Math.min(Math.max(1, Math.floor(current)), count);
  const windowSize = Math.max(1, Math.min(range, count));
  let start = selected - Math.floor((windowSize - 1) / 2);
  start = Math.max(1, Math.min(start, count - windowSize + 1));
  const end = start + windowSize - 1;

  const shown = new Set<number>();
  for (let page = 1; page <= Math.min(margin, count); page += 1) shown.add(page);
  for (let page = start; page <= end; page += 1) shown.add(page);
  for (let page = Math.max(1, count - margin + 1); page <= count; page += 1) shown.add(page);

  const pages = [...shown].sort((a, b) => a - b);
  const items: PageListItem[] = [];
  let previous = 0;
  for (const page of pages) {
    const gap = page - previous - 1;
    if (gap === 1) items.push({ type: 'page', page: previous + 1 });
    else if (gap > 1) items.push({ type: 'break', key: previous < selected ? 'start' : 'end' });
    items.push({ type: 'page', page });
    previous = page;
  }
  const tail = count - previous;
  if (tail === 1) items.push({ type: 'page', page: count });
  else if (tail > 1) items.push({ type: 'break', key: 'end' });
  return items;
}

/** What the page on screen knows about its neighbours (the list answer's cursors). */
export type PageNeighbours = { page: number; next_cursor: string | null; prev_cursor: string | null };

/**
 * How to ask for page `next`: by the cursor of the page on screen when `next` is its neighbour
 * (any depth then costs what page 1 costs), by number otherwise. Page 1 is always asked by number.
 */
export function pageRequest(
  current: PageNeighbours | undefined,
  next: number,
): { page: number; cursor?: string } {
  if (next > 1 && current) {
    if (next === current.page + 1 && current.next_cursor) return { page: next, cursor: current.next_cursor };
    if (next === current.page - 1 && current.prev_cursor) return { page: next, cursor: current.prev_cursor };
  }
  return { page: next };
}
