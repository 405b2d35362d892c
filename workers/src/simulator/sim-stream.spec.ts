import { snapshotState, streamBoard } from '@oddspulse/shared';
import { MarketSimulator } from './market-simulator';
import { streamSnapshot } from './sim-stream';

const SPORTS = ['basketball_nba', 'soccer_epl', 'americanfootball_nfl'];
const AT = Date.parse('2026-11-28T20:00:00Z');

// The simulator's stream says what its board says: read back as the worker reads OpticOdds' format, the board is the
// simulator's, market for market and price for price (the stream's times to the millisecond).
describe("the simulator's odds stream", () => {
  it.each(SPORTS)('%s: the board read back from the stream is the simulated board', (sport) => {
    const simulator = new MarketSimulator(42, 1);
    const board = simulator.oddsBoard(sport, AT, { exactTimes: true });
    const payload = streamSnapshot(board);
    const state = snapshotState({ sport, sportTitle: board[0].sport_title, oddsFormat: 'decimal' }, payload, null);
    if (typeof state === 'string') throw new Error(state);
    const read = streamBoard(state);
    const prices = (events: typeof board) =>
      events
        .flatMap((e) =>
          e.bookmakers.flatMap((b) =>
            b.markets.flatMap((m) =>
              m.outcomes.map(
                (o) =>
                  `${e.id} ${b.key} ${m.key} ${o.description ?? ''} ${o.name} ${o.point ?? ''} ${o.price} ${Date.parse(m.last_update)}`,
              ),
            ),
          ),
        )
        .sort();
    expect(read.map((e) => e.id)).toEqual(board.filter((e) => e.bookmakers.length).map((e) => e.id));
    expect(prices(read)).toEqual(prices(board));
  });

  it('pushes the books that moved only: a pass since a moment ago holds fewer books than the board', () => {
    const simulator = new MarketSimulator(42, 1);
    const sport = 'basketball_nba';
    const next = simulator.nextMove(sport, AT);
    expect(next).toBeGreaterThan(AT);
    const quiet = simulator.oddsBoard(sport, next - 1, { movedSince: AT, exactTimes: true });
    const moved = simulator.oddsBoard(sport, next, { movedSince: AT, exactTimes: true });
    const books = (events: typeof quiet) => events.reduce((n, e) => n + e.bookmakers.length, 0);
    expect(books(quiet)).toBe(0);
    expect(books(moved)).toBeGreaterThan(0);
    expect(books(moved)).toBeLessThan(books(simulator.oddsBoard(sport, next)));
  });
});
