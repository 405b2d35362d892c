import { BoardEvent, PreparedBoard, SportBoard, diffBoards, scanBoard } from '@oddspulse/shared';
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

const sameAsFresh = (kept: { board: PreparedBoard }, board: SportBoard, now: number) =>
  expect(JSON.stringify(kept.board.scan({}, now))).toBe(JSON.stringify(scanBoard(board.events, {}, now)));

// Detection scans a board kept prepared, which must stay exactly the polled board
describe('PreparedBoards', () => {
  const first = poll(syntheticBoard({ events: 40, books: 12, propOutcomes: 400, seed: 4, now: NOW }), NOW);

  it('reads the first board whole, then only what each poll changed', async () => {
    const boards = new PreparedBoards();
    sameAsFresh(
      await boards.sync(
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
    const read = jest.spyOn(PreparedBoard.prototype, 'read');
    const kept = await boards.sync('odds', second, changedEventIds, first.fetched_at);
    expect(read.mock.calls.map(([event]) => event.id)).toEqual(['synthetic-3', 'synthetic-8']);
    read.mockRestore();
    sameAsFresh(kept, second, NOW + 30_000);
  });

  // A book re-confirming its price moves only its last_update, which the diff does not list: detection scans it all the
  // same (a leg past the locked-market age reopens, a tie of books changes hands, spec 001 §5)
  it('names the events it read again that the diff did not list, also when asked again for the same board', async () => {
    const boards = new PreparedBoards();
    expect((await boards.sync('odds', first, [], null)).refreshed).toEqual([]);
    const second = poll(structuredClone(first.events), NOW + 60_000);
    const reconfirmed = second.events.find((e) => e.id === 'synthetic-6')!;
    reconfirmed.bookmakers[0].last_update = new Date(NOW + 60_000).toISOString();
    for (const market of reconfirmed.bookmakers[0].markets) market.last_update = new Date(NOW + 60_000).toISOString();
    expect(diffBoards(first, second).changedEventIds).toEqual([]);
    const kept = await boards.sync('odds', second, [], first.fetched_at);
    expect(kept.refreshed).toEqual(['synthetic-6']);
    // DetectionService reads the board ahead (prepare) and again when it detects
    expect((await boards.sync('odds', second, [], first.fetched_at)).refreshed).toEqual(['synthetic-6']);
    sameAsFresh(kept, second, NOW + 60_000);
  });

  // Either way the board this process read last is not the basis the next poll's diff names
  it.each([
    ['the previous poll ran in another worker', false],
    ["a poll's step failed once its events were read", true],
  ])('reads the board whole when %s', async (_case, readHere) => {
    const boards = new PreparedBoards();
    await boards.sync('odds', first, [], null);
    // `second` (event 5 moved) was polled by another worker, or read here and never stored (its step failed)
    const second = moved(first, ['synthetic-5'], NOW + 30_000);
    if (readHere) await boards.sync('odds', second, ['synthetic-5'], first.fetched_at);
    const basis = readHere ? first : second;
    const third = moved(basis, ['synthetic-9'], NOW + 60_000);
    const { changedEventIds } = diffBoards(basis, third);
    expect(changedEventIds).toEqual(['synthetic-9']);
    sameAsFresh(await boards.sync('odds', third, changedEventIds, basis.fetched_at), third, NOW + 60_000);
  });

  it('keeps no board whose reading failed part way: the next poll reads it whole', async () => {
    const boards = new PreparedBoards();
    await boards.sync('odds', first, [], null);
    const broken = moved(first, ['synthetic-1', 'synthetic-2'], NOW + 30_000);
    (broken.events[2] as { bookmakers: unknown }).bookmakers = null;
    await expect(boards.sync('odds', broken, ['synthetic-1', 'synthetic-2'], first.fetched_at)).rejects.toThrow(
      TypeError,
    );
    const second = moved(first, ['synthetic-7'], NOW + 60_000);
    sameAsFresh(await boards.sync('odds', second, ['synthetic-7'], first.fetched_at), second, NOW + 60_000);
  });

  it('lets the event loop turn between slices of reading, and reads a board it already mirrors no more', async () => {
    const boards = new PreparedBoards(0);
    const turns: string[] = [];
    setImmediate(() => turns.push('a turn'));
    const kept = await boards.sync('odds', first, [], null);
    turns.push('read');
    expect(turns).toEqual(['a turn', 'read']);
    sameAsFresh(kept, first, NOW);
    const stale = jest.spyOn(PreparedBoard.prototype, 'staleEvents');
    expect(await boards.sync('odds', first, [], null)).toBe(kept);
    expect(stale).not.toHaveBeenCalled();
    stale.mockRestore();
  });

  it('keeps each board kind and sport apart', async () => {
    const boards = new PreparedBoards();
    const props = poll(first.events.slice(0, 5), NOW);
    await boards.sync('odds', first, [], null);
    const kept = await boards.sync('props', props, [], null);
    sameAsFresh(kept, props, NOW);
    sameAsFresh(await boards.sync('odds', first, [], first.fetched_at), first, NOW);
  });
});
