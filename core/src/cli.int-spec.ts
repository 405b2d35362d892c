import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { dropDatabase, ensureDatabase, maintenanceUrl } from './database/migrator';

const CLI = join(__dirname, '..', 'dist', 'cli.js');

/** `setup` against a PostgreSQL that answers but refuses the database's connections: one line, no stack. */
describe('setup', () => {
  const url = `${process.env.DATABASE_URL}_setup_refused`;
  const name = new URL(url).pathname.slice(1);
  const admin = new Client({ connectionString: maintenanceUrl(url) });

  beforeAll(async () => {
    await ensureDatabase(url);
    await admin.connect();
  });

  afterAll(async () => {
    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
    await admin.end();
    await dropDatabase(url);
  });

  it('says in one line that the database refuses connections, while they are switched off', async () => {
    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
    const result = spawnSync(process.execPath, [CLI, 'setup'], {
      env: { ...process.env, DATABASE_URL: url, DEMO_MODE: 'false' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      `PostgreSQL refused setup at ${url} (database "${name}" is not currently accepting connections): try again once it accepts connections to the database`,
    );
  });
});
