import fc from 'fast-check';
import {
  applyBoardDiff,
  diffBoards,
  type BoardDiff,
  type BoardEvent,
  type BoardMarket,
  type SportBoard,
} from '@oddspulse/shared';
import { realtimeDocBlock } from '../../../test/support/realtime-doc';

/** The page's applyBoardDiff, as a reader's script runs it (its one export made the function's answer). */
function documentedApply(): (board: SportBoard, diff: BoardDiff) => SportBoard {
  const source = realtimeDocBlock('// apply-board-diff.mjs');
  // the documented script runs as a reader's page runs it, from its text
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return new Function(`${source.replace(/^export /m, '')}\nreturn applyBoardDiff;`)() as (
    board: SportBoard,
    diff: BoardDiff,
  ) => SportBoard;
}

const outcomeNames = fc.constantFrom('Boston Celtics', 'Miami Heat', 'Over', 'Under', 'Draw');
const market: fc.Arbitrary<BoardMarket> = fc.record({
  key: fc.constantFrom('h2h', 'spreads', 'alternate_totals', 'player_points'),
  last_update: fc.constantFrom('2026-01-01T00:00:00Z', '2026-01-01T00:01:00Z'),
  outcomes: fc.array(
    fc.record(
      {
        name: outcomeNames,
        description: fc.constantFrom('LeBron James', 'Jayson Tatum'),
        price: fc.constantFrom(1.5, 1.91, 2.1, 3),
        point: fc.constantFrom(-3.5, 5.5, 220.5, 221.5),
      },
      { requiredKeys: ['name', 'price'] },
    ),
    { maxLength: 4 },
  ),
});
const event: fc.Arbitrary<BoardEvent> = fc.record(
  {
    id: fc.constantFrom('g1', 'g2', 'g3'),
    sport_key: fc.constant('basketball_nba'),
    sport_title: fc.constant('NBA'),
    // a start moved and a final mark change the game's header, which a diff carries whole
    commence_time: fc.constantFrom('2026-01-01T02:00:00Z', '2026-01-01T03:00:00Z'),
    home_team: fc.constant('Boston Celtics'),
    away_team: fc.constant('Miami Heat'),
    completed: fc.constant(true),
    bookmakers: fc.uniqueArray(
      fc.record({
        key: fc.constantFrom('draftkings', 'fanduel', 'betmgm'),
        title: fc.constant('Book'),
        last_update: fc.constant('2026-01-01T00:00:00Z'),
        markets: fc.uniqueArray(market, { selector: (m) => m.key, maxLength: 3 }),
      }),
      { selector: (b) => b.key, maxLength: 3 },
    ),
  },
  { requiredKeys: ['id', 'sport_key', 'sport_title', 'commence_time', 'home_team', 'away_team', 'bookmakers'] },
);
const board = (fetchedAt: string): fc.Arbitrary<SportBoard> =>
  fc
    .uniqueArray(event, { selector: (e) => e.id, maxLength: 3 })
    .map((events) => ({ sport_key: 'basketball_nba', fetched_at: fetchedAt, events }));

/**
 * `before` as a feed's next poll might give it: prices and lines moved, lines dropped, outcomes and markets gone, a
 * game's start moved or its final mark set.
 */
function moved(before: SportBoard, choices: number[]): SportBoard {
  let i = 0;
  const next = () => choices[i++ % choices.length];
  const events = before.events.map((e) => ({
    ...e,
    ...(next() === 5 ? { commence_time: '2026-01-01T04:00:00Z' } : {}),
    ...(next() === 6 ? { completed: true } : {}),
    bookmakers: e.bookmakers.map((book) => ({
      ...book,
      markets: book.markets
        .filter(() => next() !== 0)
        .map((m) => ({
          ...m,
          outcomes: m.outcomes.flatMap((o) => {
            const choice = next();
            if (choice === 1) return [];
            if (choice === 2) return [{ ...o, price: o.price + 0.05 }];
            if (choice === 3) return [{ ...o, point: (o.point ?? 0) + 1 }];
            if (choice === 4) return [(({ point: _point, ...rest }) => rest)(o)];
            return [o];
          }),
        })),
    })),
  }));
  return { ...before, fetched_at: '2026-01-01T00:00:30Z', events };
}

// docs/realtime.md gives API users a board.diff applier in plain JavaScript: it must apply diffs as the web client does.
describe("docs/realtime.md's applyBoardDiff", () => {
  it('gives the board the shared applyBoardDiff gives: for any two boards, and for a board and its next poll', () => {
    const apply = documentedApply();
    const agree = (before: SportBoard, after: SportBoard) => {
      const { diff } = diffBoards(before, after);
      if (diff) expect(apply(before, diff)).toEqual(applyBoardDiff(before, diff));
    };
    fc.assert(fc.property(board('2026-01-01T00:00:00Z'), board('2026-01-01T00:00:30Z'), agree), { numRuns: 200 });
    const polls = board('2026-01-01T00:00:00Z').chain((before) =>
      fc.array(fc.nat(9), { minLength: 1, maxLength: 50 }).map((choices) => [before, moved(before, choices)] as const),
    );
    fc.assert(
      fc.property(polls, ([before, after]) => {
        agree(before, after);
        // each game's own fields as the poll gave them
        const { diff } = diffBoards(before, after);
        const headers = (board: SportBoard) => board.events.map(({ bookmakers: _books, ...header }) => header);
        expect(headers(diff ? applyBoardDiff(before, diff) : before)).toEqual(headers(after));
      }),
      { numRuns: 300 },
    );
  });
});
