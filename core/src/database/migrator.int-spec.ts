import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { dropDatabase, ensureDatabase, migrate, MIGRATIONS_DIR } from './migrator';
import { readdirSync } from 'node:fs';

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

    const client = new Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query(
      "SELECT to_regclass('public.users') AS users, to_regclass('public.plan_states') AS plans",
    );
    await client.end();
    expect(rows[0]).toEqual({ users: 'users', plans: 'plan_states' });
  });

  it('creating an existing database is a no-op', async () => {
    expect(await ensureDatabase(url)).toBe(false);
  });

  it('refuses to run when an applied migration was edited', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
    const scratch = `${process.env.DATABASE_URL}_edit`;
    await ensureDatabase(scratch);
    try {
      await writeFile(join(dir, '0001_a.sql'), 'CREATE TABLE a (id int);');
      await migrate(scratch, dir);
      await writeFile(join(dir, '0001_a.sql'), 'CREATE TABLE a (id bigint);');
      await expect(migrate(scratch, dir)).rejects.toThrow('0001_a.sql was changed after it was applied');
    } finally {
      await dropDatabase(scratch);
    }
  });

  it('rolls back a failing migration and names it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
    const scratch = `${process.env.DATABASE_URL}_bad`;
    await ensureDatabase(scratch);
    try {
      await writeFile(join(dir, '0001_bad.sql'), 'CREATE TABLE b (id int); SELECT * FROM missing_table;');
      await expect(migrate(scratch, dir)).rejects.toThrow(/Migration 0001_bad.sql failed/);
      const client = new Client({ connectionString: scratch });
      await client.connect();
      const { rows } = await client.query("SELECT to_regclass('public.b') AS b");
      await client.end();
      expect(rows[0].b).toBeNull();
    } finally {
      await dropDatabase(scratch);
    }
  });
});
