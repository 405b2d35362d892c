import type { BoardEvent } from '@oddspulse/shared';
import { filterRows } from '../filters/filters';
import { everyBookRows, positiveRowsHiddenByBooks } from './hidden-by-books';
import { buildRows } from './rows';

const T0 = Date.parse('2030-01-01T12:00:00Z');
const iso = (offsetMs: number) => new Date(T0 + offsetMs).toISOString();

/** One NBA game whose books quote the moneyline at [home, away] decimal prices. */
function game(id: string, [home, away]: [string, string], quotes: Record<string, [number, number]>): BoardEvent {
  return {
    id,
    sport_key: 'basketball_nba',
    sport_title: 'NBA',
    commence_time: iso(3_600_000),
    home_team: home,
    away_team: away,
    bookmakers: Object.entries(quotes).map(([key, [homePrice, awayPrice]]) => ({
      key,
      title: key,
      last_update: iso(-10_000),
      markets: [
        {
          key: 'h2h',
          last_update: iso(-10_000),
          outcomes: [
            { name: home, price: homePrice },
            { name: away, price: awayPrice },
          ],
        },
      ],
    })),
  };
}

// DECISIONS 28 and 32: the straight bets table says how many positive-EV rows the user's books hide
describe('positiveRowsHiddenByBooks', () => {
  const mine = ['draftkings', 'fanduel'];
  // Both games are a coin flip at the user's books (1.91 both ways: negative EV); on the first, a book the user does
  // not bet at offers 2.20 on the home side, a price above the fair 2.00
  const boards = {
    basketball_nba: {
      sport_key: 'basketball_nba',
      fetched_at: iso(0),
      events: [
        game('1', ['Boston Celtics', 'Los Angeles Lakers'], {
          draftkings: [1.91, 1.91],
          fanduel: [1.91, 1.91],
          betmgm: [1.91, 1.91],
          pinnacle: [2.2, 1.72],
        }),
        game('2', ['New York Knicks', 'Chicago Bulls'], {
          draftkings: [1.91, 1.91],
          fanduel: [1.91, 1.91],
          betmgm: [1.91, 1.91],
          pinnacle: [1.93, 1.93],
        }),
      ],
    },
  };
  const options = { mode: 'game' as const, markets: ['h2h'], now: T0 };
  const shown = buildRows(boards.basketball_nba.events, { ...options, selectedBooks: mine });
  const everyBook = everyBookRows(null, 'h2h', boards, { ...options, selectedBooks: [] }).table.rows;
  const keepAll = (rows: Parameters<typeof filterRows>[0]) =>
    filterRows(rows, { minEv: null, positiveOnly: false, search: '', date: '' }, T0);

  it("counts the positive-EV rows that every book shows and the user's books do not", () => {
    expect(shown.filter((row) => (row.evPct ?? 0) > 0)).toHaveLength(0);
    expect(positiveRowsHiddenByBooks(everyBook, shown, keepAll)).toBe(1);
  });

  it("counts only what the view's other filters would show", () => {
    const searchKnicks = (rows: Parameters<typeof filterRows>[0]) =>
      filterRows(rows, { minEv: null, positiveOnly: false, search: 'Knicks', date: '' }, T0);
    expect(positiveRowsHiddenByBooks(everyBook, shown, searchKnicks)).toBe(0);
  });

  it('is zero when the user bets at every book that quotes', () => {
    expect(positiveRowsHiddenByBooks(everyBook, everyBook, keepAll)).toBe(0);
  });
});
