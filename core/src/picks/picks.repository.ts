import { Inject, Injectable } from '@nestjs/common';
import { sql, type Insertable, type Selectable, type Transaction, type Updateable } from 'kysely';
import { lockUntilCommit } from '../database/advisory-locks';
import { Database, KYSELY } from '../database/database.module';
import type { PickSort, PickStreaks, PickTotals, UnsettledCode, UserPick } from '@oddspulse/shared';
import type { DB, Picks } from '../database/schema';

export type PickRow = Selectable<Picks>;
export type NewPickRow = Insertable<Picks>;

/**
 * Rows per INSERT of an import: well under PostgreSQL's bind-parameter limit (~20 columns each), and small enough that
 * building one statement and its parameters holds the event loop only a few ms (1,000 rows took ~25 ms).
 */
export const PICKS_IMPORT_CHUNK = 250;
/** A picks row as the API and the settlement worker speak of it (spec 002 §3): dates as ISO text, money in cents. */
export function toPick(row: PickRow): UserPick {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: row.id,
    game: row.game,
    league: row.league,
    sport: row.sport,
    market: row.market,
    selection: row.selection,
    odds: row.odds,
    bookmaker: row.bookmaker,
    stakeCents: row.stake_cents,
    potentialCents: row.potential_cents,
    actualPayoutCents: row.actual_payout_cents,
    status: row.status,
    type: row.type,
    edge: row.edge,
    note: row.note,
    eventId: row.event_id,
    commenceTime: iso(row.commence_time),
    dateAdded: row.date_added.toISOString(),
    settledDate: iso(row.settled_date),
    validatedAt: iso(row.validated_at),
    validatedBy: row.validated_by,
    validationConfidence: row.validation_confidence,
    espnGameId: row.espn_game_id,
    closingOdds: row.closing_odds,
    clv: row.clv,
    unsettledReason:
      row.status === 'pending' && row.unsettled_reason
        ? {
            code: row.unsettled_reason,
            ...(row.unsettled_games ? { games: row.unsettled_games } : {}),
            ...(row.unsettled_reason === 'unsupported_league' ? { league: row.league } : {}),
          }
        : null,
  };
}

export interface PickQuery {
  since?: Date;
  status?: PickRow['status'];
}

/**
 * Where a page of picks starts: just after the pick with these values of the sort's key (null for the date sort),
 * date added (to the microsecond, as PostgreSQL keeps it) and id.
 */
export interface PickPosition {
  key: string | null;
  at: string;
  id: string;
}

export interface PickPageQuery extends PickQuery {
  sort: PickSort;
  after: PickPosition | null;
  limit: number;
}

/** A pick row and its position in its sort (the next page's start when it is a page's last). */
export type PositionedPickRow = PickRow & { position: PickPosition };

/** A decided pick's profit as the profit sort reads it: a pending one counts as breaking even. */
const PROFIT = sql<string>`(CASE WHEN status = 'pending' THEN 0 ELSE actual_payout_cents - stake_cents END)::text`;
/** The decimal price of a pick's American odds, 0 when they are not readable (parseAmerican): the odds sort's key. */
const DECIMAL_ODDS = sql<string>`(CASE
  WHEN odds !~ '^\s*[+-]?[0-9]+(\.[0-9]+)?\s*$' THEN 0
  WHEN trim(odds)::numeric >= 100 THEN 1 + trim(odds)::numeric / 100
  WHEN trim(odds)::numeric <= -100 THEN 1 + 100 / abs(trim(odds)::numeric)
  ELSE 0 END)::text`;
/** Each sort's key and its direction: most profitable, best priced first; leagues A to Z. */
const SORT_KEYS: Record<Exclude<PickSort, 'date'>, { key: typeof PROFIT; order: 'asc' | 'desc'; numeric: boolean }> = {
  profit: { key: PROFIT, order: 'desc', numeric: true },
  odds: { key: DECIMAL_ODDS, order: 'desc', numeric: true },
  sport: { key: sql<string>`league`, order: 'asc', numeric: false },
};
/** date_added to the microsecond, in UTC: a page's position must not lose what JavaScript's Date would. */
const AT = sql<string>`to_char(date_added AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
const AT_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
/** A numeric as PostgreSQL writes it (the profit and odds sorts' keys): no exponent, no NaN. */
const NUMERIC_TEXT = /^-?\d+(?:\.\d+)?$/;

/**
 * Whether `position` is one `page` could have given for `sort`: the sort's key as the sort writes it (none for the
 * date sort, a decimal for a numeric key, text without NUL), and a real time as AT writes it (years 1 to 9999, every
 * field in its calendar range). A made-up position is refused by its reader, not by a cast failing in PostgreSQL.
 */
export function isPickPosition(sort: PickSort, position: Omit<PickPosition, 'id'>): boolean {
  const { key, at } = position;
  const sorted = sort === 'date' ? null : SORT_KEYS[sort];
  const keyFits = !sorted
    ? key === null
    : key !== null && (sorted.numeric ? NUMERIC_TEXT.test(key) : !key.includes('\0'));
  if (!keyFits || !AT_TEXT.test(at)) return false;
  // to the millisecond, a time Date reads back unchanged is a real one (2024-02-30 reads back as March 1)
  const time = new Date(`${at.slice(0, 23)}Z`);
  return !Number.isNaN(time.getTime()) && time.getUTCFullYear() >= 1 && time.toISOString() === `${at.slice(0, 23)}Z`;
}

/** Thin data access for picks; every write that settles a pick only touches pending rows. */
@Injectable()
export class PicksRepository {
  constructor(@Inject(KYSELY) private readonly db: Database) {}

  transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /**
   * Holds the user's lock on adding picks until `trx` ends, and answers how many picks the user has: each write that adds
   * picks takes it first, so two at once cannot both pass the plan's limit (PICKS_PER_PLAN).
   */
  async lockForAdding(userId: string, trx: Transaction<DB>): Promise<number> {
    await lockUntilCommit(trx, 'picks', userId);
    const row = await trx
      .selectFrom('picks')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * One page of the user's picks in the order of `sort` (its key, then newest first, then by id), starting after
   * `after`: keyset pagination, so a page costs the same however deep it is and a pick added meanwhile moves nothing.
   */
  async page(userId: string, query: PickPageQuery): Promise<PositionedPickRow[]> {
    const sorted = query.sort === 'date' ? null : SORT_KEYS[query.sort];
    const key = sorted?.key ?? sql<string | null>`NULL`;
    let select = this.db
      .selectFrom('picks')
      .selectAll()
      .select([key.as('position_key'), AT.as('position_at')])
      .where('user_id', '=', userId);
    if (query.since) select = select.where('date_added', '>=', query.since);
    if (query.status) select = select.where('status', '=', query.status);
    const after = query.after;
    if (after) {
      const at = sql`(${after.at}::timestamp AT TIME ZONE 'UTC')`;
      const laterDate = sql<boolean>`(date_added, id) < (${at}, ${after.id}::uuid)`;
      if (!sorted) select = select.where(laterDate);
      else {
        const value = sorted.numeric ? sql`${after.key}::numeric` : sql`${after.key}`;
        const keyExpr = sorted.numeric ? sql`${sorted.key}::numeric` : sorted.key;
        const past = sorted.order === 'desc' ? sql`${keyExpr} < ${value}` : sql`${keyExpr} > ${value}`;
        select = select.where(sql<boolean>`(${past} OR (${keyExpr} = ${value} AND ${laterDate}))`);
      }
    }
    if (sorted) select = select.orderBy(sorted.numeric ? sql`${sorted.key}::numeric` : sorted.key, sorted.order);
    const rows = await select.orderBy('date_added', 'desc').orderBy('id', 'desc').limit(query.limit).execute();
    return rows.map(({ position_key, position_at, ...row }) => ({
      ...row,
      position: { key: position_key, at: position_at, id: row.id },
    }));
  }

  /** The statistics' sums of the user's picks added since `since`, by month, league, book, market and status (PickTotals). */
  async statsTotals(userId: string, since: Date | undefined): Promise<PickTotals[]> {
    let select = this.db
      .selectFrom('picks')
      .select([
        sql<string>`to_char(date_added AT TIME ZONE 'UTC', 'YYYY-MM')`.as('month'),
        sql<string>`coalesce(nullif(league, ''), 'Other')`.as('league'),
        sql<string>`coalesce(nullif(bookmaker, ''), 'Other')`.as('book'),
        sql<string>`coalesce(nullif(market, ''), 'Other')`.as('market'),
        'status',
        sql<string>`count(*)`.as('bets'),
        sql<string>`sum(stake_cents)`.as('staked'),
        sql<string>`coalesce(sum(actual_payout_cents), 0)`.as('returns'),
        sql<string>`coalesce(sum(edge), 0)`.as('edge_sum'),
        sql<string>`count(edge)`.as('edge_count'),
        sql<string>`coalesce(sum(clv), 0)`.as('clv_sum'),
        sql<string>`count(clv)`.as('clv_count'),
        sql<string>`count(*) FILTER (WHERE clv > 0)`.as('beat_close'),
      ])
      .where('user_id', '=', userId);
    if (since) select = select.where('date_added', '>=', since);
    const rows = await select.groupBy([sql`1`, sql`2`, sql`3`, sql`4`, 'status']).execute();
    return rows.map((row) => ({
      month: row.month,
      league: row.league,
      book: row.book,
      market: row.market,
      status: row.status,
      bets: Number(row.bets),
      stakedCents: Number(row.staked),
      returnsCents: Number(row.returns),
      edgeSum: Number(row.edge_sum),
      edgeCount: Number(row.edge_count),
      clvSum: Number(row.clv_sum),
      clvCount: Number(row.clv_count),
      beatCloseCount: Number(row.beat_close),
    }));
  }

  /**
   * The streaks of the user's won and lost picks added since `since`, in the order they were settled (PickStreaks): the
   * runs of equal results are counted in the database (a run is a stretch where a pick's place among all and among
   * its own result advance together).
   */
  async statsStreaks(userId: string, since: Date | undefined): Promise<PickStreaks> {
    const settled = sql`coalesce(settled_date, validated_at, date_added), date_added DESC, id`;
    const runs = await sql<{ status: 'won' | 'lost'; run: string; last: string }>`
      WITH decided AS (
        SELECT status,
          row_number() OVER (ORDER BY ${settled}) AS place,
          row_number() OVER (PARTITION BY status ORDER BY ${settled}) AS place_in_result
        FROM picks
        WHERE user_id = ${userId} AND status IN ('won', 'lost') ${since ? sql`AND date_added >= ${since}` : sql``}
      )
      SELECT status, count(*) AS run, max(place) AS last FROM decided GROUP BY status, place - place_in_result
    `.execute(this.db);
    let best = 0;
    let latest: { status: 'won' | 'lost'; run: number; last: number } | null = null;
    for (const row of runs.rows) {
      const run = { status: row.status, run: Number(row.run), last: Number(row.last) };
      if (run.status === 'won') best = Math.max(best, run.run);
      if (!latest || run.last > latest.last) latest = run;
    }
    return {
      best,
      current: latest?.run ?? 0,
      type: latest ? (latest.status === 'won' ? 'win' : 'loss') : null,
    };
  }

  find(userId: string, id: string): Promise<PickRow | undefined> {
    return this.db
      .selectFrom('picks')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  create(row: NewPickRow, trx?: Transaction<DB>): Promise<PickRow> {
    return (trx ?? this.db).insertInto('picks').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** Settles a pick if, and only if, it is still pending; undefined when it was not. A settled pick has no unsettled reason. */
  settle(id: string, changes: Updateable<Picks>, userId?: string): Promise<PickRow | undefined> {
    let update = this.db
      .updateTable('picks')
      .set({ ...changes, unsettled_reason: null, unsettled_games: null, updated_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'pending');
    if (userId) update = update.where('user_id', '=', userId);
    return update.returningAll().executeTakeFirst();
  }

  /** The users with a settled pick still owed its `picks.settled` push (`announce_pending`, migration 0014). */
  async usersOwedAnnouncement(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('picks')
      .select('user_id')
      .distinct()
      .where('announce_pending', '=', true)
      .execute();
    return rows.map((row) => row.user_id);
  }

  /**
   * The user's picks still owed a push, oldest first, locked until `trx` ends. Rows another run holds are skipped
   * (SKIP LOCKED), and by the time that run commits they are announced: two settlement runs at once (a worker's
   * scheduled look-back beside a game's own job) each read every owed pick and each sent the same push.
   */
  lockUnannounced(userId: string, trx: Transaction<DB>): Promise<PickRow[]> {
    return trx
      .selectFrom('picks')
      .selectAll()
      .where('user_id', '=', userId)
      .where('announce_pending', '=', true)
      .orderBy('settled_date')
      .orderBy('id')
      .forUpdate()
      .skipLocked()
      .execute();
  }

  /** The push for these picks was sent. */
  async markAnnounced(ids: readonly string[], trx: Transaction<DB>): Promise<void> {
    if (!ids.length) return;
    await trx
      .updateTable('picks')
      .set({ announce_pending: false })
      .where('id', 'in', ids)
      .where('announce_pending', '=', true)
      .execute();
  }

  /** Sets the stake (and the payout it implies) of the user's pick if, and only if, it is still pending; undefined otherwise. */
  setStake(
    userId: string,
    id: string,
    stakeCents: number,
    potentialCents: number | null,
  ): Promise<PickRow | undefined> {
    return this.db
      .updateTable('picks')
      .set({ stake_cents: stakeCents, potential_cents: potentialCents, updated_at: new Date() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('picks')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Pending picks added since a date, across users (the settlement worker's look-back window). */
  pendingSince(since: Date | null, userId?: string): Promise<PickRow[]> {
    let select = this.db.selectFrom('picks').selectAll().where('status', '=', 'pending');
    if (since) select = select.where('date_added', '>=', since);
    if (userId) select = select.where('user_id', '=', userId);
    return select.orderBy('date_added').execute();
  }

  /** Pending picks that settle against one sport (by their sport key, or by a league text naming it), added since a time. */
  pendingForSport(sport: string, leagueNames: readonly string[], since: Date | null): Promise<PickRow[]> {
    let select = this.db
      .selectFrom('picks')
      .selectAll()
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('sport', '=', sport), eb(eb.fn('upper', ['league']), 'in', leagueNames)]));
    if (since) select = select.where('date_added', '>=', since);
    return select.orderBy('date_added').execute();
  }

  /**
   * Records why a pending pick is not settled; a no-op when it already says so, so the settlement runs
   * do not rewrite every pending pick. True when the reason changed.
   */
  async markUnsettled(id: string, reason: { code: UnsettledCode; games?: number } | null): Promise<boolean> {
    const code = reason?.code ?? null;
    const games = reason?.code === 'ambiguous' ? (reason.games ?? null) : null;
    const result = await this.db
      .updateTable('picks')
      .set({ unsettled_reason: code, unsettled_games: games, updated_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where((eb) =>
        eb.or([eb('unsettled_reason', 'is distinct from', code), eb('unsettled_games', 'is distinct from', games)]),
      )
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Records a closing line once: a later call does not overwrite the first close. */
  async recordClose(id: string, closingOdds: number, clv: number): Promise<void> {
    await this.db
      .updateTable('picks')
      .set({ closing_odds: closingOdds, clv, updated_at: new Date() })
      .where('id', '=', id)
      .where('closing_odds', 'is', null)
      .execute();
  }

  /**
   * Runs the import of one browser list in a transaction and records it in pick_imports: the picks the user's browser
   * lists have added and skipped so far, and when the latest came. Each browser keeps its own list (DECISIONS 18), so
   * every list is imported, the work skipping the picks the user already has.
   */
  importBrowserList<T extends { imported: number; skipped: number }>(
    userId: string,
    work: (trx: Transaction<DB>) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const outcome = await work(trx);
      await trx
        .insertInto('pick_imports')
        .values({ user_id: userId, imported: outcome.imported, skipped: outcome.skipped })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            imported: sql`pick_imports.imported + excluded.imported`,
            skipped: sql`pick_imports.skipped + excluded.skipped`,
            imported_at: sql`now()`,
          }),
        )
        .execute();
      return outcome;
    });
  }

  /**
   * One chunk of a CSV import, set-based, in the import's one transaction: the rows whose import key (client_id) the
   * user does not already have, as a client id or as a pick's own id (an export names a pick without one by its id),
   * inserted in one statement; a key repeated within the chunk counts once. Answers how many were inserted.
   */
  async importChunk(userId: string, rows: NewPickRow[], trx: Transaction<DB>): Promise<number> {
    const keys = rows.map((row) => row.client_id).filter((key): key is string => typeof key === 'string');
    if (!keys.length) return 0;
    const existing = await trx
      .selectFrom('picks')
      .select(['client_id', sql<string>`id::text`.as('id')])
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('client_id', 'in', keys), eb(sql`id::text`, 'in', keys)]))
      .execute();
    const taken = new Set(existing.flatMap((row) => [row.id, row.client_id]));
    const fresh = rows.filter((row) => !taken.has(row.client_id as string));
    if (!fresh.length) return 0;
    const done = await trx
      .insertInto('picks')
      .values(fresh)
      .onConflict((oc) => oc.columns(['user_id', 'client_id']).where('client_id', 'is not', null).doNothing())
      .returning('id')
      .execute();
    return done.length;
  }

  /**
   * Inserts the rows the user does not already have by client id (a repeat within `rows` counts once); answers how
   * many were inserted. In statements of PICKS_IMPORT_CHUNK rows: one round trip per chunk instead of one per pick keeps a
   * 5,000-pick import to a few statements, within PostgreSQL's 65,535 bind parameters.
   */
  async createManyIfNew(rows: NewPickRow[], trx: Transaction<DB>): Promise<number> {
    let inserted = 0;
    for (let start = 0; start < rows.length; start += PICKS_IMPORT_CHUNK) {
      const done = await trx
        .insertInto('picks')
        .values(rows.slice(start, start + PICKS_IMPORT_CHUNK))
        .onConflict((oc) => oc.columns(['user_id', 'client_id']).where('client_id', 'is not', null).doNothing())
        .returning('id')
        .execute();
      inserted += done.length;
    }
    return inserted;
  }
}
