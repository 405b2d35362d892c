import type { BoardEvent } from '@oddspulse/shared';
import { simBoard } from '../../../../test-support/sim-board';
import { keepUnchangedRows } from './kept-rows';
import { buildEventRows, type BookPrice, type BuildRowsOptions, type OddsRow } from './rows';

const NOW = Date.parse('2026-11-23T16:00:00Z');
const [event] = simBoard({ events: 1, seed: 7, now: NOW });
const rowsOf = (mode: BuildRowsOptions['mode']) =>
  buildEventRows(event, { mode, selectedBooks: ['draftkings', 'fanduel', 'betmgm'], now: NOW });
/** A player's points, Over and Under 24.5, at three books: one combined prop row. */
const propEvent: BoardEvent = {
  ...event,
  bookmakers: ['draftkings', 'fanduel', 'betmgm'].map((key, i) => ({
    key,
    title: key,
    last_update: new Date(NOW).toISOString(),
    markets: [
      {
        key: 'player_points',
        last_update: new Date(NOW).toISOString(),
        outcomes: [
          { name: 'Over', description: 'Player A', price: 1.85 + i / 100, point: 24.5 },
          { name: 'Under', description: 'Player A', price: 1.95 - i / 100, point: 24.5 },
        ],
      },
    ],
  })),
};

/** Every BookPrice a row points at (its lists and best) is one of its own book lists' entries. */
function pointsIntoItsLists(row: OddsRow): boolean {
  const own = new Set<BookPrice>([...row.allBooks, ...(row.overBooks ?? []), ...(row.underBooks ?? [])]);
  return [...row.selectedBooks, ...row.nonSelectedBooks, row.best!].every((price) => own.has(price));
}

describe('keepUnchangedRows: a rebuilt event keeps the objects whose values did not change', () => {
  it('keeps every row of an event built again unchanged', () => {
    const before = rowsOf('game');
    const kept = keepUnchangedRows(before, rowsOf('game'));
    expect(kept).toHaveLength(before.length);
    kept.forEach((row, i) => expect(row).toBe(before[i]));
  });

  it('in a row one price of which moved: a new row, that price new, every other price the object it was', () => {
    const before = rowsOf('game');
    // structuredClone keeps what is shared (best is an entry of allBooks), as building the rows again would make it
    const after = structuredClone(before);
    const moved = after[0].allBooks.find((b) => b !== after[0].best)!;
    moved.decimal += 0.1;
    const kept = keepUnchangedRows(before, after);

    expect(kept[0]).not.toBe(before[0]);
    expect(kept[0]).toEqual(after[0]);
    kept[0].allBooks.forEach((price, i) =>
      price.book === moved.book ? expect(price).toBe(moved) : expect(price).toBe(before[0].allBooks[i]),
    );
    expect(kept[0].best).toBe(before[0].best);
    expect(pointsIntoItsLists(kept[0])).toBe(true);
    kept.slice(1).forEach((row, i) => expect(row).toBe(before[i + 1]));
  });

  it("keeps a combined prop's side lists, and its own list stays one of them when its better side turns", () => {
    const before = buildEventRows(propEvent, { mode: 'props', selectedBooks: [], now: NOW });
    expect(before.map((row) => row.isCombinedProp)).toEqual([true]);
    const after = structuredClone(before);
    const row = after[0];
    const otherSide = row.allBooks === row.overBooks ? row.underBooks! : row.overBooks!;
    row.allBooks = otherSide;
    row.outcome = row.outcome === 'Over' ? 'Under' : 'Over';
    const [kept] = keepUnchangedRows(before, after);

    expect(kept).not.toBe(before[0]);
    expect(kept.overBooks).toBe(before[0].overBooks);
    expect(kept.underBooks).toBe(before[0].underBooks);
    expect(kept.allBooks).toBe(otherSide === row.overBooks ? kept.overBooks : kept.underBooks);
  });

  it('takes new rows as they are and leaves out rows gone', () => {
    const before = rowsOf('game');
    const after = structuredClone(before.slice(1));
    after[0] = { ...after[0], key: `${after[0].key}|new` };
    const kept = keepUnchangedRows(before, after);
    expect(kept[0]).toBe(after[0]);
    kept.slice(1).forEach((row, i) => expect(row).toBe(before[i + 2]));
  });
});
