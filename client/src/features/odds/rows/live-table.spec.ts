import { diffBoards, type BoardEvent, type SportBoard } from '@oddspulse/shared';
import {
  addFlashes,
  applyBoardEnvelope,
  applyDiff,
  arrangeRows,
  flashOf,
  flashesByRow,
  FLASH_MS,
  formatPriceAge,
  heldChanges,
  heldChangesText,
  heldOrder,
  rowChanges,
} from './live-table';
import { buildRows } from './rows';

const T0 = Date.parse('2030-01-01T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

function board(prices: Record<string, [number, number]>, at = T0): SportBoard {
  const event: BoardEvent = {
    id: 'e1',
    sport_key: 'basketball_nba',
    sport_title: 'NBA',
    commence_time: iso(T0 + 3_600_000),
    home_team: 'Home',
    away_team: 'Away',
    bookmakers: Object.entries(prices).map(([key, [home, away]]) => ({
      key,
      title: key,
      last_update: iso(at),
      markets: [
        {
          key: 'spreads',
          last_update: iso(at),
          outcomes: [
            { name: 'Home', price: home, point: -2.5 },
            { name: 'Away', price: away, point: 2.5 },
          ],
        },
      ],
    })),
  };
  return { sport_key: 'basketball_nba', fetched_at: iso(at), events: [event] };
}

const rowsOf = (b: SportBoard, now: number) => buildRows(b.events, { mode: 'game', selectedBooks: [], now });

describe('live table (DECISIONS 14–15, spec 001 §4 price flash)', () => {
  it('patches the board with a pushed diff and flashes moved prices up green or down red for 900 ms', () => {
    const before = board({ draftkings: [1.91, 1.91], fanduel: [1.9, 1.92] });
    const after = board({ draftkings: [1.95, 1.87], fanduel: [1.9, 1.92] }, T0 + 5000);
    const { diff } = diffBoards(before, after);
    const boards = applyDiff({ basketball_nba: before }, diff!);
    expect(boards.basketball_nba.events[0].bookmakers[0].markets[0].outcomes[0].price).toBe(1.95);

    const changes = rowChanges(rowsOf(before, T0), rowsOf(boards.basketball_nba, T0 + 5000));
    const home = 'e1|spreads||Home|-2.5';
    const away = 'e1|spreads||Away|2.5';
    expect(changes.rows.get(home)).toBe('up');
    // Away's best stays fanduel's 1.92; draftkings' own price moved down in the mini table
    expect(changes.rows.has(away)).toBe(false);
    expect(changes.books.get(`${away}|draftkings`)).toBe('down');

    const flashes = addFlashes(new Map(), changes.rows, T0);
    expect(flashOf(flashes, home, T0 + FLASH_MS - 1)).toBe('up');
    expect(flashOf(flashes, home, T0 + FLASH_MS)).toBeNull();
  });

  it('rows enter when a market opens and leave when it locks or goes', () => {
    const one = board({ draftkings: [1.91, 1.91] });
    const two = board({ draftkings: [1.91, 1.91], fanduel: [1.9, 1.92] });
    const opened = rowChanges(rowsOf(one, T0), rowsOf(two, T0));
    expect(opened.entered.sort()).toEqual(['e1|spreads||Away|2.5', 'e1|spreads||Home|-2.5']);
    // 16 minutes later, both markets are older than 15 minutes: locked, so the rows leave
    const locked = rowChanges(rowsOf(two, T0), rowsOf(two, T0 + 16 * 60_000));
    expect(locked.left).toHaveLength(2);
  });

  it('ignores a diff for a sport that is not loaded', () => {
    const b = board({ draftkings: [1.91, 1.91] });
    const { diff } = diffBoards(b, board({ draftkings: [1.8, 2.0] }));
    const boards = { icehockey_nhl: { ...b, sport_key: 'icehockey_nhl' } };
    expect(applyDiff(boards, diff!)).toBe(boards);
  });

  it('shows the age of a price', () => {
    expect(formatPriceAge(iso(T0 - 12_000), T0)).toBe('12s');
    expect(formatPriceAge(iso(T0 - 4 * 60_000), T0)).toBe('4m');
    expect(formatPriceAge(iso(T0 - 2 * 3_600_000), T0)).toBe('2h');
    expect(formatPriceAge(iso(T0 + 5000), T0)).toBe('0s');
  });
});

describe('rows held in place (a row being read or acted on does not move)', () => {
  const keys = (rows: ReadonlyArray<{ key: string }>) => rows.map((r) => r.key);

  it('keeps the shown order while held, with the newest rows, and re-sorts when released', () => {
    // Prices moved: the EV order is now c, a, b; the table showed a, b, c.
    const byEv = [
      { key: 'c', ev: 9 },
      { key: 'a', ev: 5 },
      { key: 'b', ev: 1 },
    ];
    const held = arrangeRows(byEv, true, ['a', 'b', 'c']);
    expect(keys(held)).toEqual(['a', 'b', 'c']);
    // the rows are today's objects: prices change in place
    expect(held[0]).toBe(byEv[1]);
    expect(keys(arrangeRows(byEv, false, ['a', 'b', 'c']))).toEqual(['c', 'a', 'b']);
    // nothing shown yet: the EV order
    expect(keys(arrangeRows(byEv, true, null))).toEqual(['c', 'a', 'b']);
  });

  it('puts rows that enter after the held ones, in EV order, and drops rows that leave', () => {
    const next = [{ key: 'n2' }, { key: 'c' }, { key: 'n1' }, { key: 'a' }];
    expect(keys(heldOrder(['a', 'b', 'c'], next))).toEqual(['a', 'c', 'n2', 'n1']);
  });

  it('holds the same order across several pushes (each held order is the next one shown)', () => {
    let shown = ['a', 'b', 'c'];
    for (const push of [
      ['c', 'b', 'a'],
      ['b', 'a', 'c', 'd'],
      ['d', 'c', 'a'],
    ])
      shown = keys(
        heldOrder(
          shown,
          push.map((key) => ({ key })),
        ),
      );
    expect(shown).toEqual(['a', 'c', 'd']);
  });
});

describe('pushed board messages', () => {
  it('applies a diff, takes a snapshot as the whole board, and leaves the boards alone for anything else', () => {
    const before = board({ draftkings: [1.91, 1.91] });
    const after = board({ draftkings: [2.0, 1.8] }, T0 + 5000);
    const { diff } = diffBoards(before, after);
    const boards = { basketball_nba: before };
    expect(
      applyBoardEnvelope(boards, 'basketball_nba', { type: 'board.diff', data: diff! }).basketball_nba.events[0]
        .bookmakers[0].markets[0].outcomes[0].price,
    ).toBe(2.0);
    expect(applyBoardEnvelope(boards, 'basketball_nba', { type: 'snapshot', data: after }).basketball_nba).toBe(after);
    expect(applyBoardEnvelope(boards, 'basketball_nba', { type: 'snapshot', data: null })).toBe(boards);
    expect(
      applyBoardEnvelope(boards, 'basketball_nba', {
        type: 'board.status',
        data: { fetched_at: after.fetched_at, stale_since: null },
      }),
    ).toBe(boards);
  });
});

// The table re-sorted under the cursor; held, it says what it keeps back ("3 new, 5 moved — show")
describe('what a held order keeps back', () => {
  it('counts rows the EV order would bring into view, and shown rows it would put elsewhere', () => {
    // held in view: a b c d; the EV order would show c e a b (d out of view, e new in view)
    expect(heldChanges(['a', 'b', 'c', 'd'], ['c', 'e', 'a', 'b'])).toEqual({ entered: 1, moved: 4 });
    expect(heldChanges(['a', 'b'], ['a', 'b'])).toEqual({ entered: 0, moved: 0 });
    expect(heldChanges(['a', 'b', 'c'], ['a', 'c', 'b'])).toEqual({ entered: 0, moved: 2 });
  });

  it('says it briefly, or nothing', () => {
    expect(heldChangesText({ entered: 3, moved: 5 })).toBe('3 new, 5 moved');
    expect(heldChangesText({ entered: 1, moved: 0 })).toBe('1 new');
    expect(heldChangesText({ entered: 0, moved: 2 })).toBe('2 moved');
    expect(heldChangesText({ entered: 0, moved: 0 })).toBe('');
  });
});

describe('flashes given to each row', () => {
  const up: { direction: 'up' | 'down'; until: number } = { direction: 'up', until: 2000 };
  const down: { direction: 'up' | 'down'; until: number } = { direction: 'down', until: 2000 };
  const rows = new Set(['e1|h2h||A|', 'e1|h2h||B|', 'e2|totals||OU|45.5']);

  it("gives each row its own best-price, book and side flashes, and leaves out other rows' keys", () => {
    const byRow = flashesByRow(
      new Map<string, { direction: 'up' | 'down'; until: number }>([
        ['e1|h2h||A|', up],
        ['e1|h2h||A||fanduel', down],
        ['e2|totals||OU|45.5|draftkings|Over', up],
        ['gone|h2h||A|', up],
      ]),
      rows,
    );
    expect([...byRow.keys()].sort()).toEqual(['e1|h2h||A|', 'e2|totals||OU|45.5']);
    expect([...byRow.get('e1|h2h||A|')!.keys()]).toEqual(['e1|h2h||A|', 'e1|h2h||A||fanduel']);
    expect([...byRow.get('e2|totals||OU|45.5')!.keys()]).toEqual(['e2|totals||OU|45.5|draftkings|Over']);
  });

  it('keeps the map of a row whose flashes did not change, and gives a new one to a row whose did', () => {
    const first = flashesByRow(new Map([['e1|h2h||A|', up]]), rows);
    const second = flashesByRow(
      new Map([
        ['e1|h2h||A|', up],
        ['e1|h2h||B|', down],
      ]),
      rows,
      first,
    );
    expect(second.get('e1|h2h||A|')).toBe(first.get('e1|h2h||A|'));
    const third = flashesByRow(new Map([['e1|h2h||A|', down]]), rows, second);
    expect(third.get('e1|h2h||A|')).not.toBe(second.get('e1|h2h||A|'));
  });
});
