/**
 * The odds table's pagination bar (spec 001 §2, §4): Prev, Next and up to 5 page buttons; page size 15;
 * the page resets to 1 when the games, the mode or the page size change, and is clamped to the last page.
 */
export const PAGE_SIZE = 15;
export const MAX_PAGE_BUTTONS = 5;

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, Math.floor(page)), pageCount(total, pageSize));
}

/** The page numbers to show as buttons: a window of at most 5 around the current page. */
export function pageButtons(page: number, total: number, pageSize: number): number[] {
  const count = pageCount(total, pageSize);
  const current = clampPage(page, total, pageSize);
  const size = Math.min(MAX_PAGE_BUTTONS, count);
  const start = Math.min(Math.max(1, current - Math.floor(size / 2)), count - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

export function pageSlice<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const current = clampPage(page, items.length, pageSize);
  return items.slice((current - 1) * pageSize, current * pageSize);
}

/** What resets the page to 1: a different set of games, another mode or page size. */
export interface PagingContext {
  gamesKey: string;
  mode: string;
  pageSize: number;
}

export function nextPage(page: number, previous: PagingContext, next: PagingContext, total: number): number {
  if (previous.gamesKey !== next.gamesKey || previous.mode !== next.mode || previous.pageSize !== next.pageSize)
    return 1;
  return clampPage(page, total, next.pageSize);
}

/**
 * The page of `rows` holding the first of `keys` found (an alert's row, best match first), or null when none is there:
 * an alert's row beyond the first page was never shown, and its banner said it was not in this view.
 */
export function pageHolding(
  rows: readonly { key: string }[],
  keys: readonly string[],
  pageSize: number,
): number | null {
  for (const key of keys) {
    const at = rows.findIndex((row) => row.key === key);
    if (at >= 0) return Math.floor(at / pageSize) + 1;
  }
  return null;
}
