import { boardChanges } from '../../domain/board-changes';
import type { BoardEvent, EventHeader } from '../../domain/odds';
import type { ScanResult } from '../../domain/opportunities';
import { commissionOf, DEFAULT_COMMISSIONS, LOWEST_COMMISSIONS, type CommissionRates } from '../odds/commission';
import { IsoTimes } from '../odds/iso-time';
import { ColumnPool, type PreparedEvent } from './prepared-columns';
import { prepareEvent, releaseEvent, repricedEvent, repriceEvent } from './prepared-event';
import { clockChangeAfter, scanPreparedEvent } from './prepared-scan';
import { addScan, scanSettings, sortScan, type ScanOptions } from '../opportunities/scan';
import type { ScanSettings } from './prepared-scan';
import { withArbitrageBelowRates } from '../opportunities/opportunities-for-user';

interface Entry {
  prepared: PreparedEvent;
  /**
   * The event read at the lowest rates a user may set, when the board finds arbitrage below its rates and one of
   * the event's books charges more than that; null otherwise.
   */
  atLowest: PreparedEvent | null;
  /**
   * The event as read (the board's own object, which the board it mirrors holds too): a refresh without a price move (a
   * market's last_update written anew) re-reads the event, and a move of prices alone is taken from what was read
   * (repricedEvent). Its books that are the very objects the board holds now were read as they are.
   */
  source: BoardEvent;
}

/**
 * A board kept prepared (see PreparedEvent): each event is read into columns when it arrives or changes, and
 * scanning it, or the whole board, only applies the clock and the finders. The detection worker holds one per
 * board and sport and brings it up to date with each poll.
 */
export class PreparedBoard {
  private readonly events = new Map<string, Entry>();
  /**
   * The events `load` or `update` last brought the board to, each read from that very object or found to hold what was
   * read (see staleEvents' `mirrored`); null once an event is read apart from them.
   */
  private mirrored: readonly BoardEvent[] | null = null;
  /** The events' column buffers: an event read again, or gone, gives its buffers back for the next event read. */
  private readonly pool = new ColumnPool();
  /** The markets' update times as read: an event read again has most of its markets' times read before. */
  private readonly times = new IsoTimes();

  /**
   * `rates`: the commission each exchange's prices are read with (commission.ts); a scan's own
   * `options.commission` is not read, as the prices were read once, with these. `options.belowRates` (detection): an event
   * with a book charging commission is also read at the lowest rates a user may set, and the arbitrages found only
   * there join its scan, priced at `rates` and marked (withArbitrageBelowRates), so a user who pays less than the
   * published rate is shown the arbitrages their rate makes.
   */
  constructor(
    private readonly rates: CommissionRates = DEFAULT_COMMISSIONS,
    private readonly options: { belowRates?: boolean } = {},
  ) {}

  get size(): number {
    return this.events.size;
  }

  has(eventId: string): boolean {
    return this.events.has(eventId);
  }

  /** Reads every event of the board afresh, dropping any other. */
  load(events: readonly BoardEvent[]): void {
    for (const entry of this.events.values()) this.release(entry);
    this.events.clear();
    for (const event of events) this.read(event);
    this.mirrored = events;
  }

  /**
   * Brings the board to `events`. The events of `changedIds` (a poll's diff: prices, lines, outcomes, markets
   * or books changed) are read again; so are the others whose header or market times changed (a diff does
   * not list a book's refreshed last_update, which can reopen a price the locked-market age had closed, nor a
   * game marked finished); events no longer on the board are dropped. Books' titles and links are kept as
   * they were when the event was last read. Answers the ids read again.
   */
  update(events: readonly BoardEvent[], changedIds: readonly string[]): string[] {
    const stale = this.staleEvents(events, changedIds, this.mirrored);
    for (const event of stale) this.read(event);
    this.mirrored = events;
    return stale.map((event) => event.id);
  }

  /**
   * The first half of `update`, for a caller that reads them in parts (`read`, each): drops the events no longer on
   * the board, and answers those of `events` that `update` reads again (every one, on a board that holds none yet).
   * `mirrored`: the events the board holds, each as read from that very object or found to hold what was read (the
   * events of the last `staleEvents`, once every event it answered was read): the board is walked beside them, and
   * only the games that are not those very objects are looked at (a stream's batch changes one or a few of many).
   */
  staleEvents(
    events: readonly BoardEvent[],
    changedIds: readonly string[],
    mirrored: readonly BoardEvent[] | null = null,
  ): BoardEvent[] {
    const changed = new Set(changedIds);
    // beside the events it mirrors, only the games that are not those very objects; without them, every game
    const { changed: moved, removed } = mirrored
      ? boardChanges(mirrored, events)
      : { changed: events.map((event) => ({ event })), removed: this.absentFrom(events) };
    for (const { id } of removed) {
      const entry = this.events.get(id);
      if (!entry) continue;
      this.events.delete(id);
      this.release(entry);
    }
    const stale: BoardEvent[] = [];
    for (const { event } of moved) {
      const entry = this.events.get(event.id);
      if (entry && !changed.has(event.id) && sameHeader(entry.prepared.header, event) && sameTimes(event, entry.source))
        continue;
      stale.push(event);
    }
    return stale;
  }

  /** The events the board holds whose id `events` does not list. */
  private absentFrom(events: readonly BoardEvent[]): Array<{ id: string }> {
    const present = new Set(events.map((event) => event.id));
    return [...this.events.keys()].filter((id) => !present.has(id)).map((id) => ({ id }));
  }

  /** Reads one event afresh, in place of what the board held of it. */
  read(event: BoardEvent): void {
    this.mirrored = null;
    const held = this.events.get(event.id);
    this.events.set(event.id, (held && this.repriced(held, event)) ?? this.entryOf(event));
    // given back once replaced: the event's next reading, or another event's, takes them
    if (held) this.release(held);
  }

  /** The opportunities of one event (none when it is not on the board). */
  scanEvent(eventId: string, options: ScanOptions = {}, now: number): ScanResult {
    const entry = this.events.get(eventId);
    return entry ? this.scanEntry(entry, scanSettings(options), now) : { arbitrage: [], middles: [], ev: [] };
  }

  /**
   * The first time after `now` at which the clock alone changes what scanEvent finds for the event (clockChangeAfter:
   * its start, a price passing the locked-market age); Infinity when the board does not hold it or none will.
   */
  clockChangeAfter(eventId: string, now: number): number {
    const entry = this.events.get(eventId);
    return entry ? clockChangeAfter(entry.prepared, now) : Infinity;
  }

  /** Every event (in the order they were first added), sorted as scanBoard sorts. */
  scan(options: ScanOptions = {}, now: number): ScanResult {
    const settings = scanSettings(options);
    const result: ScanResult = { arbitrage: [], middles: [], ev: [] };
    for (const entry of this.events.values()) addScan(result, this.scanEntry(entry, settings, now));
    return sortScan(result);
  }

  private scanEntry(entry: Entry, settings: ScanSettings, now: number): ScanResult {
    const found = scanPreparedEvent(entry.prepared, settings, now);
    if (entry.atLowest === null) return found;
    // only arbitrage is found below the published rates: the lowest-rate pass finds nothing else
    const atLowest = scanPreparedEvent(entry.atLowest, settings, now, 'arbitrage').arbitrage;
    return { ...found, arbitrage: withArbitrageBelowRates(found.arbitrage, atLowest, this.rates) };
  }

  private entryOf(event: BoardEvent): Entry {
    // the lowest rate is 0 at every exchange: only a book that charges more reads differently there
    const charged =
      this.options.belowRates === true && event.bookmakers.some((b) => commissionOf(b.key, this.rates) > 0);
    const prepared = prepareEvent(event, this.rates, this.pool, this.times);
    return {
      prepared,
      atLowest: charged ? repriceEvent(prepared, LOWEST_COMMISSIONS, this.pool) : null,
      source: event,
    };
  }

  /** `event`'s entry made from `held`'s when only prices and update times moved (repricedEvent); null: read it. */
  private repriced(held: Entry, event: BoardEvent): Entry | null {
    if (!sameHeader(held.prepared.header, event)) return null;
    const prepared = repricedEvent(held.prepared, held.source, event, this.rates, this.pool, this.times);
    if (!prepared) return null;
    // the same books: charged at the lowest rates as they were, the groups that did not move keeping those lines
    const atLowest = held.atLowest && repriceEvent(prepared, LOWEST_COMMISSIONS, this.pool, held.atLowest);
    return { prepared, atLowest, source: event };
  }

  /** Gives an entry's buffers back, the entry no longer on the board: scans read only what the board holds. */
  private release(entry: Entry): void {
    releaseEvent(entry.prepared, this.pool);
    if (entry.atLowest) releaseEvent(entry.atLowest, this.pool);
  }
}

function sameHeader(header: EventHeader, event: BoardEvent): boolean {
  return (
    header.commence_time === event.commence_time &&
    header.completed === event.completed &&
    header.home_team === event.home_team &&
    header.away_team === event.away_team &&
    header.sport_key === event.sport_key &&
    header.sport_title === event.sport_title
  );
}

/** Whether each market of `event` has the update time `source`'s has in its place (its very book: all of them). */
function sameTimes(event: BoardEvent, source: BoardEvent): boolean {
  if (event.bookmakers.length !== source.bookmakers.length) return false;
  for (let b = 0; b < event.bookmakers.length; b++) {
    const book = event.bookmakers[b];
    const read = source.bookmakers[b];
    if (book === read) continue;
    if (book.markets.length !== read.markets.length) return false;
    for (let m = 0; m < book.markets.length; m++)
      if (book.markets[m].last_update !== read.markets[m].last_update) return false;
  }
  return true;
}
