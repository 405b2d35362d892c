import {
  boardChanges,
  boardEvent,
  IsoTimes,
  keyedAt,
  settleBookmaker,
  sameFieldsBut,
  sameQuote,
  type BoardBookmaker,
  type BoardEvent,
  type SportBoard,
  withEventsReplaced,
} from '@oddspulse/shared';
import type { BoardKind, BoardStamp, LiveStateRepository } from '@oddspulse/core';
import type { EventIntake } from '../feeds/providers';

/**
 * The board after a poll of some of its events (`asked`): those events as the feed answered (one it left out has
 * gone from the feed), the others as they were, in the board's order; an event the feed added comes last. The others are the very objects they were, so the
 * diff and the store pass over them.
 */
export function mergeAnswer(
  previous: readonly BoardEvent[],
  asked: ReadonlySet<string>,
  answer: readonly BoardEvent[],
): BoardEvent[] {
  // every game asked for answered, each already on the board (a stream's batch, most often): each in its place
  const inPlace = answer.length === asked.size && answer.every((e) => asked.has(e.id));
  const replaced = inPlace ? withEventsReplaced(previous, answer) : null;
  if (replaced) return replaced;
  const answered = new Map(answer.map((e) => [e.id, e]));
  const merged: BoardEvent[] = [];
  for (const event of previous) {
    const fresh = answered.get(event.id);
    answered.delete(event.id);
    if (!asked.has(event.id)) merged.push(event);
    else if (fresh) merged.push(fresh);
  }
  merged.push(...answered.values());
  return merged;
}

/**
 * Whether `next` lists the schedule of `previous` (LiveStateRepository.saveOddsSchedule): the same games in the same
 * order, each with the same start and final mark.
 */
export function sameSchedule(previous: readonly BoardEvent[], next: readonly BoardEvent[]): boolean {
  const { changed, sameOrder } = boardChanges(previous, next);
  return (
    sameOrder &&
    changed.every(
      ({ event, old }) =>
        old !== undefined &&
        event.commence_time === old.commence_time &&
        (event.completed === true) === (old.completed === true),
    )
  );
}

/**
 * The boards this process last wrote, per kind and sport, with the revision Redis knows their content by. A poll
 * diffs against the held board when Redis's stamp still names its revision (no other process has written the
 * board since, and Redis has not lost it), and reads Redis otherwise: the board is read from Redis only when it
 * changed elsewhere, not on every poll.
 */
export class HeldBoards {
  private readonly held = new Map<string, { board: SportBoard; revision: string }>();

  /** The held board as of `stamp` (its freshness), or null when Redis's board is not the one held. */
  basis(kind: BoardKind, sport: string, stamp: BoardStamp | null): SportBoard | null {
    const held = this.held.get(`${kind}:${sport}`);
    if (!held || !stamp?.revision || stamp.revision !== held.revision) return null;
    const { stale_since: _held, ...board } = held.board;
    return stamp.stale_since
      ? { ...board, fetched_at: stamp.fetched_at, stale_since: stamp.stale_since }
      : { ...board, fetched_at: stamp.fetched_at };
  }

  /**
   * The board a write starts from (`previous`) and the basis it writes against, only what changed from it: the held
   * board while Redis's stamp names it (`stamp`, read under the feed's lock); otherwise the board read back from Redis
   * (`readBack`), itself the basis when it is stored by market (the sport's last poll ran in another worker, as the
   * queue gives each poll to whichever worker is free: writing it whole wrote every market of the board again), and
   * written whole when it is stored whole (by a version before boards were stored by market).
   */
  async startingBoard(
    kind: BoardKind,
    sport: string,
    stamp: BoardStamp | null,
    state: Pick<LiveStateRepository, 'storedBoard'>,
  ): Promise<{ previous: SportBoard | null; basis: SportBoard | null; readBack: boolean }> {
    const held = this.basis(kind, sport, stamp);
    if (held) return { previous: held, basis: held, readBack: false };
    const stored = await state.storedBoard(kind, sport);
    return { previous: stored?.board ?? null, basis: stored?.isBasis ? stored.board : null, readBack: stored !== null };
  }

  /** `board` is now Redis's board of its sport, under `revision`. */
  hold(kind: BoardKind, board: SportBoard, revision: string): void {
    this.held.set(`${kind}:${board.sport_key}`, { board, revision });
  }
}

/**
 * How far a held price's stored update time may fall behind the feed's before it is written again. A feed may restamp
 * a market whose prices did not move (the simulator did on every reprice); rewriting it each poll rewrote the whole
 * board. The locked-market age (spec 001 §5: 5 minutes live, 15 before) then reads the stored time at most this much
 * older than the feed's: a held price closes at most a minute early, and none reopens.
 */
export const UNMOVED_RESTAMP_MS = 60_000;

/**
 * Keeps, event by event, every market whose prices did not move since `previous` (its outcomes, line, links and limits
 * the same) as the object it was, its update time with it, while that time is less than UNMOVED_RESTAMP_MS older than
 * the feed's; a book or event all of whose parts were kept is kept whole. The store and the diff pass over the very
 * objects they wrote, so a market is written again when its price moves, whatever its `last_update` says.
 */
export class UnmovedMarkets {
  private readonly times = new IsoTimes();

  constructor(private readonly previous: readonly BoardEvent[] | null) {}

  /** Whether `event` is the previous board's very object under its id. */
  holds(event: BoardEvent): boolean {
    return this.before(event.id) === event;
  }

  /** Whether `book`, the `index`th of event `eventId`, is one of the previous board's very objects of that event. */
  holdsBook(eventId: string, book: BoardBookmaker, index: number): boolean {
    const old = this.before(eventId);
    return !!old && (old.bookmakers[index] === book || old.bookmakers.includes(book));
  }

  /** The previous board's book of event `eventId` under `key`, looked for first in place `index`. */
  bookBefore(eventId: string, key: string, index: number): BoardBookmaker | undefined {
    const old = this.before(eventId);
    return old && keyedAt(old.bookmakers, key, index);
  }

  /** `event` of the feed's answer, with what did not move since the previous board kept as it was. */
  keep(event: BoardEvent): BoardEvent {
    const old = this.before(event.id);
    if (!old || old === event) return event;
    let kept = 0;
    const bookmakers = event.bookmakers.map((book, i) => {
      const other = keyedAt(old.bookmakers, book.key, i);
      if (!other) return book;
      const result = this.keptBook(book, other);
      if (result === old.bookmakers[i]) kept++;
      return result;
    });
    if (kept === old.bookmakers.length && kept === bookmakers.length && sameFieldsBut(event, old, 'bookmakers'))
      return old;
    return bookmakers.some((b, i) => b !== event.bookmakers[i]) ? { ...event, bookmakers } : event;
  }

  private keptBook(book: BoardBookmaker, old: BoardBookmaker): BoardBookmaker {
    if (book === old) return old;
    let kept = 0;
    const markets = book.markets.map((market, i) => {
      const before = keyedAt(old.markets, market.key, i);
      // the very object it was (a reader handed its market on unmoved): its quote and time are the same
      if (
        !before ||
        (before !== market && (!sameQuote(market, before) || !this.held(market.last_update, before.last_update)))
      )
        return market;
      if (before === old.markets[i]) kept++;
      return before;
    });
    if (
      kept === old.markets.length &&
      kept === markets.length &&
      sameFieldsBut(book, old, 'markets', 'last_update') &&
      this.held(book.last_update, old.last_update)
    )
      return old;
    return markets.some((m, i) => m !== book.markets[i]) ? { ...book, markets } : book;
  }

  private before(id: string): BoardEvent | undefined {
    return this.previous ? boardEvent(this.previous, id) : undefined;
  }

  /** The stored time stands for the feed's: a time the feed moved back, or one unreadable, is written as it came. */
  private held(fresh: string, old: string): boolean {
    const lag = this.times.time(fresh) - this.times.time(old);
    return lag >= 0 && lag < UNMOVED_RESTAMP_MS;
  }
}

/**
 * What becomes of each event of a feed's answer as it is read (OddsProvider's intake): marked completed when its
 * scoreboard says it is final (`finals`: a feed can list a game for a while after it ended, and detection skips it),
 * the links of each book it was sent settled (checked, resolved, or the book's site; a book or market the provider handed
 * on as the previous board's very object was settled when that board was taken in), and its unmoved markets kept as the
 * objects of `previous` (UnmovedMarkets). Done event by event, what the feed sent of an event is garbage before the next
 * one is read.
 */
export function answerIntake(previous: readonly BoardEvent[] | null, finals: ReadonlySet<string>): EventIntake {
  const unmoved = new UnmovedMarkets(previous);
  const intake = (event: BoardEvent) => {
    const marked = finals.has(event.id) ? { ...event, completed: true } : event;
    const books = marked.bookmakers;
    for (let i = 0; i < books.length; i++) {
      if (unmoved.holdsBook(marked.id, books[i], i)) continue;
      // a market the provider handed on as the previous board's very object was settled when that board was taken in
      const before = unmoved.bookBefore(marked.id, books[i].key, i);
      settleBookmaker(books[i], before ? (market, m) => keyedAt(before.markets, market.key, m) === market : null);
    }
    return unmoved.keep(marked);
  };
  // An event taken in from the same reading keeps every market it holds (the same quotes, the same lag behind the
  // feed's times) and so is made again whole, unless its final mark is no longer the scoreboard's; so is each book of it.
  return Object.assign(intake, {
    holds: (event: BoardEvent) => unmoved.holds(event) && (event.completed === true) === finals.has(event.id),
  });
}
