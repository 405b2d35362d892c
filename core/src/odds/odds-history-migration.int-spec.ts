import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { dropDatabase, ensureDatabase, migrate, MIGRATIONS_DIR } from '../database/migrator';

const PARTITIONING = '0013_odds_history_partitions.sql';

// Migration 0013 turns an odds_history already holding rows into a partitioned table without
// copying them (the old table becomes one partition), keeps its index and ids, and every row stays readable.
describe('migration 0013 on an odds_history with data (real PostgreSQL)', () => {
  const url = `${process.env.DATABASE_URL}_parts`;
  let client: Client;
  let before: string;

  beforeAll(async () => {
    await dropDatabase(url);
    await ensureDatabase(url);
    // The migrations before 0013 first, as a database of an earlier release has them.
    before = await mkdtemp(join(tmpdir(), 'migrations-'));
    for (const file of await readdir(MIGRATIONS_DIR))
      if (file < PARTITIONING) await copyFile(join(MIGRATIONS_DIR, file), join(before, file));
    await migrate(url, before);
    client = new Client({ connectionString: url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await dropDatabase(url);
    await rm(before, { recursive: true, force: true });
  });

  const insert = (eventId: string, recordedAt: string) =>
    client.query(
      `INSERT INTO odds_history (sport_key, event_id, bookmaker_key, bookmaker_title, market_key, outcome_name, price, last_update, recorded_at)
       VALUES ('basketball_nba', $1, 'fanduel', 'FanDuel', 'h2h', 'Boston Celtics', 2.2, $2, $2)`,
      [eventId, recordedAt],
    );

  it('keeps every old row readable through the partitioned table, with its index, and numbers new rows after the old', async () => {
    await insert('evt-month-ago', new Date(Date.now() - 30 * 86_400_000).toISOString());
    await insert('evt-now', new Date().toISOString());
    const { rows: oldIds } = await client.query<{ id: string }>('SELECT max(id) AS id FROM odds_history');

    await migrate(url);

    const { rows: kind } = await client.query("SELECT relkind FROM pg_class WHERE relname = 'odds_history'");
    expect(kind[0].relkind).toBe('p');
    const { rows } = await client.query<{ event_id: string; part: string }>(
      'SELECT event_id, tableoid::regclass::text AS part FROM odds_history ORDER BY id',
    );
    expect(rows).toEqual([
      { event_id: 'evt-month-ago', part: 'odds_history_legacy' },
      { event_id: 'evt-now', part: 'odds_history_legacy' },
    ]);
    const { rows: parts } = await client.query<{ name: string; bound: string }>(
      "SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'odds_history'::regclass ORDER BY 1",
    );
    const tomorrow = new Date(Math.floor(Date.now() / 86_400_000 + 1) * 86_400_000).toISOString().slice(0, 10);
    expect(parts.map((p) => p.name)).toEqual([
      'odds_history_default',
      'odds_history_legacy',
      `odds_history_p${tomorrow.replaceAll('-', '')}`,
    ]);
    expect(parts.find((p) => p.name === 'odds_history_legacy')?.bound).toMatch(/^FOR VALUES FROM \(MINVALUE\) TO \('/);
    // The old index serves the legacy partition as part of the partitioned index (no rebuild).
    const { rows: indexes } = await client.query<{ name: string }>(
      "SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'odds_history_event_idx'::regclass ORDER BY 1",
    );
    expect(indexes.map((i) => i.name)).toContain('odds_history_legacy_event_idx');

    await insert('evt-tomorrow', `${tomorrow}T12:00:00Z`);
    const { rows: fresh } = await client.query<{ id: string; part: string }>(
      "SELECT id, tableoid::regclass::text AS part FROM odds_history WHERE event_id = 'evt-tomorrow'",
    );
    expect(fresh[0].part).toBe(`odds_history_p${tomorrow.replaceAll('-', '')}`);
    expect(BigInt(fresh[0].id)).toBeGreaterThan(BigInt(oldIds[0].id));
  });
});
