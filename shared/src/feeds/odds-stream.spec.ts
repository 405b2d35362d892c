import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import {
  applyStreamMessage,
  compareEntryIds,
  emptyStreamState,
  entryIdTime,
  askedGames,
  mergeSnapshot,
  snapshotState,
  streamBoard,
  streamBoardEvents,
  type OddsStreamState,
  type StreamBookOdds,
  type StreamBooksReading,
  type StreamOdd,
} from './odds-stream';
import type { BoardBookmaker, BoardEvent } from '../domain/odds';
import { commissionOf } from '../engine/odds/commission';
import { isConfirmingBook, isSoftBook } from '../steam/steam-rules';

// The stream fixtures are made here from OpticOdds' public docs format (test/fixtures/opticodds/README.md).
const FIXTURES = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'opticodds');
const BASE = { sport: 'basketball_nba', sportTitle: 'NBA', oddsFormat: 'american' as const };
const BOS = '20261128-BOS-NYK';
const LAL = '20261128-LAL-DEN';

function messages(file: string): EventSourceMessage[] {
  const read: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => read.push(message) });
  parser.feed(readFileSync(join(FIXTURES, file), 'utf8'));
  return read;
}

function snapshot(): OddsStreamState {
  const payload: unknown = JSON.parse(readFileSync(join(FIXTURES, 'snapshot-basketball_nba.json'), 'utf8'));
  const state = snapshotState(BASE, payload, '1795912202000-0');
  if (typeof state === 'string') throw new Error(state);
  return state;
}

const apply = (state: OddsStreamState, m: EventSourceMessage) => applyStreamMessage(state, m.event ?? '', m.data);
const price = (state: OddsStreamState, id: string, book: string, market: string, name: string) =>
  streamBoardEvents(state, [id])[0]
    ?.bookmakers.find((b) => b.key === book)
    ?.markets.find((m) => m.key === market)
    ?.outcomes.find((o) => o.name === name)?.price;

/** The snapshot's odd `suffix` of game `fixtureId` (`<book>:<market>:<selection>`), as the stream sends an odd. */
function snapshotOdd(fixtureId: string, suffix: string): Record<string, unknown> {
  const payload = JSON.parse(readFileSync(join(FIXTURES, 'snapshot-basketball_nba.json'), 'utf8')) as {
    data: Array<{ id: string; odds: Array<Record<string, unknown>> }>;
  };
  const odd = payload.data.find((g) => g.id === fixtureId)!.odds.find((o) => o.id === `${fixtureId}:${suffix}`)!;
  return { ...odd, fixture_id: fixtureId };
}

describe('the odds stream (OpticOdds format)', () => {
  // spec 001 §5: one row per player and line, whatever each book calls the player: the stream's games go through the
  // shared normaliser's naming too
  it("names a player alike at every book of a game's props", () => {
    const payload = JSON.parse(readFileSync(join(FIXTURES, 'snapshot-basketball_nba.json'), 'utf8')) as {
      data: Array<{ id: string; odds: Array<Record<string, unknown>> }>;
    };
    const game = payload.data.find((g) => g.id === BOS)!;
    const [template] = game.odds;
    for (const [sportsbook, selection] of [
      ['DraftKings', 'Kristaps Porziņģis'],
      ['FanDuel', 'Kristaps Porzingis'],
      ['BetMGM', 'Kristaps Porzingis'],
    ])
      for (const line of ['over', 'under'])
        game.odds.push({
          ...template,
          id: `${BOS}:${sportsbook}:player_points:${selection}:${line}`,
          sportsbook,
          market: 'Player Points',
          market_id: 'player_points',
          name: `${selection} ${line} 20.5`,
          selection,
          selection_line: line,
          points: 20.5,
          price: -110,
        });
    const state = snapshotState(BASE, payload, '1795912202000-0');
    if (typeof state === 'string') throw new Error(state);
    const players = streamBoardEvents(state, [BOS])[0].bookmakers.flatMap((b) =>
      b.markets.filter((m) => m.key === 'player_points').flatMap((m) => m.outcomes.map((o) => o.description)),
    );
    expect(players).toHaveLength(6);
    expect(new Set(players)).toEqual(new Set(['Kristaps Porzingis']));
  });

  // DECISIONS 34: the Betfair exchange counts as a steam confirmation only, never as a soft book an alert names; and
  // its prices pay net of its commission. OpticOdds names it "Betfair Exchange" (its list of exchanges).
  it('keys the Betfair exchange as the exchange it is', () => {
    const payload = JSON.parse(readFileSync(join(FIXTURES, 'snapshot-basketball_nba.json'), 'utf8')) as {
      data: Array<{ id: string; odds: Array<Record<string, unknown>> }>;
    };
    const game = payload.data.find((g) => g.id === BOS)!;
    const moneyline = game.odds.filter((o) => o.market_id === 'moneyline');
    for (const odd of moneyline)
      game.odds.push({
        ...odd,
        id: String(odd.id).replace(':draftkings:', ':betfair_exchange:'),
        sportsbook: 'Betfair Exchange',
      });
    const state = snapshotState(BASE, payload, '1795912202000-0');
    if (typeof state === 'string') throw new Error(state);
    const keys = streamBoardEvents(state, [BOS])[0].bookmakers.map((b) => b.key);
    const exchange = keys.find((k) => k.startsWith('betfair'))!;
    expect(isConfirmingBook(exchange)).toBe(true);
    expect(isSoftBook(exchange)).toBe(false);
    expect(commissionOf(exchange)).toBe(0.05);
  });

  it('reads the snapshot into the board through the shared normaliser: decimal prices, links, limits, lines', () => {
    const board = streamBoard(snapshot());
    expect(board.map((e) => e.id)).toEqual([BOS, LAL]);
    const bos = board[0];
    expect(bos).toMatchObject({
      sport_key: 'basketball_nba',
      home_team: 'New York Knicks',
      away_team: 'Boston Celtics',
      commence_time: '2026-11-29T00:30:00Z',
    });
    const dk = bos.bookmakers.find((b) => b.key === 'draftkings')!;
    expect(dk.markets[0]).toMatchObject({ key: 'h2h', last_update: '2026-11-29T00:30:00.100Z' });
    expect(dk.markets[0].outcomes[0]).toEqual({
      name: 'Boston Celtics',
      price: expect.closeTo(1.6667, 4) as number,
      bet_limit: 5000,
      link: 'https://sportsbook.draftkings.com/event/20261128-BOS-NYK',
    });
    const fd = bos.bookmakers.find((b) => b.key === 'fanduel')!;
    expect(fd.markets.map((m) => m.key)).toEqual(['spreads', 'totals']);
    expect(fd.markets[1].outcomes.map((o) => [o.name, o.point])).toEqual([
      ['Over', 224.5],
      ['Under', 224.5],
    ]);
  });

  it('applies the recorded stream: a move, a replay dropped, a locked market, a game all locked leaves, a start moved', () => {
    const state = snapshot();
    const [connected, moved, ping, older, replay, lockedTotal, lockedGame, status] =
      messages('stream-basketball_nba.sse');
    expect(apply(state, connected)).toEqual({ kind: 'control', event: 'connected' });
    expect(apply(state, moved)).toEqual({
      kind: 'applied',
      entryId: '1795912203000-0',
      changed: [BOS],
      unknown: [],
      stale: 0,
    });
    expect(price(state, BOS, 'draftkings', 'h2h', 'Boston Celtics')).toBeCloseTo(1.6061, 4);
    expect(apply(state, ping)).toEqual({ kind: 'control', event: 'ping' });
    // a newer entry carrying an older quote of the same odd: the price does not move back
    expect(apply(state, older)).toMatchObject({ kind: 'applied', changed: [], stale: 1 });
    expect(price(state, BOS, 'draftkings', 'h2h', 'Boston Celtics')).toBeCloseTo(1.6061, 4);
    // an entry at or before the last applied one is a replay
    expect(apply(state, replay)).toEqual({ kind: 'replayed', entryId: '1795912203000-0' });
    expect(apply(state, lockedTotal)).toMatchObject({ kind: 'applied', changed: [BOS] });
    expect(
      streamBoardEvents(state, [BOS])[0]
        .bookmakers.find((b) => b.key === 'fanduel')!
        .markets.map((m) => m.key),
    ).toEqual(['spreads']);
    expect(apply(state, lockedGame)).toMatchObject({ kind: 'applied', changed: [LAL] });
    expect(streamBoardEvents(state, [LAL])).toEqual([]);
    expect(streamBoard(state).map((e) => e.id)).toEqual([BOS]);
    expect(apply(state, status)).toMatchObject({ kind: 'applied', changed: [BOS] });
    expect(streamBoardEvents(state, [BOS])[0].commence_time).toBe('2026-11-29T01:00:00Z');
    expect(state.lastEntryId).toBe('1795912206000-0');
  });

  it('with a reading, takes a book whose odds did not move as it was made, and makes the game as it would whole', () => {
    const state = snapshot();
    const made = new Map<StreamBookOdds, BoardBookmaker>();
    const asked: string[] = [];
    const reading: StreamBooksReading = {
      knownBook: (_fixtureId, book) => {
        asked.push(book.sportsbook);
        return made.get(book) ?? null;
      },
      madeBefore: () => null,
      take: (event, books) => {
        event.bookmakers.forEach((book, i) => made.set(books[i], book));
        return event;
      },
    };
    const [first] = streamBoardEvents(state, [BOS], reading);
    expect(first).toEqual(streamBoardEvents(snapshot(), [BOS])[0]);
    const [, moved] = messages('stream-basketball_nba.sse');
    apply(state, moved);
    asked.length = 0;
    const [second] = streamBoardEvents(state, [BOS], reading);
    expect(asked).toEqual(['DraftKings', 'FanDuel']);
    // the same game as made whole, DraftKings's moved price in it; FanDuel, whose odds did not move, the very book
    expect(second).toEqual(streamBoardEvents(state, [BOS])[0]);
    expect(second.bookmakers.find((b) => b.key === 'fanduel')).toBe(first.bookmakers.find((b) => b.key === 'fanduel'));
    expect(second.bookmakers.find((b) => b.key === 'draftkings')).not.toBe(
      first.bookmakers.find((b) => b.key === 'draftkings'),
    );
    expect(price(state, BOS, 'draftkings', 'h2h', 'Boston Celtics')).toBeCloseTo(1.6061, 4);
  });

  it('with what a book was made into before, takes each of its markets whose odds are those very odds as made', () => {
    const state = snapshot();
    const [made] = streamBoardEvents(state, [BOS]);
    const fanDuel = state.odds.get(BOS)!.get('FanDuel')!;
    // a marker in the place of the totals made before: what the reader hands back is taken as it is
    const madeTotals = { key: 'totals', last_update: '2026-11-29T00:00:00Z', outcomes: [{ name: 'Over', price: 9 }] };
    const fanDuelMade = made.bookmakers.find((b) => b.key === 'fanduel')!;
    const madeBook = { ...fanDuelMade, markets: [fanDuelMade.markets[0], madeTotals] };
    const reading = (odds: readonly StreamOdd[]): StreamBooksReading => ({
      knownBook: () => null,
      madeBefore: (_fixtureId, book) => (book.sportsbook === 'FanDuel' ? { odds, book: madeBook } : null),
      take: (event) => event,
    });
    const fanDuelOf = (events: BoardEvent[]) => events[0].bookmakers.find((b) => b.key === 'fanduel')!;
    // FanDuel's spread moved: the spread made anew, the totals the very market made before
    const spread = fanDuel.odds.findIndex((odd) => odd.market_id === 'point_spread');
    const moved = fanDuel.odds.map((odd, i) => (i === spread ? { ...odd, price: odd.price + 5 } : odd));
    const taken = fanDuelOf(streamBoardEvents(state, [BOS], reading(moved)));
    expect(taken.markets[1]).toBe(madeTotals);
    expect(taken.markets[0]).toEqual(fanDuelMade.markets[0]);
    expect(taken.markets[0]).not.toBe(fanDuelMade.markets[0]);
    // the same odds but one more, or one fewer: their places no longer say which market they made, and every market is made
    for (const odds of [[...fanDuel.odds, fanDuel.odds[0]], fanDuel.odds.slice(0, -1)])
      expect(fanDuelOf(streamBoardEvents(state, [BOS], reading(odds))).markets).toEqual(fanDuelMade.markets);
  });

  it('makes again a market one of whose odds was taken down while another market gained one, the count the same', () => {
    const state = snapshot();
    const [made] = streamBoardEvents(state, [BOS]);
    const fanDuel = state.odds.get(BOS)!.get('FanDuel')!;
    const fanDuelMade = made.bookmakers.find((b) => b.key === 'fanduel')!;
    const [homeSpread, awaySpread, over, under] = fanDuel.odds;
    // made before of a third spread beside the two, and the Over alone: a marker in the spread's place
    const thirdSpread = { ...homeSpread, id: 'fanduel-spread-alt', selection: 'Boston Celtics', points: -4.5 };
    const madeSpreads = { key: 'spreads', last_update: '2026-11-29T00:00:00Z', outcomes: [{ name: 'X', price: 9 }] };
    const madeTotals = { key: 'totals', last_update: '2026-11-29T00:00:00Z', outcomes: [{ name: 'Over', price: 9 }] };
    const reading: StreamBooksReading = {
      knownBook: () => null,
      madeBefore: (_fixtureId, book) =>
        book.sportsbook === 'FanDuel'
          ? {
              odds: [homeSpread, awaySpread, over, thirdSpread],
              book: { ...fanDuelMade, markets: [madeSpreads, madeTotals] },
            }
          : null,
      take: (event) => event,
    };
    // since: the third spread taken down, the Under added in its place; the spread's odds now in their places are the
    // very odds it was made of, but it was made of one more, and both markets are made again
    expect(fanDuel.odds).toEqual([homeSpread, awaySpread, over, under]);
    const taken = streamBoardEvents(state, [BOS], reading)[0].bookmakers.find((b) => b.key === 'fanduel')!;
    expect(taken.markets).toEqual(fanDuelMade.markets);
  });

  it('makes a book anew when a message moves or takes down its odds, and never changes a book it handed out', () => {
    const state = snapshot();
    const books = () => [...state.odds.get(BOS)!.values()];
    const [draftKings, fanDuel] = books();
    const dkOdds = [...draftKings.odds];
    const [first, second] = draftKings.odds;
    const at = (odd: StreamOdd, change: Partial<StreamOdd>) => ({ ...odd, ...change, timestamp: odd.timestamp + 60 });
    // two odds of one book in one message: one new book holding both, in their places
    applyStreamMessage(
      state,
      'odds',
      JSON.stringify({ entry_id: '1795912203000-0', data: [at(first, { price: -170 }), at(second, { price: 150 })] }),
    );
    const [moved, unmoved] = books();
    expect(unmoved).toBe(fanDuel);
    expect(moved).not.toBe(draftKings);
    expect(moved.odds.map((o) => o.price)).toEqual([-170, 150, ...dkOdds.slice(2).map((o) => o.price)]);
    expect(draftKings.odds).toEqual(dkOdds);
    // every odd of a book taken down: the book leaves the game; set again, it comes last
    applyStreamMessage(
      state,
      'locked-odds',
      JSON.stringify({ entry_id: '1795912204000-0', data: moved.odds.map((odd) => at(odd, {})) }),
    );
    expect(books().map((b) => b.sportsbook)).toEqual(['FanDuel']);
    expect(moved.odds).toHaveLength(dkOdds.length);
    applyStreamMessage(state, 'odds', JSON.stringify({ entry_id: '1795912205000-0', data: [at(first, {})] }));
    expect(books().map((b) => [b.sportsbook, b.odds.length])).toEqual([
      ['FanDuel', fanDuel.odds.length],
      ['DraftKings', 1],
    ]);
  });

  it('refuses a junk message whole: nothing of it is applied, and the entry id stays', () => {
    const state = snapshot();
    const before = price(state, BOS, 'draftkings', 'h2h', 'Boston Celtics');
    const [, , halfRead, html] = messages('stream-junk.sse');
    expect(apply(state, halfRead)).toEqual({
      kind: 'junk',
      reason: expect.stringContaining('lacks its game, book, market, name, price or timestamp'),
    });
    expect(price(state, BOS, 'draftkings', 'h2h', 'Boston Celtics')).toBe(before);
    expect(apply(state, html)).toEqual({ kind: 'junk', reason: 'odds data is not JSON' });
    expect(applyStreamMessage(state, 'odds', '{"type":"odds","data":[]}')).toEqual({
      kind: 'junk',
      reason: 'odds has no entry id',
    });
    expect(applyStreamMessage(state, 'bogus', '{}')).toEqual({ kind: 'junk', reason: 'unknown event "bogus"' });
    expect(state.lastEntryId).toBe('1795912202000-0');
  });

  it('names a game no fixture is known of, and takes it in from a snapshot of it keeping the newer quotes', () => {
    const state = emptyStreamState('basketball_nba', 'NBA', 'american');
    const [, moved] = messages('stream-basketball_nba.sse');
    expect(apply(state, moved)).toMatchObject({ kind: 'applied', changed: [], unknown: [BOS] });
    expect(streamBoard(state)).toEqual([]);
    const full = snapshot();
    const one: OddsStreamState = { ...full, fixtures: new Map([[BOS, full.fixtures.get(BOS)!]]) };
    expect(mergeSnapshot(state, one, askedGames(state, [BOS]))).toEqual([BOS]);
    // the stream's -165 (newer) wins over the snapshot's -150
    expect(price(state, BOS, 'draftkings', 'h2h', 'Boston Celtics')).toBeCloseTo(1.6061, 4);
    expect(price(state, BOS, 'fanduel', 'totals', 'Over')).toBeCloseTo(1.8929, 4);
    expect(state.held.size).toBe(0);
  });

  it("holds what the stream says of a new game while its snapshot is read, and applies it over the snapshot's", () => {
    const state = emptyStreamState('basketball_nba', 'NBA', 'american');
    const [, moved, , , , lockedTotal, , status] = messages('stream-basketball_nba.sse');
    expect(apply(state, moved)).toMatchObject({ kind: 'applied', changed: [], unknown: [BOS] });
    // while the game's snapshot is on its way: FanDuel takes its total down, the start moves, and an entry carries a
    // quote older than the snapshot's
    expect(apply(state, lockedTotal)).toMatchObject({ kind: 'applied', changed: [], unknown: [BOS] });
    expect(apply(state, status)).toMatchObject({ kind: 'applied', changed: [], unknown: [BOS] });
    const stale = applyStreamMessage(
      state,
      'odds',
      JSON.stringify({
        entry_id: '1795912207000-0',
        data: [{ ...snapshotOdd(BOS, 'fanduel:point_spread:boston_celtics_-3.5'), price: -130, timestamp: 1795912190 }],
      }),
    );
    expect(stale).toMatchObject({ kind: 'applied', changed: [], unknown: [BOS] });
    expect(streamBoard(state)).toEqual([]);
    // the snapshot was taken before the lock: it still has the total
    const full = snapshot();
    const one: OddsStreamState = { ...full, fixtures: new Map([[BOS, full.fixtures.get(BOS)!]]) };
    expect(price(one, BOS, 'fanduel', 'totals', 'Over')).toBeCloseTo(1.8929, 4);
    expect(mergeSnapshot(state, one, askedGames(state, [BOS]))).toEqual([BOS]);
    const [game] = streamBoardEvents(state, [BOS]);
    expect(game.bookmakers.find((b) => b.key === 'fanduel')!.markets.map((m) => m.key)).toEqual(['spreads']);
    expect(game.commence_time).toBe('2026-11-29T01:00:00Z');
    expect(price(state, BOS, 'draftkings', 'h2h', 'Boston Celtics')).toBeCloseTo(1.6061, 4);
    expect(price(state, BOS, 'fanduel', 'spreads', 'Boston Celtics')).toBeCloseTo(1.9091, 4);
    expect(state.held.size).toBe(0);
  });

  it('lets go what it held of a game its snapshot does not give, and drops a lock or status of a game no price named', () => {
    const state = emptyStreamState('basketball_nba', 'NBA', 'american');
    const [, moved, , , , lockedTotal, lockedGame, status] = messages('stream-basketball_nba.sse');
    expect(apply(state, moved)).toMatchObject({ unknown: [BOS] });
    expect(apply(state, lockedTotal)).toMatchObject({ unknown: [BOS] });
    // LAL: a lock of a game no price named takes down nothing and asks for no snapshot
    expect(apply(state, lockedGame)).toMatchObject({ kind: 'applied', changed: [], unknown: [] });
    expect(state.held.get(BOS)).toHaveLength(4);
    expect(state.held.has(LAL)).toBe(false);
    // the game is over: the snapshot of it is empty
    expect(mergeSnapshot(state, emptyStreamState('basketball_nba'), askedGames(state, [BOS]))).toEqual([]);
    expect(state.held.size).toBe(0);
    expect(apply(state, status)).toMatchObject({ kind: 'applied', changed: [], unknown: [] });
    expect(state.held.size).toBe(0);
  });

  it('keeps what the stream said of a game while the snapshot that does not give it was on its way, for the next', () => {
    const state = emptyStreamState('basketball_nba', 'NBA', 'american');
    const [, moved, , , , lockedTotal] = messages('stream-basketball_nba.sse');
    expect(apply(state, moved)).toMatchObject({ unknown: [BOS] });
    const asked = askedGames(state, [BOS]);
    expect(asked).toEqual(new Map([[BOS, state.held.get(BOS)!.length]]));
    // FanDuel takes its total down (over and under) after the ask was sent: the answer (not offered yet) does not
    // cover it
    expect(apply(state, lockedTotal)).toMatchObject({ unknown: [BOS] });
    expect(mergeSnapshot(state, emptyStreamState('basketball_nba'), asked)).toEqual([]);
    expect(state.held.get(BOS)?.map((c) => c.event)).toEqual(['locked-odds', 'locked-odds']);
    // the next snapshot gives the game: the lock that came during the first ask is applied over it
    const full = snapshot();
    const one: OddsStreamState = { ...full, fixtures: new Map([[BOS, full.fixtures.get(BOS)!]]) };
    expect(mergeSnapshot(state, one, askedGames(state, [BOS]))).toEqual([BOS]);
    const [game] = streamBoardEvents(state, [BOS]);
    expect(game.bookmakers.find((b) => b.key === 'fanduel')!.markets.map((m) => m.key)).toEqual(['spreads']);
    expect(state.held.size).toBe(0);
  });

  it('keeps a game the state follows already when a snapshot gives it again', () => {
    const state = snapshot();
    const [, moved] = messages('stream-basketball_nba.sse');
    apply(state, moved);
    expect(mergeSnapshot(state, snapshot(), new Map())).toEqual([]);
    expect(price(state, BOS, 'draftkings', 'h2h', 'Boston Celtics')).toBeCloseTo(1.6061, 4);
  });

  it('a game completed or cancelled leaves the board', () => {
    const state = snapshot();
    const result = applyStreamMessage(
      state,
      'fixture-results',
      JSON.stringify({
        entry_id: '1795912207000-0',
        type: 'fixture-results',
        data: { fixture_id: LAL, is_final: true },
      }),
    );
    expect(result).toMatchObject({ kind: 'applied', changed: [LAL] });
    expect(streamBoard(state).map((e) => e.id)).toEqual([BOS]);
  });

  it('refuses a snapshot that is not one', () => {
    expect(snapshotState(BASE, { fixtures: [] }, null)).toBe('the snapshot has no data list');
    expect(snapshotState(BASE, { data: [{ id: 'x' }] }, null)).toBe('fixture x lacks its id or start');
  });

  it('orders entry ids by time then sequence', () => {
    expect(compareEntryIds('1795912203000-0', '1795912203000-1')).toBe(-1);
    expect(compareEntryIds('1795912203001-0', '1795912203000-9')).toBe(1);
    expect(compareEntryIds('1795912203000-2', '1795912203000-2')).toBe(0);
    // past 15 digits a part is compared as a bigint, exactly, and beside a shorter one
    expect(compareEntryIds('1795912203000-90071992547409931', '1795912203000-90071992547409930')).toBe(1);
    expect(compareEntryIds('1795912203000-90071992547409930', '1795912203000-999')).toBe(1);
    expect(compareEntryIds('99999999999999999999-0', '1795912203000-0')).toBe(1);
    expect(entryIdTime('1795912203000-2')).toBe(1795912203000);
  });
});
