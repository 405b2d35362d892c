import { BoardEvent, SportBoard, diffBoards, scanBoard } from '@oddspulse/shared';
import { syntheticBoard } from '../../../shared/src/bench/synthetic-board';
import { PreparedBoards } from './prepared-boards';

const NOW = Date.parse('2026-01-10T18:00:00Z');
const SPORT = 'americanfootball_nfl';

const poll = (events: BoardEvent[], at: number): SportBoard => ({
  sport_key: SPORT,
  fetched_at: new Date(at).toISOString(),
  events,
});

/** The next poll: the same board with the first price of the given events moved. */
function moved(board: SportBoard, ids: string[], at: number): SportBoard {
  const events = structuredClone(board.events);
  for (const event of events.filter((e) => ids.includes(e.id)))
    for (const book of event.bookmakers) book.markets[0].outcomes[0].price *= 1.04;
  return poll(events, at);
}

const sameAsFresh = (kept: { scan: (o: object, now: number) => unknown }, board: SportBoard, now: number) =>
  expect(JSON.stringify(kept.scan({}, now))).toBe(JSON.stringify(scanBoard(board.events, {}, now)));

// Detection scans a board kept prepared, which must stay exactly the polled board
describe('PreparedBoards', () => {
  const first = poll(syntheticBoard({ events: 40, books: 12, propOutcomes: 400, seed: 4, now: NOW }), NOW);

  it('reads the first board whole, then only what each poll changed', () => {
    const boards = new PreparedBoards();
    sameAsFresh(
      boards.sync(
        'odds',
        first,
        first.events.map((e) => e.id),
        null,
      ),
      first,
      NOW,
    );
    const second = moved(first, ['synthetic-3', 'synthetic-8'], NOW + 30_000);
    const { changedEventIds } = diffBoards(first, second);
    expect(changedEventIds).toEqual(['synthetic-3', 'synthetic-8']);
    const kept = boards.sync('odds', second, changedEventIds, first.fetched_at);
    sameAsFresh(kept, second, NOW + 30_000);
  });

  it('reads the board whole when the previous poll ran in another worker', () => {
    const boards = new PreparedBoards();
    boards.sync(
      'odds',
      first,
      first.events.map((e) => e.id),
      null,
    );
    // another worker polled `second` (event 5 moved); this one gets `third`, diffed against `second`
    const second = moved(first, ['synthetic-5'], NOW + 30_000);
    const third = moved(second, ['synthetic-9'], NOW + 60_000);
    const { changedEventIds } = diffBoards(second, third);
    expect(changedEventIds).toEqual(['synthetic-9']);
    sameAsFresh(boards.sync('odds', third, changedEventIds, second.fetched_at), third, NOW + 60_000);
  });

  it('keeps each board kind and sport apart', () => {
    const boards = new PreparedBoards();
    const props = poll(first.events.slice(0, 5), NOW);
    boards.sync('odds', first, [], null);
    const kept = boards.sync('props', props, [], null);
    sameAsFresh(kept, props, NOW);
    sameAsFresh(boards.sync('odds', first, [], first.fetched_at), first, NOW);
  });
});
