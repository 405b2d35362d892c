import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { dropDatabase, ensureDatabase, migrate, migrationChecksum, MIGRATIONS_DIR } from './migrator';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Runs `work` on a connection to the database at `url`. */
async function onDatabase<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Runs `work` with a migrations folder of its own and an empty database named `<DATABASE_URL>_<name>`, dropped after.
 * `write` puts one migration's text in the folder.
 */
async function withScratch(
  name: string,
  work: (scratch: { url: string; dir: string; write: (file: string, sql: string) => Promise<void> }) => Promise<void>,
) {
  const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
  const url = `${process.env.DATABASE_URL}_${name}`;
  await ensureDatabase(url);
  try {
    await work({ url, dir, write: (file, sql) => writeFile(join(dir, file), sql) });
  } finally {
    await dropDatabase(url);
    await rm(dir, { recursive: true, force: true });
  }
}

const recordedChecksum = (url: string, version: string) =>
  onDatabase(url, async (client) => {
    const { rows } = await client.query('SELECT checksum FROM schema_migrations WHERE version = $1', [version]);
    return rows[0]?.checksum as string | undefined;
  });

const recordChecksum = (url: string, version: string, checksum: string) =>
  onDatabase(url, (client) =>
    client.query('UPDATE schema_migrations SET checksum = $2 WHERE version = $1', [version, checksum]),
  );

// migrations apply to an empty database and are idempotent on re-run.
describe('migrator (real PostgreSQL)', () => {
  const url = `${process.env.DATABASE_URL}_mig`;

  beforeAll(async () => {
    await dropDatabase(url);
    expect(await ensureDatabase(url)).toBe(true);
  });
  afterAll(() => dropDatabase(url));

  it('applies every migration to an empty database, then does nothing on re-run', async () => {
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.replace('.sql', ''))
      .sort();
    expect(files.length).toBeGreaterThan(0);
    const first = await migrate(url);
    expect(first.applied).toEqual(files);
    const second = await migrate(url);
    expect(second.applied).toEqual([]);
    expect(second.skipped).toEqual(files);

    const { rows } = await onDatabase(url, (client) =>
      client.query("SELECT to_regclass('public.users') AS users, to_regclass('public.plan_states') AS plans"),
    );
    expect(rows[0]).toEqual({ users: 'users', plans: 'plan_states' });
  });

  it('creating an existing database is a no-op', async () => {
    expect(await ensureDatabase(url)).toBe(false);
  });

  // Several setups at once against a database not there yet (containers started together): one creates it, the others
  // find it made, and none fails.
  it('creates a database once when several ask for it at the same time', async () => {
    const fresh = `${process.env.DATABASE_URL}_race`;
    await dropDatabase(fresh);
    try {
      const created = await Promise.all(Array.from({ length: 6 }, () => ensureDatabase(fresh)));
      expect(created.filter(Boolean)).toEqual([true]);
    } finally {
      await dropDatabase(fresh);
    }
  });

  it('refuses to run when an applied migration was edited', () =>
    withScratch('edit', async ({ url, dir, write }) => {
      await write('0001_a.sql', 'CREATE TABLE a (id int);');
      await migrate(url, dir);
      await write('0001_a.sql', 'CREATE TABLE a (id bigint);');
      await expect(migrate(url, dir)).rejects.toThrow('0001_a.sql was changed after it was applied');
    }));

  it('accepts a corrected comment in an applied migration, and refuses a changed statement', () =>
    withScratch('comment', async ({ url, dir, write }) => {
      await write('0001_a.sql', '-- A table (see the tracker).\nCREATE TABLE a (id int);\n');
      await migrate(url, dir);
      await write('0001_a.sql', '-- A table, with a longer comment\n  -- over two lines.\nCREATE TABLE a (id int);\n');
      expect(await migrate(url, dir)).toEqual({ applied: [], skipped: ['0001_a'] });
      await write('0001_a.sql', '-- A table.\nCREATE TABLE a (id int); -- now with a comment\n');
      await expect(migrate(url, dir)).rejects.toThrow('0001_a.sql was changed after it was applied');
    }));

  it('rewrites a whole-file checksum recorded before comments were left out, and refuses one of another file', () =>
    withScratch('whole', async ({ url, dir, write }) => {
      const sql = '-- A table.\nCREATE TABLE a (id int);\n';
      await write('0001_a.sql', sql);
      await migrate(url, dir);
      expect(await recordedChecksum(url, '0001_a')).toBe(migrationChecksum(sql));
      await recordChecksum(url, '0001_a', sha256(sql));
      expect(await migrate(url, dir)).toEqual({ applied: [], skipped: ['0001_a'] });
      expect(await recordedChecksum(url, '0001_a')).toBe(migrationChecksum(sql));

      await recordChecksum(url, '0001_a', sha256('-- A table.\nCREATE TABLE a (id bigint);\n'));
      await expect(migrate(url, dir)).rejects.toThrow('0001_a.sql was changed after it was applied');
    }));

  // A database migrated before these files' comments were corrected recorded the sums of the files as they were
  // applied (sha256 of each whole file at that time).
  it.each([
    ['0003_odds_history', '87b2eb2502e61b8c6497a23499c83a19e244a1f484f0a657752714e250e6d8e1'],
    ['0006_pick_unsettled_reason', '6078fcb7138929ba0164fcd9b91bef78520b60f1094be7b802a4925f1eee0372'],
    ['0007_billing', '339df32713c92a4197902b1553be336d6d0ddbc12ba13c1b86f9c7eca56b724f'],
    ['0008_security', '851a5e99b74114f8e56ebd79c5b8fab1653e1f64ca2ad972ceb1ce534143a90d'],
    ['0012_alerts', '8ff28607dd4e9a872c9a6ce532063a7812e86f4e98f7bfc21114eb4db9983222'],
    ['0013_odds_history_partitions', 'e3b262efa422bbbb43351ad7a229353db81021d7ccd9712a9b62a26b82b8069f'],
    ['0014_pick_announcements', '5181b054ae66612f10c03291d5740a2c329be0b9d6b4129bac49370343e6a28b'],
  ])('accepts %s as a database migrated before its comments were corrected recorded it', async (version, asApplied) => {
    await migrate(url);
    const now = migrationChecksum(await readFile(join(MIGRATIONS_DIR, `${version}.sql`), 'utf8'));
    expect(await recordedChecksum(url, version)).toBe(now);
    await recordChecksum(url, version, asApplied);
    expect((await migrate(url)).skipped).toContain(version);
    expect(await recordedChecksum(url, version)).toBe(now);
  });

  it('rolls back a failing migration and names it', () =>
    withScratch('bad', async ({ url, dir, write }) => {
      await write('0001_bad.sql', 'CREATE TABLE b (id int); SELECT * FROM missing_table;');
      await expect(migrate(url, dir)).rejects.toThrow(/Migration 0001_bad.sql failed/);
      const { rows } = await onDatabase(url, (client) => client.query("SELECT to_regclass('public.b') AS b"));
      expect(rows[0].b).toBeNull();
    }));
});
