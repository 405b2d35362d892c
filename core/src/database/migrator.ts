import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from 'pg';

/** Where the reviewed SQL migrations live, relative to both src/ and dist/. */
export const MIGRATIONS_DIR = join(__dirname, '..', '..', 'migrations');

const LOCK_ID = 7_420_001; // any constant; serialises concurrent migrators

export interface MigrationResult {
  applied: string[];
  skipped: string[];
}

/**
 * Applies every `NNNN_name.sql` in order, each in its own transaction, recording its checksum.
 * Re-running is a no-op; a migration edited after it was applied stops the run.
 */
export async function migrate(databaseUrl: string, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_ID]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version    text PRIMARY KEY,
      checksum   text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await client.query<{ version: string; checksum: string }>(
      'SELECT version, checksum FROM schema_migrations',
    );
    const done = new Map(rows.map((r) => [r.version, r.checksum]));
    const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
    const result: MigrationResult = { applied: [], skipped: [] };
    for (const file of files) {
      const sql = await readFile(join(dir, file), 'utf8');
      const checksum = createHash('sha256').update(sql).digest('hex');
      const version = file.replace(/\.sql$/, '');
      const recorded = done.get(version);
      if (recorded) {
        if (recorded !== checksum) {
          throw new Error(`Migration ${file} was changed after it was applied; add a new migration instead`);
        }
        result.skipped.push(version);
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (version, checksum) VALUES ($1, $2)', [version, checksum]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
      result.applied.push(version);
    }
    return result;
  } finally {
    // Ending the session releases the advisory lock.
    await client.end();
  }
}

function databaseName(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
  if (!/^[\w-]+$/.test(name)) throw new Error(`Refusing to manage a database named "${name}"`);
  return name;
}

/** The same server's `postgres` maintenance database, from which others are created and dropped. */
export function maintenanceUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
}

/** Creates the database named in the URL when it does not exist. */
export function ensureDatabase(databaseUrl: string): Promise<boolean> {
  return onMaintenance(databaseUrl, async (client, name) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return false;
    await client.query(`CREATE DATABASE "${name}"`);
    return true;
  });
}

/** Drops a database (used by the test runs for their throw-away databases). */
export function dropDatabase(databaseUrl: string): Promise<void> {
  return onMaintenance(databaseUrl, async (client, name) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
}

/** Runs `work` on a connection to the maintenance database, about the database the URL names. */
async function onMaintenance<T>(databaseUrl: string, work: (client: Client, name: string) => Promise<T>): Promise<T> {
  const name = databaseName(databaseUrl);
  const client = new Client({ connectionString: maintenanceUrl(databaseUrl) });
  await client.connect();
  try {
    return await work(client, name);
  } finally {
    await client.end();
  }
}
