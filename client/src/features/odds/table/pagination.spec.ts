import { clampPage, nextPage, pageButtons, pageCount, pageHolding, pageSlice, PAGE_SIZE } from './pagination';

describe('pagination (spec 001 §2 pagination bar, §4 paging)', () => {
  it('pages of 15', () => {
    expect(PAGE_SIZE).toBe(15);
    expect(pageCount(0, 15)).toBe(1);
    expect(pageCount(31, 15)).toBe(3);
    expect(
      pageSlice(
        Array.from({ length: 31 }, (_, i) => i),
        3,
        15,
      ),
    ).toEqual([30]);
  });

  it('shows at most 5 page buttons around the current page', () => {
    expect(pageButtons(1, 200, 15)).toEqual([1, 2, 3, 4, 5]);
    expect(pageButtons(7, 200, 15)).toEqual([5, 6, 7, 8, 9]);
    expect(pageButtons(14, 200, 15)).toEqual([10, 11, 12, 13, 14]);
    expect(pageButtons(2, 40, 15)).toEqual([1, 2, 3]);
  });

  it('clamps to the last page and resets to 1 when games, mode or page size change', () => {
    expect(clampPage(9, 40, 15)).toBe(3);
    expect(clampPage(0, 40, 15)).toBe(1);
    const ctx = { gamesKey: 'a,b', mode: 'game', pageSize: 15 };
    expect(nextPage(3, ctx, ctx, 100)).toBe(3);
    expect(nextPage(7, ctx, ctx, 40)).toBe(3);
    expect(nextPage(3, ctx, { ...ctx, gamesKey: 'a' }, 100)).toBe(1);
    expect(nextPage(3, ctx, { ...ctx, mode: 'props' }, 100)).toBe(1);
    expect(nextPage(3, ctx, { ...ctx, pageSize: 50 }, 100)).toBe(1);
  });
});

// An alert's +EV link: the table opens on the page holding its row (the row was never shown beyond the first page)
describe('pageHolding', () => {
  const rows = Array.from({ length: 40 }, (_, i) => ({ key: `r${i}` }));

  it('answers the page of the first key found, best match first', () => {
    expect(pageHolding(rows, ['r0'], 15)).toBe(1);
    expect(pageHolding(rows, ['r15'], 15)).toBe(2);
    expect(pageHolding(rows, ['missing', 'r39', 'r1'], 15)).toBe(3);
    expect(pageHolding(rows, ['r39'], 50)).toBe(1);
  });

  it('answers null when no key is listed', () => {
    expect(pageHolding(rows, ['missing'], 15)).toBeNull();
    expect(pageHolding(rows, [], 15)).toBeNull();
  });
});
