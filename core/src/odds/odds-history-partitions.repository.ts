import { Inject, Injectable } from '@nestjs/common';
import { sql, type Transaction } from 'kysely';
import { Database, KYSELY } from '../database/database.module';
import type { DB } from '../database/schema';

const DAY_MS = 86_400_000;
/** Serialises partition changes between workers (any constant; see 0013 for the layout). */
const LOCK_KEY = 'odds_history:partitions';
/** A DROP or ATTACH waits this long for readers of odds_history, then gives up until the next run instead of queueing inserts behind it. */
const LOCK_TIMEOUT = '5s';
const PARTITION_NAME = /^odds_history_(p\d{8}|legacy)$/;

/** One partition of odds_history (migration 0013): its name and range of recorded_at; `from` null is MINVALUE. */
export interface OddsHistoryPartition {
  name: string;
  from: Date | null;
  to: Date;
}

/** The start (00:00 UTC) of the day holding `at`. */
export function utcMidnight(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/** The name of the day partition starting at `day` (00:00 UTC): odds_history_pYYYYMMDD. */
export function dayPartitionName(day: Date): string {
  return `odds_history_p${day.toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/**
 * The day partitions of odds_history: created ahead of the inserts, dropped whole past retention.
 * Every statement here names a partition read from the catalogue or built by dayPartitionName, never user input.
 */
@Injectable()
export class OddsHistoryPartitionsRepository {
  constructor(@Inject(KYSELY) private readonly db: Database) {}

  /** The range partitions, oldest first (the DEFAULT partition is not listed). */
  async list(): Promise<OddsHistoryPartition[]> {
    const { rows } = await sql<{ name: string; from: Date | null; to: Date }>`
      SELECT c.relname AS name,
             (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \\(''([^'']+)''\\)'))[1]::timestamptz AS "from",
             (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO \\(''([^'']+)''\\)'))[1]::timestamptz AS "to"
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'odds_history'::regclass AND pg_get_expr(c.relpartbound, c.oid) <> 'DEFAULT'
      ORDER BY 3`.execute(this.db);
    return rows.filter((r) => PARTITION_NAME.test(r.name));
  }

  /**
   * Creates the partition of the day starting at `day` unless one exists. Rows that already landed in the DEFAULT
   * partition for that day (the job was late) are moved into it first, as ATTACH requires; it is small by design.
   * Returns whether it created the partition.
   */
  ensureDay(day: Date): Promise<boolean> {
    const name = dayPartitionName(day);
    const from = day.toISOString();
    const to = new Date(day.getTime() + DAY_MS).toISOString();
    return this.locked(async (trx) => {
      const { rows } = await sql<{ found: string | null }>`SELECT to_regclass(${name})::text AS found`.execute(trx);
      if (rows[0].found) return false;
      // ATTACH locks the parent only against schema changes, so an insert routed to DEFAULT for this day meanwhile failed
      // its narrowed constraint ("violates partition constraint"). Inserts wait these few statements instead, and route anew.
      await sql`LOCK TABLE odds_history IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
      const table = sql.table(name);
      await sql`CREATE TABLE ${table} (LIKE odds_history INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`.execute(trx);
      await sql`WITH moved AS (
          DELETE FROM odds_history_default WHERE recorded_at >= ${from}::timestamptz AND recorded_at < ${to}::timestamptz RETURNING *
        ) INSERT INTO ${table} SELECT * FROM moved`.execute(trx);
      await sql`ALTER TABLE odds_history ATTACH PARTITION ${table} FOR VALUES FROM (${sql.lit(from)}) TO (${sql.lit(to)})`.execute(
        trx,
      );
      return true;
    });
  }

  /**
   * Drops a partition unless an unsettled pick may still need it for its closing line: a pending pick, with an event
   * id and no closing line yet, whose event has history in the partition and whose game did not start before the
   * partition's first row (the closing line is the last price before the start). Checked and dropped in one
   * transaction. Returns whether it was dropped.
   */
  dropUnlessNeeded(partition: OddsHistoryPartition): Promise<boolean> {
    if (!PARTITION_NAME.test(partition.name)) throw new Error(`Not an odds_history partition: ${partition.name}`);
    const table = sql.table(partition.name);
    return this.locked(async (trx) => {
      const { rows: found } = await sql<{
        found: string | null;
      }>`SELECT to_regclass(${partition.name})::text AS found`.execute(trx);
      if (!found[0].found) return false;
      // The event index leads with sport_key: the partition's few sports are walked by the index (a loose scan), then
      // each (sport, pending event) is one index probe (LATERAL ... LIMIT 1: as an EXISTS the planner may hash-join the
      // whole partition instead), so a day of millions of rows is not read.
      const { rows } = await sql<{ needed: boolean }>`
        WITH RECURSIVE sports AS (
          (SELECT sport_key FROM ${table} ORDER BY sport_key LIMIT 1)
          UNION ALL
          SELECT (SELECT h.sport_key FROM ${table} h WHERE h.sport_key > s.sport_key ORDER BY h.sport_key LIMIT 1)
          FROM sports s WHERE s.sport_key IS NOT NULL
        ), events AS (
          SELECT DISTINCT event_id FROM picks
          WHERE status = 'pending' AND event_id IS NOT NULL AND closing_odds IS NULL
            AND (commence_time IS NULL OR ${partition.from}::timestamptz IS NULL OR commence_time >= ${partition.from}::timestamptz)
        )
        SELECT EXISTS (
          SELECT 1 FROM sports s CROSS JOIN events e
          CROSS JOIN LATERAL (SELECT 1 FROM ${table} h WHERE h.sport_key = s.sport_key AND h.event_id = e.event_id LIMIT 1) hit
          WHERE s.sport_key IS NOT NULL
        ) AS needed`.execute(trx);
      if (rows[0].needed) return false;
      await sql`DROP TABLE ${table}`.execute(trx);
      return true;
    });
  }

  /** Rows in the DEFAULT partition: zero while partitions are created ahead; more means the job is not running. */
  async defaultRows(): Promise<number> {
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM odds_history_default`.execute(this.db);
    return Number(rows[0].n);
  }

  private locked<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('lock_timeout', ${LOCK_TIMEOUT}, true)`.execute(trx);
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${LOCK_KEY}, 0))`.execute(trx);
      return work(trx);
    });
  }
}
