import { Inject, Injectable } from '@nestjs/common';
import type { NotNull, Transaction } from 'kysely';
import { PRICE_RECORD_FIELDS, type PriceRecord } from '@oddspulse/shared';
import { Database, KYSELY } from '../database/database.module';
import type { DB } from '../database/schema';
import type { HistoryEntry } from './odds-history-outbox.repository';

/** Rows per INSERT: 11 parameters each stays well under PostgreSQL's 65,535-parameter limit. */
const BATCH_SIZE = 2000;

function row(sport: string, r: PriceRecord, recordedAt: Date) {
  return {
    sport_key: sport,
    event_id: r.event_id,
    bookmaker_key: r.bookmaker_key,
    bookmaker_title: r.bookmaker_title,
    market_key: r.market_key,
    outcome_name: r.outcome_name,
    description: r.description,
    price: r.price,
    point: r.point,
    last_update: r.last_update,
    recorded_at: recordedAt,
  };
}

/** The most rows `find` reads of one event: a game's line movement is one answer, however long its history. */
export const ODDS_HISTORY_LIMIT = 20_000;

/** The rows of one event `find` reads: of these markets and bookmakers (none: every one), at most `limit`. */
export interface OddsHistoryFilter {
  sport: string;
  eventId: string;
  markets?: string[];
  bookmakers?: string[];
  limit?: number;
}

/** One event's history as read: its rows in time order, and whether older rows were left out (`truncated`). */
export interface OddsHistoryRead {
  rows: OddsHistoryRow[];
  truncated: boolean;
}

/** A price record of one event as stored: its times as dates, and when it was recorded. */
export interface OddsHistoryRow extends Omit<PriceRecord, 'event_id' | 'last_update'> {
  last_update: Date;
  recorded_at: Date;
}

/** A closing price: a history row with a price (never a withdrawal). */
export interface ClosingRow extends OddsHistoryRow {
  price: number;
}

/** The columns of an `OddsHistoryRow` (a price record's but its event's, and when recorded), read by both the history and the closing-line queries. */
const HISTORY_ROW_COLUMNS = [
  ...PRICE_RECORD_FIELDS.filter((field): field is Exclude<typeof field, 'event_id'> => field !== 'event_id'),
  'recorded_at' as const,
];

@Injectable()
export class OddsHistoryRepository {
  constructor(@Inject(KYSELY) private readonly db: Database) {}

  /** Appends the price changes of one poll, in batches. */
  async insertChanges(
    sport: string,
    records: readonly PriceRecord[],
    recordedAt: Date,
    trx?: Transaction<DB>,
  ): Promise<number> {
    return this.insertRows(
      trx ?? this.db,
      records.map((r) => row(sport, r, recordedAt)),
    );
  }

  private async insertRows(
    db: Database | Transaction<DB>,
    rows: ReadonlyArray<ReturnType<typeof row>>,
  ): Promise<number> {
    for (let start = 0; start < rows.length; start += BATCH_SIZE)
      await db
        .insertInto('odds_history')
        .values(rows.slice(start, start + BATCH_SIZE))
        .execute();
    return rows.length;
  }

  /**
   * Stores outbox entries in one transaction, each at most once: an entry's id is recorded with its rows, so one
   * delivered again (its writer died before acknowledging it) writes nothing. Returns the rows written.
   */
  async storeEntries(entries: readonly HistoryEntry[]): Promise<number> {
    if (!entries.length) return 0;
    return this.db.transaction().execute(async (trx) => {
      const fresh = await trx
        .insertInto('odds_history_entries')
        .values(entries.map((e) => ({ entry_id: e.id })))
        .onConflict((oc) => oc.column('entry_id').doNothing())
        .returning('entry_id')
        .execute();
      const ids = new Set(fresh.map((r) => r.entry_id));
      // The rows of every entry together: one INSERT per BATCH_SIZE rows, however the polls cut them.
      return this.insertRows(
        trx,
        entries.filter((e) => ids.has(e.id)).flatMap((e) => e.records.map((r) => row(e.sport, r, e.recordedAt))),
      );
    });
  }

  /** Forgets the ids of entries stored before `before`: an entry is acknowledged seconds after it is stored. */
  async pruneEntries(before: Date): Promise<number> {
    const result = await this.db.deleteFrom('odds_history_entries').where('stored_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * One event's history in time order, optionally for some markets and bookmakers (spec 002 §7). A history longer than
   * `limit` keeps its newest rows (the prices now and at the close, which line movement reads), and says it was cut.
   */
  async find(query: OddsHistoryFilter): Promise<OddsHistoryRead> {
    const limit = query.limit ?? ODDS_HISTORY_LIMIT;
    let q = this.db
      .selectFrom('odds_history')
      .select(HISTORY_ROW_COLUMNS)
      .where('sport_key', '=', query.sport)
      .where('event_id', '=', query.eventId);
    if (query.markets?.length) q = q.where('market_key', 'in', query.markets);
    if (query.bookmakers?.length) q = q.where('bookmaker_key', 'in', query.bookmakers);
    // one row past the limit tells whether any was left out
    const newest = await q
      .orderBy('recorded_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    return { rows: newest.slice(0, limit).reverse(), truncated: newest.length > limit };
  }

  /**
   * Each bookmaker's last price and line before a time for one event's game markets: the closing line
   * (CLV). One row per bookmaker, market, outcome and line. An outcome the book took down since its last price (a
   * withdrawal recorded after it, before the time) has no close: the steam grade (DECISIONS 34) and a pick's CLV read
   * these rows, and a price two days old is not the line at the start.
   */
  closingPrices(sport: string, eventId: string, before: Date): Promise<ClosingRow[]> {
    return this.db
      .selectFrom('odds_history as h')
      .select(HISTORY_ROW_COLUMNS)
      .distinctOn(['bookmaker_key', 'market_key', 'outcome_name', 'point'])
      .where('sport_key', '=', sport)
      .where('event_id', '=', eventId)
      .where('market_key', 'in', ['h2h', 'spreads', 'totals'])
      .where('recorded_at', '<=', before)
      .where('price', 'is not', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('odds_history as w')
              .select('w.recorded_at')
              .whereRef('w.sport_key', '=', 'h.sport_key')
              .whereRef('w.event_id', '=', 'h.event_id')
              .whereRef('w.market_key', '=', 'h.market_key')
              .whereRef('w.bookmaker_key', '=', 'h.bookmaker_key')
              .whereRef('w.outcome_name', '=', 'h.outcome_name')
              .whereRef('w.description', '=', 'h.description')
              .whereRef('w.recorded_at', '>=', 'h.recorded_at')
              .where('w.recorded_at', '<=', before)
              .where('w.price', 'is', null),
          ),
        ),
      )
      .orderBy('bookmaker_key')
      .orderBy('market_key')
      .orderBy('outcome_name')
      .orderBy('point')
      .orderBy('recorded_at', 'desc')
      .$narrowType<{ price: NotNull }>()
      .execute();
  }
}
