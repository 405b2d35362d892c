import {
  boardChanges,
  pairedByKey,
  sameFieldsBut,
  sameQuote,
  type BoardBookmaker,
  type BoardEvent,
  type BoardMarket,
} from '@oddspulse/shared';

/**
 * A board stored by market, as fields of one hash: each market's JSON under its event, bookmaker and market, each
 * event's JSON without its prices or its books' update times (its bookmakers, each with its markets' keys in order),
 * its books' update times, and the events' order. A poll then rewrites the markets that changed, not the board, and a
 * poll of some events touches those events only; a moved price moves its book's update time, which rewrites the
 * event's times, not its skeleton.
 */
const ORDER_FIELD = 'order';
const eventField = (id: string) => `e\t${id}`;
const timesField = (id: string) => `t\t${id}`;
const marketField = (id: string, book: string, market: string) => `m\t${id}\t${book}\t${market}`;

/** The fields that make `events` from the board stored as `basis` (null: nothing stored; the hash is replaced). */
export interface BoardFieldWrites {
  replace: boolean;
  set: Array<[field: string, value: string]>;
  delete: string[];
}

type Skeleton = Omit<BoardEvent, 'bookmakers'> & {
  bookmakers: Array<Omit<BoardBookmaker, 'markets'> & { markets: string[] }>;
};

/**
 * The event without its prices or its books' update times: a book's `last_update` is kept in its place, empty (so the
 * book reads back with its fields in their order), and the times go in the event's times field.
 */
function skeleton(event: BoardEvent): Skeleton {
  return {
    ...event,
    bookmakers: event.bookmakers.map((book) => ({ ...book, last_update: '', markets: book.markets.map((m) => m.key) })),
  };
}

/** The event's books' update times, in order. */
const bookTimes = (event: BoardEvent) => JSON.stringify(event.bookmakers.map((book) => book.last_update));

function sameBookTimes(a: BoardEvent, b: BoardEvent): boolean {
  return a.bookmakers.every((book, i) => book.last_update === b.bookmakers[i].last_update);
}

/** Whether a market's content is the same: its quote (sameQuote) and its update time, which the stored field holds too. */
function sameMarket(a: BoardMarket, b: BoardMarket): boolean {
  return a.last_update === b.last_update && sameQuote(a, b);
}

function sameSkeleton(a: BoardEvent, b: BoardEvent): boolean {
  if (a.bookmakers.length !== b.bookmakers.length || !sameFieldsBut(a, b, 'bookmakers')) return false;
  return a.bookmakers.every((book, i) => {
    const other = b.bookmakers[i];
    // a book the poll kept is the very object stored (UnmovedMarkets): its fields and markets' keys are the same
    return (
      book === other ||
      (sameFieldsBut(book, other, 'markets', 'last_update') &&
        book.markets.length === other.markets.length &&
        book.markets.every((m, j) => m.key === other.markets[j].key))
    );
  });
}

function* marketFields(event: BoardEvent): Generator<[field: string, market: BoardMarket]> {
  for (const book of event.bookmakers)
    for (const market of book.markets) yield [marketField(event.id, book.key, market.key), market];
}

/**
 * The markets of `event` whose content changed from `old`'s (a price, a line, an update time, a link), to `set`, and
 * the fields of `old`'s markets it no longer has, to `deleted`. Matched by book and market key, a field named only when
 * it is written: a book the poll kept unmoved is the very object stored, and a sweep's moved games keep most of theirs.
 */
function marketWrites(event: BoardEvent, old: BoardEvent, set: Array<[string, string]>, deleted: string[]): void {
  const oldBooks = pairedByKey(event.bookmakers, old.bookmakers);
  for (let i = 0; i < event.bookmakers.length; i++) {
    const book = event.bookmakers[i];
    const oldBook = oldBooks.old[i];
    if (oldBook === book) continue;
    const oldMarkets = new Map(oldBook?.markets.map((market) => [market.key, market]));
    for (const market of book.markets) {
      const oldMarket = oldMarkets.get(market.key);
      oldMarkets.delete(market.key);
      // a market the poll kept unmoved is the very object stored (UnmovedMarkets): not compared again
      if (oldMarket !== market && (!oldMarket || !sameMarket(market, oldMarket)))
        set.push([marketField(event.id, book.key, market.key), JSON.stringify(market)]);
    }
    for (const key of oldMarkets.keys()) deleted.push(marketField(event.id, book.key, key));
  }
  for (const gone of oldBooks.gone)
    for (const market of gone.markets) deleted.push(marketField(event.id, gone.key, market.key));
}

/**
 * The writes that turn the stored `basis` into `events`: an event that is the very object it was is not read, and of
 * the others only the markets whose content changed (a price, a line, an update time, a link) are written again.
 */
export function boardFieldWrites(events: readonly BoardEvent[], basis: readonly BoardEvent[] | null): BoardFieldWrites {
  const set: Array<[string, string]> = [];
  const deleted: string[] = [];
  const { changed, removed, sameOrder } = boardChanges(basis ?? [], events);
  if (!basis || !sameOrder) set.push([ORDER_FIELD, JSON.stringify(events.map((e) => e.id))]);
  for (const { event, old } of changed) {
    // the times go with every skeleton written: one stored before they had their own field holds them itself
    const newSkeleton = !old || !sameSkeleton(event, old);
    if (newSkeleton) set.push([eventField(event.id), JSON.stringify(skeleton(event))]);
    if (newSkeleton || (old && !sameBookTimes(event, old))) set.push([timesField(event.id), bookTimes(event)]);
    if (old) marketWrites(event, old, set, deleted);
    else for (const [field, market] of marketFields(event)) set.push([field, JSON.stringify(market)]);
  }
  for (const gone of removed)
    deleted.push(eventField(gone.id), timesField(gone.id), ...[...marketFields(gone)].map(([field]) => field));
  return { replace: !basis, set, delete: deleted };
}

/** The events of a board stored by market (null when nothing is stored). */
export function eventsFromFields(fields: Record<string, string>): BoardEvent[] | null {
  const order = fields[ORDER_FIELD];
  if (!order) return null;
  return (JSON.parse(order) as string[]).map((id) => {
    const event = JSON.parse(fields[eventField(id)]) as Skeleton;
    // a skeleton stored before the times had their own field holds them itself
    const storedTimes = fields[timesField(id)];
    const times = storedTimes === undefined ? null : (JSON.parse(storedTimes) as string[]);
    event.bookmakers.forEach((book, i) => {
      if (times) book.last_update = times[i];
      (book as unknown as BoardBookmaker).markets = book.markets.map(
        (key) => JSON.parse(fields[marketField(id, book.key, key)]) as BoardMarket,
      );
    });
    return event as unknown as BoardEvent;
  });
}
