import { describe, expect, it } from 'vitest';
import { pageList, pageRequest, type PageListItem } from './page-list';

/** Renders the list as text: page numbers and "…" for breaks. */
function show(items: PageListItem[]): string {
  return items.map((item) => (item.type === 'page' ? String(item.page) : '…')).join(' ');
}

describe('pageList', () => {
  it('shows nothing without pages', () => {
    expect(pageList(1, 0)).toEqual([]);
  });

  it('shows every page when they all fit', () => {
    expect(show(pageList(1, 1))).toBe('1');
    expect(show(pageList(2, 3))).toBe('1 2 3');
    expect(show(pageList(4, 9))).toBe('1 2 3 4 5 6 7 8 9');
  });

  it('shows the first 3, the current ±1 and the last 3 pages with breaks between', () => {
    expect(show(pageList(10, 20))).toBe('1 2 3 … 9 10 11 … 18 19 20');
    expect(show(pageList(12, 30))).toBe('1 2 3 … 11 12 13 … 28 29 30');
  });

  it('keeps the window inside the pages at both ends', () => {
    expect(show(pageList(1, 20))).toBe('1 2 3 … 18 19 20');
    expect(show(pageList(20, 20))).toBe('1 2 3 … 18 19 20');
    expect(show(pageList(4, 20))).toBe('1 2 3 4 5 … 18 19 20');
    expect(show(pageList(17, 20))).toBe('1 2 3 … 16 17 18 19 20');
  });

  it('shows a single left-out page instead of a break', () => {
    expect(show(pageList(6, 20))).toBe('1 2 3 4 5 6 7 … 18 19 20');
    expect(show(pageList(5, 10))).toBe('1 2 3 4 5 6 7 8 9 10');
  });

  it('clamps a current page outside the range', () => {
    expect(show(pageList(0, 20))).toBe(show(pageList(1, 20)));
    expect(show(pageList(99, 20))).toBe(show(pageList(20, 20)));
  });

  it('marks the breaks before and after the current page with distinct keys', () => {
    const breaks = pageList(10, 20).filter((item) => item.type === 'break');
    expect(breaks).toEqual([
      { type: 'break', key: 'start' },
      { type: 'break', key: 'end' },
    ]);
  });

  it('honours other range and margin settings', () => {
    expect(show(pageList(10, 20, { range: 5, margin: 1 }))).toBe('1 … 8 9 10 11 12 … 20');
    expect(show(pageList(10, 20, { range: 1, margin: 0 }))).toBe('… 10 …');
  });
});

describe('pageRequest', () => {
  const onScreen = { page: 7, next_cursor: 'n7', prev_cursor: 'p7' };

  it('asks for the neighbours of the page on screen by their cursors', () => {
    expect(pageRequest(onScreen, 8)).toEqual({ page: 8, cursor: 'n7' });
    expect(pageRequest(onScreen, 6)).toEqual({ page: 6, cursor: 'p7' });
  });

  it('asks for page 1 and far pages by number', () => {
    expect(pageRequest({ page: 2, next_cursor: 'n2', prev_cursor: 'p2' }, 1)).toEqual({ page: 1 });
    expect(pageRequest(onScreen, 3)).toEqual({ page: 3 });
    expect(pageRequest(onScreen, 998)).toEqual({ page: 998 });
  });

  it('falls back to the number when there is no cursor or no page on screen yet', () => {
    expect(pageRequest({ page: 7, next_cursor: null, prev_cursor: null }, 8)).toEqual({ page: 8 });
    expect(pageRequest(undefined, 8)).toEqual({ page: 8 });
  });
});
