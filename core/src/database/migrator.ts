import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from 'pg';

/** Where the reviewed SQL migrations live, relative to both src/ and dist/. */
export const MIGRATIONS_DIR = join(__dirname, '..', '..', 'migrations');

const LOCK_ID = 7_420_001; // any constant; serialises concurrent migrators

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * What a migration runs, summed: its text without its comment lines. A comment in an applied file can be corrected;
 * a change to a statement stops the run.
 */
export function migrationChecksum(sql: string): string {
  const statements = sql
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n');
  return sha256(statements);
}

/**
 * The whole file was summed before comments were left out. A database that recorded such a sum holds the sum of the
 * file as it stands or, for the files whose comments were corrected since, of the file as applied: accepted when its
 * statements are still those applied.
 */
const CORRECTED_COMMENTS = new Map<string, { wholeFile: string; statements: string }>(
  Object.entries({
    '0003_odds_history': {
      wholeFile: '87b2eb2502e61b8c6497a23499c83a19e244a1f484f0a657752714e250e6d8e1',
      statements: 'de94f399dde1b14afe53c6681ecf47c18773696eafb802e877507878a2fdb97d',
    },
    '0006_pick_unsettled_reason': {
      wholeFile: '6078fcb7138929ba0164fcd9b91bef78520b60f1094be7b802a4925f1eee0372',
      statements: 'a8b767908b625fe6491c4cf5144108061e713a04c99011fda369c7b93aef98f5',
    },
    '0007_billing': {
      wholeFile: '339df32713c92a4197902b1553be336d6d0ddbc12ba13c1b86f9c7eca56b724f',
      statements: '0cf05472b67b049bec4628b12d833befe5d3fa95ec30d6265819f807027bc2e9',
    },
    '0008_security': {
      wholeFile: '851a5e99b74114f8e56ebd79c5b8fab1653e1f64ca2ad972ceb1ce534143a90d',
      statements: 'f0f736d83702f07fcc7d607272951bab27bf592e3a6843e0d6cc481a6593f2ce',
    },
    '0012_alerts': {
      wholeFile: '8ff28607dd4e9a872c9a6ce532063a7812e86f4e98f7bfc21114eb4db9983222',
      statements: '8a443a3a4bd88841bdf157c6d3a9f55a192479e3c0008c1d869e69551d4a3d96',
    },
    '0013_odds_history_partitions': {
      wholeFile: 'e3b262efa422bbbb43351ad7a229353db81021d7ccd9712a9b62a26b82b8069f',
      statements: '8982df5a6e5f7885a5ed0188dc08fa3efd5e81d03fe1cba48a83d62c2aadad41',
    },
    '0014_pick_announcements': {
      wholeFile: '5181b054ae66612f10c03291d5740a2c329be0b9d6b4129bac49370343e6a28b',
      statements: '69dc91828af7f21f1f59e7b5579bfbabcb349005eb22e02cf15f132cfcf76f45',
    },
  }),
);

/** Whether `recorded` is a whole-file sum of this migration: `checksum` is its statements' sum (migrationChecksum). */
function isWholeFileChecksum(version: string, sql: string, checksum: string, recorded: string): boolean {
  if (recorded === sha256(sql)) return true;
  const corrected = CORRECTED_COMMENTS.get(version);
  return recorded === corrected?.wholeFile && checksum === corrected.statements;
}

export interface MigrationResult {
  applied: string[];
  skipped: string[];
}

/**
 * Applies every `NNNN_name.sql` in order, each in its own transaction, recording its checksum.
 * Re-running is a no-op; a migration whose statements were edited after it was applied stops the run. A record
 * of the whole file's sum is rewritten to the statements' sum.
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
      const checksum = migrationChecksum(sql);
      const version = file.replace(/\.sql$/, '');
      const recorded = done.get(version);
      if (recorded) {
        if (recorded !== checksum) {
          if (!isWholeFileChecksum(version, sql, checksum, recorded)) {
            throw new Error(`Migration ${file} was changed after it was applied; add a new migration instead`);
          }
          await client.query('UPDATE schema_migrations SET checksum = $2 WHERE version = $1', [version, checksum]);
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

/** Creates the database named in the URL when it does not exist; whether this call created it. */
export function ensureDatabase(databaseUrl: string): Promise<boolean> {
  return onMaintenance(databaseUrl, async (client, name) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return false;
    try {
      await client.query(`CREATE DATABASE "${name}"`);
      return true;
    } catch (error) {
      if (createdMeanwhile(error)) return false;
      throw error;
    }
  });
}

/**
 * Another setup created the database between the check and the CREATE (setups started together, as containers are):
 * it exists, as asked. PostgreSQL says so as 42P04 when the other's database was there before the CREATE began, or as
 * a unique violation on pg_database's names when both were creating it (raised once the other has committed).
 */
function createdMeanwhile(error: unknown): boolean {
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === '42P04' || (code === '23505' && constraint === 'pg_database_datname_index');
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
