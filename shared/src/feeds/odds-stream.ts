import { bookKeyOf } from '../domain/books/sportsbooks';
import { keyedAt } from '../domain/board-changes';
import type { BoardBookmaker, BoardEvent } from '../domain/odds';
import type { OddsFormat } from '../engine/odds/odds-format';
import { KnownMarket, readOddsApiV4Event } from './odds-api-v4';

/**
 * OpticOdds' odds stream (`/stream/odds/{sport}`, server-sent events) and its REST snapshot (`/fixtures/odds`) → a
 * per-sport state, and that state's games as the normalised board. Pure: the worker reads the bytes, this decides.
 *
 * - Events: `connected` and `ping` (control), `odds` (odds set or moved), `locked-odds` (odds taken down),
 *   `fixture-status` (a game's status or start moved), `fixture-results` (a game's result). Each data message is
 *   `{entry_id, type, data}`; `entry_id` is a stream id, `<ms>-<seq>`, which the worker resumes from (`last_entry_id`).
 * - An entry at or before the last applied entry id is a replay and is dropped; so is an odd no newer (its `timestamp`)
 *   than the one held for the same odd id: a replayed older quote never moves a price back.
 * - A message that is not what the format says (unreadable JSON, no entry id, an odd without its id, game, book,
 *   market, selection or price) is refused whole: nothing of it is applied, so a half-read message never reaches the
 *   board.
 * - A game whose odds are all locked leaves the board until an odd of it comes back; a game cancelled or completed
 *   leaves too (a completed game is over, spec 001 §5).
 * - A price of a game no snapshot gave yet names the game (`unknown`); from it on, what the messages say of the game
 *   (odds, locks, its status) is held, in order, until its snapshot is merged (mergeSnapshot), then applied over it as
 *   the messages after a connection's snapshot are: a lock or a move newer than the snapshot's quote wins, an older one
 *   is dropped. A game the snapshot does not give is let go with what was held of it when it was asked; what came
 *   while the answer was on its way stays held for its next snapshot. A lock or a status of a game no price named is
 *   dropped: no board holds it.
 */

export const STREAM_EVENTS = ['connected', 'ping', 'odds', 'locked-odds', 'fixture-status', 'fixture-results'] as const;
export type StreamEventName = (typeof STREAM_EVENTS)[number];

/** One odd as OpticOdds sends it (the fields the board uses). */
export interface StreamOdd {
  id: string;
  fixture_id: string;
  sportsbook: string;
  /** The market's id (`moneyline`, `point_spread`, `total_points`, or a board market key). */
  market_id: string;
  /** The outcome's full name, e.g. `Boston Celtics +3.5`. */
  name: string;
  /** The team or player, when the outcome names one. */
  selection: string;
  /** `over` / `under` for totals and player lines. */
  selection_line: string | null;
  is_main: boolean;
  price: number;
  points: number | null;
  grouping_key: string;
  deep_link: { desktop?: string | null; ios?: string | null; android?: string | null } | null;
  limits: { max?: number | null } | null;
  /** Seconds since the epoch, with a fraction: when the book moved. */
  timestamp: number;
}

/** A game as the snapshot or a `fixture-status` gives it. */
export interface StreamFixture {
  id: string;
  start_date: string;
  home_team_display: string;
  away_team_display: string;
  status: string;
}

/**
 * One book's open odds of a game, in the order the state first held each. The state makes a book anew whenever an odd of
 * it is set or taken down and never changes one it has handed out: a book that is the very object a reader made a board's
 * book from has not moved since.
 */
export interface StreamBookOdds {
  sportsbook: string;
  odds: readonly StreamOdd[];
}

export interface OddsStreamState {
  sport: string;
  sportTitle: string;
  /** The prices' format, as the stream was asked for it (`odds_format`). */
  oddsFormat: OddsFormat;
  /** The last entry applied: what a reconnect resumes after. */
  lastEntryId: string | null;
  fixtures: Map<string, StreamFixture>;
  /** Per game, its books with open odds by the stream's name for the book, in the order the state first held each. */
  odds: Map<string, Map<string, StreamBookOdds>>;
  /** Per game a price named that no snapshot gave yet, what the messages said of it, in order, for its snapshot. */
  held: Map<string, GameChange[]>;
}

/** What one message says of one game: an odd set or moved (`odds`), an odd taken down (`locked-odds`), its status. */
export type GameChange =
  { event: 'odds' | 'locked-odds'; odd: StreamOdd } | { event: 'fixture'; id: string; status?: string; start?: string };

export type StreamApplied =
  | { kind: 'control'; event: 'connected' | 'ping' }
  /** `changed`: the games to send through the board (one that left is among them); `unknown`: games of no known fixture. */
  | { kind: 'applied'; entryId: string; changed: string[]; unknown: string[]; stale: number }
  | { kind: 'replayed'; entryId: string }
  | { kind: 'junk'; reason: string };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;
const finite = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

const ENTRY_ID = /^(\d+)-(\d+)$/;

/**
 * One part of a stream id as a number while the number is exact (15 digits or fewer: a time in ms has 13), as a bigint
 * past that; the two compare exactly either way.
 */
const idPart = (digits = '0'): number | bigint => (digits.length <= 15 ? Number(digits) : BigInt(digits));

function compareIdParts(a: string | undefined, b: string | undefined): number {
  const x = idPart(a);
  const y = idPart(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Compares two stream ids (`<ms>-<seq>`): negative when `a` is before `b`. */
export function compareEntryIds(a: string, b: string): number {
  const [, aMs, aSeq] = ENTRY_ID.exec(a) ?? [];
  const [, bMs, bSeq] = ENTRY_ID.exec(b) ?? [];
  return compareIdParts(aMs, bMs) || compareIdParts(aSeq, bSeq);
}

/** The time an entry id was written, in epoch ms (its first part). */
export function entryIdTime(entryId: string): number {
  return Number(ENTRY_ID.exec(entryId)?.[1] ?? NaN);
}

export function emptyStreamState(
  sport: string,
  sportTitle = sport,
  oddsFormat: OddsFormat = 'decimal',
): OddsStreamState {
  return { sport, sportTitle, oddsFormat, lastEntryId: null, fixtures: new Map(), odds: new Map(), held: new Map() };
}

function readOdd(raw: unknown): StreamOdd | string {
  if (!isObject(raw)) return 'an odd is not an object';
  const id = text(raw.id);
  const fixture = text(raw.fixture_id);
  const book = text(raw.sportsbook);
  const market = text(raw.market_id) ?? text(raw.market);
  const name = text(raw.name);
  const price = finite(raw.price);
  const timestamp = finite(raw.timestamp);
  if (!id || !fixture || !book || !market || !name || price === undefined || timestamp === undefined)
    return `odd ${id ?? '(no id)'} lacks its game, book, market, name, price or timestamp`;
  const points = raw.points === null || raw.points === undefined ? null : finite(raw.points);
  if (points === undefined) return `odd ${id} has unreadable points`;
  const link = isObject(raw.deep_link) ? raw.deep_link : null;
  const limits = isObject(raw.limits) ? raw.limits : null;
  return {
    id,
    fixture_id: fixture,
    sportsbook: book,
    market_id: market,
    name,
    selection: text(raw.selection) ?? '',
    selection_line: text(raw.selection_line) ?? null,
    is_main: raw.is_main !== false,
    price,
    points,
    grouping_key: text(raw.grouping_key) ?? 'default',
    deep_link: link as StreamOdd['deep_link'],
    limits: limits as StreamOdd['limits'],
    timestamp,
  };
}

function readFixture(raw: unknown): StreamFixture | string {
  if (!isObject(raw)) return 'a fixture is not an object';
  const id = text(raw.id) ?? text(raw.fixture_id);
  const start = text(raw.start_date);
  if (!id || !start || Number.isNaN(Date.parse(start))) return `fixture ${id ?? '(no id)'} lacks its id or start`;
  return {
    id,
    start_date: start,
    home_team_display: text(raw.home_team_display) ?? '',
    away_team_display: text(raw.away_team_display) ?? '',
    status: text(raw.status) ?? 'unplayed',
  };
}

/** The games a status or result takes off the board. */
const GONE_STATUSES = new Set(['completed', 'cancelled', 'canceled', 'postponed', 'suspended']);

/**
 * The state of a REST snapshot (`/fixtures/odds`: `{data: [fixture with its odds]}`), as of `entryId` (the stream's
 * newest entry id when the snapshot was asked for, so the stream resumes after it). Null with a reason when junk.
 */
export function snapshotState(
  base: Pick<OddsStreamState, 'sport' | 'sportTitle' | 'oddsFormat'>,
  payload: unknown,
  entryId: string | null,
): OddsStreamState | string {
  if (!isObject(payload) || !Array.isArray(payload.data)) return 'the snapshot has no data list';
  const state = emptyStreamState(base.sport, base.sportTitle, base.oddsFormat);
  state.lastEntryId = entryId;
  for (const raw of payload.data) {
    const fixture = readFixture(raw);
    if (typeof fixture === 'string') return fixture;
    if (GONE_STATUSES.has(fixture.status)) continue;
    state.fixtures.set(fixture.id, fixture);
    const odds = new Map<string, StreamOdd>();
    for (const rawOdd of Array.isArray((raw as Json).odds) ? ((raw as Json).odds as unknown[]) : []) {
      const odd = readOdd(isObject(rawOdd) ? { fixture_id: fixture.id, ...rawOdd } : rawOdd);
      if (typeof odd === 'string') return odd;
      odds.set(odd.id, odd);
    }
    if (odds.size) state.odds.set(fixture.id, oddsByBook(odds.values()));
  }
  return state;
}

/**
 * Applies one server-sent event to `state` (in place; nothing when it is refused). `event` is the SSE event name,
 * `data` its data as sent.
 */
export function applyStreamMessage(state: OddsStreamState, event: string, data: string): StreamApplied {
  if (event === 'connected' || event === 'ping') return { kind: 'control', event };
  if (!(STREAM_EVENTS as readonly string[]).includes(event))
    return { kind: 'junk', reason: `unknown event "${event}"` };
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return { kind: 'junk', reason: `${event} data is not JSON` };
  }
  if (!isObject(message)) return { kind: 'junk', reason: `${event} data is not an object` };
  const entryId = text(message.entry_id);
  if (!entryId || !ENTRY_ID.test(entryId)) return { kind: 'junk', reason: `${event} has no entry id` };
  if (state.lastEntryId && compareEntryIds(entryId, state.lastEntryId) <= 0) return { kind: 'replayed', entryId };
  const items = Array.isArray(message.data) ? message.data : isObject(message.data) ? [message.data] : null;
  if (!items) return { kind: 'junk', reason: `${event} ${entryId} has no data` };
  const changed = new Set<string>();
  const unknown = new Set<string>();
  let stale = 0;
  if (event === 'odds' || event === 'locked-odds') {
    const odds: StreamOdd[] = [];
    for (const raw of items) {
      const odd = readOdd(raw);
      if (typeof odd === 'string') return { kind: 'junk', reason: `${event} ${entryId}: ${odd}` };
      odds.push(odd);
    }
    const made = new Map<StreamBookOdds, StreamOdd[]>();
    for (const odd of odds) {
      if (!state.fixtures.has(odd.fixture_id)) {
        // a price names a game for its snapshot; a lock of a game no price named yet takes down nothing
        if (event === 'odds' || state.held.has(odd.fixture_id)) {
          hold(state, odd.fixture_id, { event, odd });
          unknown.add(odd.fixture_id);
        }
        continue;
      }
      const outcome = applyOdd(state, event, odd, made);
      if (outcome === 'stale') stale++;
      else if (outcome === 'changed') changed.add(odd.fixture_id);
    }
  } else {
    const fixtures: Array<Extract<GameChange, { event: 'fixture' }>> = [];
    for (const raw of items) {
      const id = isObject(raw) ? (text(raw.fixture_id) ?? text(raw.id)) : undefined;
      if (!id || !isObject(raw)) return { kind: 'junk', reason: `${event} ${entryId}: a game without its id` };
      const start = text(raw.start_date);
      if (start && Number.isNaN(Date.parse(start)))
        return { kind: 'junk', reason: `${event} ${entryId}: unreadable start` };
      const status = text(raw.status) ?? (raw.is_final === true ? 'completed' : undefined);
      fixtures.push({ event: 'fixture', id, status, start });
    }
    for (const change of fixtures) {
      if (applyFixture(state, change)) changed.add(change.id);
      else if (state.held.has(change.id)) {
        hold(state, change.id, change);
        unknown.add(change.id);
      }
    }
  }
  state.lastEntryId = entryId;
  return { kind: 'applied', entryId, changed: [...changed], unknown: [...unknown], stale };
}

function hold(state: OddsStreamState, fixtureId: string, change: GameChange): void {
  const held = state.held.get(fixtureId);
  if (held) held.push(change);
  else state.held.set(fixtureId, [change]);
}

/**
 * Sets or takes down `odd` in its game (`event`), unless the state holds a quote of it as new or newer (`stale`); a lock
 * of an odd the game does not hold changes nothing.
 */
function applyOdd(
  state: OddsStreamState,
  event: 'odds' | 'locked-odds',
  odd: StreamOdd,
  made: Map<StreamBookOdds, StreamOdd[]>,
): 'changed' | 'stale' | 'none' {
  const game = state.odds.get(odd.fixture_id) ?? new Map<string, StreamBookOdds>();
  const book = game.get(odd.sportsbook);
  const at = book ? book.odds.findIndex((o) => o.id === odd.id) : -1;
  const held = book?.odds[at];
  if (held && held.timestamp >= odd.timestamp) return 'stale';
  if (event === 'odds') changeOdd(game, odd.sportsbook, at, odd, made);
  else if (!held) return 'none';
  else changeOdd(game, odd.sportsbook, at, null, made);
  state.odds.set(odd.fixture_id, game);
  return 'changed';
}

/** Sets a known game's status or start; false when the state knows no such game. */
function applyFixture(
  state: OddsStreamState,
  { id, status, start }: Extract<GameChange, { event: 'fixture' }>,
): boolean {
  const fixture = state.fixtures.get(id);
  if (!fixture) return false;
  state.fixtures.set(id, { ...fixture, status: status ?? fixture.status, start_date: start ?? fixture.start_date });
  return true;
}

/**
 * Sets the `at`th odd of a game's book `sportsbook` to `odd` (past its end: adds it), or takes it down (`odd` null; a
 * book left with no odd leaves the game). The book is made anew the first time one change touches it (`made`: the books
 * this change made, with their odds), never changed in place once handed out.
 */
function changeOdd(
  game: Map<string, StreamBookOdds>,
  sportsbook: string,
  at: number,
  odd: StreamOdd | null,
  made: Map<StreamBookOdds, StreamOdd[]>,
): void {
  const book = game.get(sportsbook);
  let odds = book && made.get(book);
  if (!odds) {
    odds = book ? [...book.odds] : [];
    const fresh = { sportsbook, odds };
    made.set(fresh, odds);
    game.set(sportsbook, fresh);
  }
  if (!odd) odds.splice(at, 1);
  else if (at < 0) odds.push(odd);
  else odds[at] = odd;
  if (!odds.length) game.delete(sportsbook);
}

/**
 * The games `ids` as their snapshot is asked for now (mergeSnapshot's `asked`): each with how many of its changes the
 * state holds so far. What is held after this was said after the ask was sent, so an answer that does not give the game
 * does not cover it.
 */
export function askedGames(state: OddsStreamState, ids: Iterable<string>): Map<string, number> {
  return new Map([...ids].map((id) => [id, state.held.get(id)?.length ?? 0]));
}

/**
 * Adds the games a snapshot of some fixtures gave (`asked`: the games a stream message named that the state did not
 * know, askedGames), then applies over each what the messages said of it meanwhile, in order, as a connection applies
 * the messages that came while its snapshot was read: a quote or a lock newer than the snapshot's wins, an older one is
 * dropped. A game asked for that the snapshot does not give (over, or not offered) is let go with what was held of it
 * when it was asked; what the messages said of it while the answer was on its way is newer than the answer, and stays
 * held for its next snapshot. Returns the games added.
 */
export function mergeSnapshot(
  state: OddsStreamState,
  snapshot: OddsStreamState,
  asked: ReadonlyMap<string, number>,
): string[] {
  const merged: string[] = [];
  for (const [id, fixture] of snapshot.fixtures) {
    // a game the state knows already follows the stream, which is newer than any snapshot of it
    if (state.fixtures.has(id)) continue;
    merged.push(id);
    state.fixtures.set(id, fixture);
    state.odds.set(id, snapshot.odds.get(id) ?? new Map<string, StreamBookOdds>());
    const made = new Map<StreamBookOdds, StreamOdd[]>();
    for (const change of state.held.get(id) ?? []) {
      if (change.event === 'fixture') applyFixture(state, change);
      else applyOdd(state, change.event, change.odd, made);
    }
    state.held.delete(id);
  }
  for (const [id, before] of asked) {
    const held = state.held.get(id);
    if (!held) continue;
    held.splice(0, before);
    if (!held.length) state.held.delete(id);
  }
  return merged;
}

/** OpticOdds' market ids → the board's market keys; any other id is taken to be a board key already. */
const MARKET_KEYS = new Map<string, { main: string; alternate: string }>(
  Object.entries({
    moneyline: { main: 'h2h', alternate: 'h2h' },
    point_spread: { main: 'spreads', alternate: 'alternate_spreads' },
    total_points: { main: 'totals', alternate: 'alternate_totals' },
  }),
);

function marketKey(odd: StreamOdd): string {
  const known = MARKET_KEYS.get(odd.market_id);
  if (known) return odd.is_main ? known.main : known.alternate;
  return odd.market_id;
}

/** The outcome's name as the board words it: the team, `Draw`, or `Over` / `Under` (a player's is its description). */
function outcomeName(odd: StreamOdd): { name: string; description?: string } {
  const line = odd.selection_line?.toLowerCase();
  if (line === 'over' || line === 'under') {
    const name = line === 'over' ? 'Over' : 'Under';
    return odd.selection ? { name, description: odd.selection } : { name };
  }
  return { name: odd.selection || odd.name };
}

const iso = (seconds: number) => new Date(Math.round(seconds * 1000)).toISOString();

/** A game's odds as its books, each in the order of its first odd, each book's odds in their order. */
function oddsByBook(odds: Iterable<StreamOdd>): Map<string, StreamBookOdds> {
  const books = new Map<string, StreamBookOdds>();
  const made = new Map<StreamBookOdds, StreamOdd[]>();
  for (const odd of odds) changeOdd(books, odd.sportsbook, -1, odd, made);
  return books;
}

/**
 * One book of a game in The Odds API v4 shape, which the shared normaliser reads (prices as the stream gave them). With
 * what the book was last made into and the odds it was made of (`before`, as many odds), each market whose odds are
 * those very objects in the very places, and which held no other place then, is handed on as the market made of them (a
 * KnownMarket), not made again: a message moves a price of one market, and a book may list hundreds.
 */
function v4Book(sportsbook: string, odds: readonly StreamOdd[], before: StreamBookMade | null) {
  const keys: string[] = [];
  const newestOf: number[] = [];
  /** Per market, whether an odd of it is not the very odd `before` held in its place, or was taken from it. */
  const moved: boolean[] = [];
  /** The markets of the odds `before` held in the places whose odds changed: the odds they lost. */
  const lost: string[] = [];
  /** Each odd's market, by its place in `keys`. */
  const marketOf: number[] = [];
  const places = new Map<string, number>();
  const comparable = before !== null && before.odds.length === odds.length;
  // a book's odds mostly come market by market: the market of the odd before is tried first
  let at = -1;
  for (let i = 0; i < odds.length; i++) {
    const odd = odds[i];
    const key = marketKey(odd);
    if (at < 0 || keys[at] !== key) at = places.get(key) ?? -1;
    if (at < 0) {
      at = keys.push(key) - 1;
      newestOf.push(0);
      moved.push(!comparable);
      places.set(key, at);
    }
    marketOf.push(at);
    newestOf[at] = Math.max(newestOf[at], odd.timestamp);
    if (comparable && before.odds[i] !== odd) {
      moved[at] = true;
      lost.push(marketKey(before.odds[i]));
    }
  }
  // an odd taken down and another added to another market leave as many odds, the market that lost one in its places
  for (const key of lost) {
    const m = places.get(key);
    if (m !== undefined) moved[m] = true;
  }
  const markets: Array<{ key: string; last_update: string; outcomes: Array<Record<string, unknown>> } | KnownMarket> =
    keys.map((key, m) => {
      // the book made lists its markets in the odds' order, less a market whose every price was locked
      const made = moved[m] || !before ? undefined : keyedAt(before.book.markets, key, m);
      return made ? new KnownMarket(made) : { key, last_update: iso(newestOf[m]), outcomes: [] };
    });
  for (let i = 0; i < odds.length; i++) {
    const market = markets[marketOf[i]];
    if (!(market instanceof KnownMarket)) market.outcomes.push(v4Outcome(odds[i]));
  }
  let newest = 0;
  for (let m = 1; m < keys.length; m++) if (newestOf[m] > newestOf[newest]) newest = m;
  return { key: bookKey(sportsbook), title: sportsbook, last_update: iso(newestOf[newest]), markets };
}

/** One odd as an outcome of The Odds API: its name (outcomeName), price, point, limit and link when it has them. */
function v4Outcome(odd: StreamOdd): Record<string, unknown> {
  const outcome: Record<string, unknown> = outcomeName(odd);
  outcome.price = odd.price;
  if (odd.points !== null) outcome.point = odd.points;
  if (odd.limits?.max) outcome.bet_limit = odd.limits.max;
  if (odd.deep_link?.desktop) outcome.link = odd.deep_link.desktop;
  return outcome;
}

/**
 * OpticOdds names a book (`DraftKings`, `Caesars`); the board keys it by the catalogue (`draftkings`, `williamhill_us`),
 * and a book outside the catalogue by its name in lower case.
 */
function bookKey(name: string): string {
  const known = bookKeyOf(name);
  if (known !== name) return known;
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

/** A book of a game as the stream's reader made it (after its intake), and the odds it was made of. */
export interface StreamBookMade {
  odds: readonly StreamOdd[];
  book: BoardBookmaker;
}

/**
 * What a stream's reader knows of the books it made before (streamBoardEvents): a message moves one odd or a few, so of a
 * game it changed most books are the very books they were made from, and are not made again.
 */
export interface StreamBooksReading {
  /** What `book` of game `fixtureId` (the state's very object) was made into, when that still stands; null to make it. */
  knownBook(fixtureId: string, book: StreamBookOdds): BoardBookmaker | null;
  /**
   * For a book to make (knownBook said null): what the game's book of the same sportsbook was made into, and the odds it
   * was made of, when that still stands; its markets whose odds did not move are not made again.
   */
  madeBefore(fixtureId: string, book: StreamBookOdds): StreamBookMade | null;
  /** Takes in `event`, `event.bookmakers[i]` made from `books[i]`, and returns what becomes of it. */
  take(event: BoardEvent, books: ReadonlyArray<StreamBookOdds>): BoardEvent;
}

/**
 * The board's events of `fixtureIds` as the state holds them, normalised by the shared normaliser (decimal prices,
 * locked prices dropped, canonical book keys). A game with no open odd, or over, is absent: it leaves the board. With
 * a `reading`, a book it knows is taken as made before, and each event made goes through its `take`.
 */
export function streamBoardEvents(
  state: OddsStreamState,
  fixtureIds: Iterable<string>,
  reading: StreamBooksReading | null = null,
): BoardEvent[] {
  const events: BoardEvent[] = [];
  for (const id of fixtureIds) {
    const fixture = state.fixtures.get(id);
    const game = state.odds.get(id);
    if (!fixture || !game?.size || GONE_STATUSES.has(fixture.status)) continue;
    const books = [...game.values()];
    const known: Array<BoardBookmaker | null> = [];
    // a known book is not made: its place is taken by what it was made into
    const bookmakers: Array<ReturnType<typeof v4Book> | null> = [];
    for (const book of books) {
      const made = reading ? reading.knownBook(id, book) : null;
      known.push(made);
      bookmakers.push(made ? null : v4Book(book.sportsbook, book.odds, reading?.madeBefore(id, book) ?? null));
    }
    const raw = {
      id: fixture.id,
      sport_key: state.sport,
      sport_title: state.sportTitle,
      commence_time: fixture.start_date,
      home_team: fixture.home_team_display,
      away_team: fixture.away_team_display,
      bookmakers,
    };
    const read = readOddsApiV4Event(raw, state.oddsFormat, known);
    if (!read?.event.bookmakers.length) continue;
    events.push(
      reading
        ? reading.take(
            read.event,
            read.from.map((i) => books[i]),
          )
        : read.event,
    );
  }
  return events;
}

/** Every game of the state that is on the board (the snapshot's board). */
export function streamBoard(state: OddsStreamState): BoardEvent[] {
  return streamBoardEvents(state, state.fixtures.keys());
}
