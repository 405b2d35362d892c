import type { BookPrice, OddsRow } from './rows';

/**
 * An event's rows built again, with what did not change taken from its rows before: a row equal to the row of the same
 * key before is that row, and in a row that changed, each book's price equal to the same book's before is that
 * BookPrice (its lists too, when every entry is kept). Rows are built afresh from the board (rows.ts) and compared
 * after, so the building stays one algorithm; what this keeps is identity, which the memoised row and cell views
 * compare by, so a pushed diff re-renders the rows and cells whose shown values moved and no others.
 */
export function keepUnchangedRows(before: readonly OddsRow[], after: readonly OddsRow[]): OddsRow[] {
  if (!before.length) return after as OddsRow[];
  const previous = new Map(before.map((row) => [row.key, row]));
  return after.map((row) => {
    const was = previous.get(row.key);
    return was ? keptRow(was, row) : row;
  });
}

function keptRow(was: OddsRow, row: OddsRow): OddsRow {
  // each new BookPrice and list to what it is kept as: a row's selected, other and best prices are entries of its
  // own book lists (a combined prop's of its Over or Under side), so they map alike
  const prices = new Map<BookPrice, BookPrice>();
  const lists = new Map<readonly BookPrice[], BookPrice[]>();
  const keepList = (now: BookPrice[] | undefined, then: BookPrice[] | undefined) => {
    if (!now) return now;
    let kept = lists.get(now);
    if (!kept) lists.set(now, (kept = keptPrices(now, then ?? [], prices)));
    return kept;
  };
  // a combined prop's own list is one of its sides' (the side of the better EV, which may have turned): sides first
  const overBooks = keepList(row.overBooks, was.overBooks);
  const underBooks = keepList(row.underBooks, was.underBooks);
  const allBooks = keepList(row.allBooks, was.allBooks)!;
  const subset = (now: BookPrice[], then: BookPrice[]) =>
    sameList(
      now.map((b) => prices.get(b) ?? b),
      then,
    );
  const kept: OddsRow = {
    ...row,
    allBooks,
    selectedBooks: subset(row.selectedBooks, was.selectedBooks),
    nonSelectedBooks: subset(row.nonSelectedBooks, was.nonSelectedBooks),
    best: row.best && (prices.get(row.best) ?? row.best),
  };
  if (overBooks) kept.overBooks = overBooks;
  if (underBooks) kept.underBooks = underBooks;
  return sameFields(kept, was) ? was : kept;
}

/** The list with each price equal to the same book's in `then` replaced by that one; `then` itself when all are. */
function keptPrices(now: readonly BookPrice[], then: BookPrice[], prices: Map<BookPrice, BookPrice>): BookPrice[] {
  const byBook = new Map(then.map((b) => [b.book, b]));
  return sameList(
    now.map((price) => {
      const old = byBook.get(price.book);
      const kept = old && equalData(old, price) ? old : price;
      prices.set(price, kept);
      return kept;
    }),
    then,
  );
}

/** `then` when it holds the same entries in the same order, else `now`. */
function sameList<T>(now: T[], then: T[]): T[] {
  return now.length === then.length && now.every((value, i) => value === then[i]) ? then : now;
}

/** The same own keys, each value the same object or primitive. */
function sameFields(a: object, b: object): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) =>
      Object.hasOwn(b, key) && Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/** Equal as data: primitives by Object.is, arrays and plain objects by their entries. */
function equalData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((value, i) => equalData(value, b[i]))
    );
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) =>
      Object.hasOwn(b, key) && equalData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
