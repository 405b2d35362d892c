import { Inject, Injectable } from '@nestjs/common';
import { sql, type ExpressionBuilder } from 'kysely';
import type { SteamAlert, SteamGrade, SteamMarket, SteamRecordEntry, SteamRecordGroup } from '@oddspulse/shared';
import { KYSELY, type Database } from '../database/database.module';
import type { DB } from '../database/schema';
import type { SteamRecordChange } from './steam-state.repository';

export interface SteamRecordFilter {
  sport?: string;
  market?: SteamMarket;
  /**
   * The record shows an alert once it can no longer be taken: its soft books caught up (it expired) or its game had
   * started by this time. Until then it is the live list's, which is Platinum's (DECISIONS 34).
   */
  closedBy: Date;
}

/** Where a page of the record ends: the last alert's found time and id (alerts are listed newest first). */
export interface SteamRecordCursor {
  foundAt: Date;
  id: string;
}

/** A game with alerts waiting for their grade, and its start as the record holds it. */
export interface PendingSteamGame {
  sport_key: string;
  event_id: string;
  commence_time: Date;
}

/** An alert waiting for its grade: the alert as raised, and its game. */
export interface PendingSteamGrade {
  id: string;
  sport_key: string;
  event_id: string;
  commence_time: Date;
  alert: SteamAlert;
}

const ENTRY_COLUMNS = [
  'id',
  'sport_key',
  'market',
  'side',
  'commence_time',
  'found_at',
  'alert',
  'expired_at',
  'expiry',
  'grade_status',
  'closing_price',
  'clv_pct',
  'soft_moved',
  'grade_note',
] as const;

interface GroupRow {
  sport_key: string | null;
  market: SteamMarket | null;
  overall: number;
  alerts: number;
  graded: number;
  hits: number;
  avg_clv: number | null;
  soft_moved_rate: number | null;
}

function toGroup(row: GroupRow): SteamRecordGroup {
  return {
    sport: row.overall ? null : row.sport_key,
    market: row.overall ? null : row.market,
    alerts: row.alerts,
    graded: row.graded,
    hits: row.hits,
    hitRate: row.graded ? row.hits / row.graded : null,
    avgClvPct: row.avg_clv === null ? null : Math.round(row.avg_clv * 100) / 100,
    softMovedRate: row.soft_moved_rate,
  };
}

/** An alert no one can take any more by `at`: expired, or its game started (SteamRecordFilter.closedBy). */
function closed(eb: ExpressionBuilder<DB, 'steam_alerts'>, at: Date) {
  return eb.or([eb('expired_at', 'is not', null), eb('commence_time', '<=', at)]);
}

/** Every steam alert as raised, its expiry and its grade against the close (migration 0018; DECISIONS 34). */
@Injectable()
export class SteamRecordRepository {
  constructor(@Inject(KYSELY) private readonly db: Database) {}

  /**
   * Keeps what the workers' outbox carried: a raised alert once (an entry read twice changes nothing), and an expired
   * one's end.
   */
  async keep(records: readonly SteamRecordChange[]): Promise<void> {
    const row = (alert: SteamAlert) => ({
      id: alert.id,
      sport_key: alert.sport,
      event_id: alert.eventId,
      market: alert.market,
      side: alert.side,
      commence_time: alert.commenceTime,
      found_at: alert.timeFound,
      alert: JSON.stringify(alert),
      expired_at: alert.expiredAt ? new Date(alert.expiredAt) : null,
      expiry: alert.expiry ?? null,
    });
    const raised = records.filter((r) => r.change === 'raised').map((r) => row(r.alert));
    const expired = records.filter((r) => r.change === 'expired').map((r) => row(r.alert));
    await this.db.transaction().execute(async (trx) => {
      if (raised.length)
        await trx
          .insertInto('steam_alerts')
          .values(raised)
          .onConflict((oc) => oc.doNothing())
          .execute();
      if (expired.length)
        await trx
          .insertInto('steam_alerts')
          .values(expired)
          .onConflict((oc) =>
            oc.column('id').doUpdateSet((eb) => ({
              expired_at: eb.ref('excluded.expired_at'),
              expiry: eb.ref('excluded.expiry'),
            })),
          )
          .execute();
    });
  }

  /** Alerts not graded yet whose game started by `startedBy`, earliest first. */
  pendingGrades(startedBy: Date, limit = 200): Promise<PendingSteamGrade[]> {
    return this.db
      .selectFrom('steam_alerts')
      .select(['id', 'sport_key', 'event_id', 'commence_time', 'alert'])
      .where('grade_status', '=', 'pending')
      .where('commence_time', '<=', startedBy)
      .orderBy('commence_time')
      .limit(limit)
      .execute();
  }

  /** The games of the alerts not graded yet, each with the start the record holds. */
  pendingGames(): Promise<PendingSteamGame[]> {
    return this.db
      .selectFrom('steam_alerts')
      .select(['sport_key', 'event_id', 'commence_time'])
      .distinct()
      .where('grade_status', '=', 'pending')
      .execute();
  }

  /** A game's start moved (postponed, brought forward): its alerts not graded yet are graded at the new one. */
  async moveStart(sport: string, eventId: string, start: Date): Promise<void> {
    await this.db
      .updateTable('steam_alerts')
      .set({ commence_time: start })
      .where('sport_key', '=', sport)
      .where('event_id', '=', eventId)
      .where('grade_status', '=', 'pending')
      .execute();
  }

  async saveGrade(id: string, grade: SteamGrade, at: Date): Promise<void> {
    await this.db
      .updateTable('steam_alerts')
      .set(
        grade.status === 'graded'
          ? {
              grade_status: 'graded',
              graded_at: at,
              closing_probability: grade.closingProbability,
              closing_price: grade.closingPrice,
              clv_pct: grade.clvPct,
              soft_moved: grade.softMoved,
              grade_source: grade.source,
              grade_note: null,
            }
          : { grade_status: 'ungraded', graded_at: at, grade_note: grade.note },
      )
      .where('id', '=', id)
      .execute();
  }

  /** Hit rate, average CLV and how often the soft book moved, by sport and market, and over every alert. */
  async groups(filter: SteamRecordFilter): Promise<{ overall: SteamRecordGroup; groups: SteamRecordGroup[] }> {
    const rows = await this.db
      .selectFrom('steam_alerts')
      .select([
        'sport_key',
        'market',
        sql<number>`GROUPING(sport_key, market)`.as('overall'),
        sql<number>`count(*)::int`.as('alerts'),
        sql<number>`count(*) FILTER (WHERE grade_status = 'graded')::int`.as('graded'),
        sql<number>`count(*) FILTER (WHERE grade_status = 'graded' AND clv_pct > 0)::int`.as('hits'),
        sql<number | null>`avg(clv_pct) FILTER (WHERE grade_status = 'graded')::float8`.as('avg_clv'),
        sql<number | null>`avg(CASE WHEN soft_moved THEN 1 ELSE 0 END) FILTER (
          WHERE grade_status = 'graded' AND soft_moved IS NOT NULL)::float8`.as('soft_moved_rate'),
      ])
      .where((eb) => closed(eb, filter.closedBy))
      .$if(filter.sport !== undefined, (q) => q.where('sport_key', '=', filter.sport!))
      .$if(filter.market !== undefined, (q) => q.where('market', '=', filter.market!))
      .groupBy(sql`GROUPING SETS ((sport_key, market), ())`)
      .orderBy('sport_key')
      .orderBy('market')
      .execute();
    const all = rows.map(toGroup);
    const overall =
      all.find((g) => g.sport === null) ??
      toGroup({
        sport_key: null,
        market: null,
        overall: 1,
        alerts: 0,
        graded: 0,
        hits: 0,
        avg_clv: null,
        soft_moved_rate: null,
      });
    return { overall, groups: all.filter((g) => g.sport !== null) };
  }

  /** A page of the record, newest first, after `before`; one more than `limit` is read to know if another follows. */
  async entries(
    filter: SteamRecordFilter,
    limit: number,
    before: SteamRecordCursor | null,
  ): Promise<{ entries: SteamRecordEntry[]; next: SteamRecordCursor | null }> {
    const rows = await this.db
      .selectFrom('steam_alerts')
      .select(ENTRY_COLUMNS)
      .where((eb) => closed(eb, filter.closedBy))
      .$if(filter.sport !== undefined, (q) => q.where('sport_key', '=', filter.sport!))
      .$if(filter.market !== undefined, (q) => q.where('market', '=', filter.market!))
      .$if(before !== null, (q) => q.where(sql<boolean>`(found_at, id) < (${before!.foundAt}, ${before!.id})`))
      .orderBy('found_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      entries: page.map((row) => {
        const taken = row.alert.staleBooks[0];
        return {
          id: row.id,
          sport: row.sport_key,
          game: row.alert.game,
          commenceTime: row.commence_time.toISOString(),
          market: row.market,
          side: row.side,
          originBook: row.alert.origin.book,
          origin: row.alert.origin,
          timeFound: row.found_at.toISOString(),
          expiredAt: row.expired_at?.toISOString() ?? null,
          expiry: row.expiry,
          status: row.grade_status,
          gradedBook: taken?.book ?? null,
          taken: taken
            ? {
                price: taken.price,
                decimal: taken.decimal,
                ...(taken.point === undefined ? {} : { point: taken.point }),
              }
            : null,
          closingPrice: row.closing_price,
          clvPct: row.clv_pct,
          softMoved: row.soft_moved,
          note: row.grade_note,
        };
      }),
      next: rows.length > limit && last ? { foundAt: last.found_at, id: last.id } : null,
    };
  }
}
