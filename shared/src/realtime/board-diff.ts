import type { BoardBookmaker, BoardEvent, BoardMarket, BoardOutcome, EventHeader, SportBoard } from '../domain/odds';
import { sameFieldsBut } from '../feeds/market-quote';
import { boardChanges, pairedByKey } from '../domain/board-changes';

/**
 * Diffs two boards of one sport: what the workers publish instead of the whole board. Prices are
 * decimal; a price going `up` pays more. An outcome is identified by its name and player (and its line
 * on alternate markets, where several lines are offered at once), so a main line that moves is a
 * `line` change, not a removal and an addition.
 */
export interface OutcomeChange {
  change: 'price' | 'line' | 'added' | 'removed';
  name: string;
  description?: string;
  point?: number;
  /** The new price; absent when the outcome was removed. */
  price?: number;
  /** For a price change: up when the new price pays more (the client flashes green), down otherwise. */
  direction?: 'up' | 'down';
  /** For a line move: the line it moved from. */
  previous_point?: number;
}

export interface MarketDiff {
  key: string;
  change: 'added' | 'removed' | 'changed';
  /** The whole market, when it was added. */
  market?: BoardMarket;
  outcomes?: OutcomeChange[];
  /**
   * With outcome changes: the market's new last_update, so a client's board ages the moved price from its move
   * (a price that had just flashed still read "57s"). Absent, the diff's fetched_at stands in.
   */
  last_update?: string;
  /** Present only when the market's locked state flipped (spec 001 §5 locked-market rule). */
  locked?: boolean;
}

export interface BookmakerDiff {
  key: string;
  title: string;
  markets: MarketDiff[];
}

export interface EventDiff {
  id: string;
  change: 'added' | 'removed' | 'changed';
  /** The whole event, when it was added. */
  event?: BoardEvent;
  /**
   * A changed event's own fields (all but its bookmakers), whole, when one of them changed: its start moved, the scores
   * feed marked it final, a team renamed. A client that missed it would keep a delayed game's old start (and judge it
   * live by it) and list a finished game's prices.
   */
  header?: EventHeader;
  bookmakers?: BookmakerDiff[];
}

export interface BoardDiff {
  sport_key: string;
  fetched_at: string;
  events: EventDiff[];
}

/**
 * One row of price history: an outcome's price or line as first seen or as changed, or its withdrawal (price null): the
 * book took it down (the outcome, its market or the book left the event), so its line ends there and its last price
 * is no close.
 */
export interface PriceRecord {
  event_id: string;
  bookmaker_key: string;
  bookmaker_title: string;
  market_key: string;
  outcome_name: string;
  description: string;
  /** Decimal odds; null for a withdrawal. */
  price: number | null;
  /** The line; a withdrawal's is the line the book took down. */
  point: number | null;
  last_update: string;
}

/**
 * A PriceRecord's fields, in one fixed order: the odds history outbox stores a record as its values in this order
 * (an entry written before a reordering would read back wrong: add at the end only), and odds_history has a column
 * for each.
 */
export const PRICE_RECORD_FIELDS = [
  'event_id',
  'bookmaker_key',
  'bookmaker_title',
  'market_key',
  'outcome_name',
  'description',
  'price',
  'point',
  'last_update',
] as const satisfies ReadonlyArray<keyof PriceRecord>;

export interface DiffOptions {
  /**
   * Decides whether a market is locked (the engine's locked-market rule) from the market, its event's header (every field
   * but its bookmakers) and `now`; without it no lock changes are reported.
   */
  isLocked?: (market: BoardMarket, event: BoardEvent, now: number) => boolean;
  /** "Now" for the lock rule; defaults to the next board's fetched_at. */
  now?: number;
}

export interface BoardDiffResult {
  /** Null when nothing changed: nothing is published then. */
  diff: BoardDiff | null;
  records: PriceRecord[];
  /** Events with any change, for incremental detection. */
  changedEventIds: string[];
}

const PRICE_EPSILON = 1e-9;

export function outcomeIdentity(marketKey: string, outcome: BoardOutcome): string {
  const base = `${outcome.name}\u0000${outcome.description ?? ''}`;
  return marketKey.includes('alternate') ? `${base}\u0000${outcome.point ?? ''}` : base;
}

function indexOutcomes(market: BoardMarket): Map<string, BoardOutcome> {
  const map = new Map<string, BoardOutcome>();
  for (const outcome of market.outcomes) {
    let id = outcomeIdentity(market.key, outcome);
    // A feed may repeat an identity (same player twice); keep both, in order.
    for (let n = 2; map.has(id); n++) id = `${outcomeIdentity(market.key, outcome)}#${n}`;
    map.set(id, outcome);
  }
  return map;
}

function record(event: BoardEvent, book: BoardBookmaker, market: BoardMarket, outcome: BoardOutcome): PriceRecord {
  return {
    event_id: event.id,
    bookmaker_key: book.key,
    bookmaker_title: book.title,
    market_key: market.key,
    outcome_name: outcome.name,
    description: outcome.description ?? '',
    price: outcome.price,
    point: outcome.point ?? null,
    last_update: market.last_update || book.last_update,
  };
}

/** The withdrawal of an outcome the book took down, seen at `at` (the market's new update, or the board's fetch). */
function withdrawal(
  event: BoardEvent,
  book: BoardBookmaker,
  market: BoardMarket,
  outcome: BoardOutcome,
  at: string,
): PriceRecord {
  return { ...record(event, book, market, outcome), price: null, last_update: at };
}

/** The withdrawals of every outcome of markets a book took down. */
function withdrawals(
  event: BoardEvent,
  book: BoardBookmaker,
  markets: readonly BoardMarket[],
  at: string,
  records: PriceRecord[],
): void {
  for (const market of markets)
    for (const outcome of market.outcomes) records.push(withdrawal(event, book, market, outcome, at));
}

function outcomeFields(outcome: BoardOutcome): Pick<OutcomeChange, 'name' | 'description' | 'point'> {
  const fields: Pick<OutcomeChange, 'name' | 'description' | 'point'> = { name: outcome.name };
  if (outcome.description !== undefined) fields.description = outcome.description;
  if (outcome.point !== undefined) fields.point = outcome.point;
  return fields;
}

/** The changes of an outcome whose identity is kept from `old` to `outcome`, or null when neither price nor line moved. */
function outcomeChange(old: BoardOutcome, outcome: BoardOutcome): OutcomeChange | null {
  const priceMoved = Math.abs(old.price - outcome.price) > PRICE_EPSILON;
  const lineMoved = (old.point ?? null) !== (outcome.point ?? null);
  if (!priceMoved && !lineMoved) return null;
  const change: OutcomeChange = {
    change: lineMoved ? 'line' : 'price',
    ...outcomeFields(outcome),
    price: outcome.price,
  };
  if (priceMoved) change.direction = outcome.price > old.price ? 'up' : 'down';
  if (lineMoved && old.point !== undefined) change.previous_point = old.point;
  return change;
}

/** Whether both markets list the same outcomes (by identity) in the same order: a poll's usual case. */
function sameOutcomeOrder(previous: BoardMarket, next: BoardMarket): boolean {
  const before = previous.outcomes;
  const after = next.outcomes;
  if (before.length !== after.length) return false;
  const byLine = next.key.includes('alternate');
  for (let i = 0; i < after.length; i++) {
    const a = before[i];
    const b = after[i];
    if (a.name !== b.name || a.description !== b.description || (byLine && a.point !== b.point)) return false;
  }
  return true;
}

/** The outcome changes of a kept market; `onRecord` is told of each outcome priced anew, and of each taken down (`gone`). */
function diffOutcomes(
  previous: BoardMarket,
  next: BoardMarket,
  onRecord: (o: BoardOutcome, gone?: true) => void,
): OutcomeChange[] {
  const changes: OutcomeChange[] = [];
  if (sameOutcomeOrder(previous, next)) {
    // Paired by position, which pairs the same identities as the index below, without a key per outcome.
    for (let i = 0; i < next.outcomes.length; i++) {
      const change = outcomeChange(previous.outcomes[i], next.outcomes[i]);
      if (change) {
        changes.push(change);
        onRecord(next.outcomes[i]);
      }
    }
    return changes;
  }
  const before = indexOutcomes(previous);
  const after = indexOutcomes(next);
  for (const [id, outcome] of after) {
    const old = before.get(id);
    if (!old) {
      changes.push({ change: 'added', ...outcomeFields(outcome), price: outcome.price });
      onRecord(outcome);
      continue;
    }
    const change = outcomeChange(old, outcome);
    if (!change) continue;
    changes.push(change);
    onRecord(outcome);
  }
  for (const [id, outcome] of before) {
    if (after.has(id)) continue;
    changes.push({ change: 'removed', ...outcomeFields(outcome) });
    onRecord(outcome, true);
  }
  return changes;
}

function eventTime(board: SportBoard, options: DiffOptions): number {
  return options.now ?? Date.parse(board.fetched_at);
}

/** The market changes of one bookmaker of a changed event (`previous`: its markets before, empty when new to the event). */
function diffBookmaker(
  event: BoardEvent,
  old: BoardEvent,
  book: BoardBookmaker,
  previous: readonly BoardMarket[],
  now: number,
  options: DiffOptions,
  records: PriceRecord[],
  sameHeader: boolean,
  fetchedAt: string,
): MarketDiff[] {
  const marketDiffs: MarketDiff[] = [];
  // Markets are paired by position while the keys agree (a poll's usual case); by key once they do not.
  let byKey: Map<string, BoardMarket> | null = null;
  for (let i = 0; i < book.markets.length; i++) {
    const market = book.markets[i];
    let oldMarket: BoardMarket | undefined = previous[i];
    if (byKey || oldMarket?.key !== market.key)
      oldMarket = (byKey ??= new Map(previous.map((m) => [m.key, m]))).get(market.key);
    // the very object it was (a market the poll kept unmoved), under the same header: no outcome moved, no lock flipped
    if (oldMarket === market && sameHeader) continue;
    const locked = options.isLocked?.(market, event, now);
    if (!oldMarket) {
      marketDiffs.push({ key: market.key, change: 'added', market, ...(locked ? { locked: true } : {}) });
      for (const outcome of market.outcomes) records.push(record(event, book, market, outcome));
      continue;
    }
    // the very object it was (a market the poll kept unmoved) has no outcome to compare; its lock may still flip
    const lastUpdate = market.last_update || book.last_update;
    const outcomes =
      oldMarket === market
        ? []
        : diffOutcomes(oldMarket, market, (o, gone) =>
            records.push(gone ? withdrawal(event, book, oldMarket, o, lastUpdate) : record(event, book, market, o)),
          );
    const wasLocked = options.isLocked?.(oldMarket, old, now);
    const lockFlipped = locked !== undefined && locked !== wasLocked;
    if (!outcomes.length && !lockFlipped) continue;
    const diff: MarketDiff = { key: market.key, change: 'changed' };
    if (outcomes.length) {
      diff.outcomes = outcomes;
      diff.last_update = lastUpdate;
    }
    if (lockFlipped) diff.locked = locked;
    marketDiffs.push(diff);
  }
  if (byKey || previous.length > book.markets.length) {
    const kept = new Set(book.markets.map((m) => m.key));
    for (const key of new Set(previous.map((m) => m.key)))
      if (!kept.has(key)) {
        marketDiffs.push({ key, change: 'removed' });
        withdrawals(
          event,
          book,
          previous.filter((m) => m.key === key),
          fetchedAt,
          records,
        );
      }
  }
  return marketDiffs;
}

/**
 * The changes from `previous` (null for the first board) to `next`, and the history rows they make. An event that is
 * the very object it was on `previous` is unchanged and not read again: after a poll of some events, the others.
 */
export function diffBoards(previous: SportBoard | null, next: SportBoard, options: DiffOptions = {}): BoardDiffResult {
  const now = eventTime(next, options);
  const records: PriceRecord[] = [];
  const events: EventDiff[] = [];
  const { changed, removed } = boardChanges(previous?.events ?? [], next.events);
  for (const { event, old } of changed) {
    if (!old) {
      events.push({ id: event.id, change: 'added', event });
      for (const book of event.bookmakers) {
        for (const market of book.markets)
          for (const outcome of market.outcomes) records.push(record(event, book, market, outcome));
      }
      continue;
    }
    const oldBooks = pairedByKey(event.bookmakers, old.bookmakers);
    const bookDiffs: BookmakerDiff[] = [];
    const sameHeader = sameFieldsBut(event, old, 'bookmakers');
    for (let i = 0; i < event.bookmakers.length; i++) {
      const book = event.bookmakers[i];
      const oldBook = oldBooks.old[i];
      // a book the poll kept whole is the very object it was: under the same header, none of its markets changed
      if (oldBook === book && sameHeader) continue;
      const marketDiffs = diffBookmaker(
        event,
        old,
        book,
        oldBook?.markets ?? [],
        now,
        options,
        records,
        sameHeader,
        next.fetched_at,
      );
      if (marketDiffs.length) bookDiffs.push({ key: book.key, title: book.title, markets: marketDiffs });
    }
    for (const book of oldBooks.gone) {
      bookDiffs.push({
        key: book.key,
        title: book.title,
        markets: book.markets.map((m) => ({ key: m.key, change: 'removed' })),
      });
      withdrawals(event, book, book.markets, next.fetched_at, records);
    }
    if (!sameHeader) events.push({ id: event.id, change: 'changed', header: headerOf(event), bookmakers: bookDiffs });
    else if (bookDiffs.length) events.push({ id: event.id, change: 'changed', bookmakers: bookDiffs });
  }
  for (const { id } of removed) events.push({ id, change: 'removed' });

  return {
    diff: events.length ? { sport_key: next.sport_key, fetched_at: next.fetched_at, events } : null,
    records,
    changedEventIds: events.map((e) => e.id),
  };
}

function applyOutcomes(market: BoardMarket, changes: OutcomeChange[]): BoardMarket {
  const outcomes = indexOutcomes(market);
  for (const change of changes) {
    const identity = outcomeIdentity(market.key, {
      name: change.name,
      description: change.description,
      price: 0,
      point: change.change === 'line' ? change.previous_point : change.point,
    });
    if (change.change === 'removed') {
      outcomes.delete(identity);
      continue;
    }
    const outcome: BoardOutcome = { ...(outcomes.get(identity) ?? { name: change.name }), price: change.price! };
    if (change.description !== undefined) outcome.description = change.description;
    if (change.point !== undefined) outcome.point = change.point;
    else delete outcome.point;
    outcomes.delete(identity);
    outcomes.set(outcomeIdentity(market.key, outcome), outcome);
  }
  return { ...market, outcomes: [...outcomes.values()] };
}

function headerOf(event: BoardEvent): EventHeader {
  const { bookmakers: _bookmakers, ...header } = event;
  return header;
}

/**
 * Applies a diff to the board it was taken from (what a client holding the initial load does with
 * each message). Markets and outcomes keep their order where they existed; additions go last.
 */
export function applyBoardDiff(board: SportBoard, diff: BoardDiff): SportBoard {
  const events = new Map(board.events.map((e) => [e.id, e]));
  for (const eventDiff of diff.events) {
    if (eventDiff.change === 'removed') {
      events.delete(eventDiff.id);
      continue;
    }
    if (eventDiff.change === 'added') {
      events.set(eventDiff.id, eventDiff.event!);
      continue;
    }
    const event = events.get(eventDiff.id);
    if (!event) continue;
    const books = new Map(event.bookmakers.map((b) => [b.key, b]));
    for (const bookDiff of eventDiff.bookmakers ?? []) {
      const book = books.get(bookDiff.key) ?? {
        key: bookDiff.key,
        title: bookDiff.title,
        last_update: diff.fetched_at,
        markets: [],
      };
      const markets = new Map(book.markets.map((m) => [m.key, m]));
      for (const marketDiff of bookDiff.markets) {
        if (marketDiff.change === 'removed') markets.delete(marketDiff.key);
        else if (marketDiff.change === 'added') markets.set(marketDiff.key, marketDiff.market!);
        else {
          const market = markets.get(marketDiff.key);
          if (market && marketDiff.outcomes)
            markets.set(marketDiff.key, {
              ...applyOutcomes(market, marketDiff.outcomes),
              last_update: marketDiff.last_update ?? diff.fetched_at,
            });
        }
      }
      if (markets.size) books.set(book.key, { ...book, markets: [...markets.values()] });
      else books.delete(book.key);
    }
    const bookmakers = [...books.values()];
    // the header whole when it changed: a field it no longer has (a final mark taken back) goes with it
    events.set(event.id, eventDiff.header ? { ...eventDiff.header, bookmakers } : { ...event, bookmakers });
  }
  return { ...board, fetched_at: diff.fetched_at, events: [...events.values()] };
}
