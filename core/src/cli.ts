import { parseConfig, ConfigError } from './config/config.schema';
import { checkPostgres, redactUrl } from './bootstrap/preflight';
import { createDatabase } from './database/database.module';
import { seedDemoAccounts } from './database/demo-seed';
import { ensureDatabase, maintenanceUrl, migrate } from './database/migrator';
import { isDependencyDown } from './util/dependency-errors';

/**
 * `node core/dist/cli.js setup`: create the database if needed, apply migrations, and seed the demo
 * accounts when DEMO_MODE is on. Run by `npm start`, by the Docker image, and by the test harness.
 */
async function setup() {
  const config = parseConfig(process.env);
  const unreachable = await checkPostgres(config.DATABASE_URL, maintenanceUrl(config.DATABASE_URL));
  if (unreachable) throw new ConfigError(unreachable);
  try {
    const out = await prepare(config.DATABASE_URL, config.DEMO_MODE);
    process.stdout.write(`${JSON.stringify({ level: 'info', service: 'setup', msg: out.join('; ') })}\n`);
  } catch (error) {
    // The server answered the probe, then refused the database itself (its connections switched off for maintenance,
    // the database renamed away, the credentials no longer accepted) or went away: the operator's to fix, said in one
    // line like an unreachable server, not a bug's stack.
    if (!isDependencyDown(error)) throw error;
    throw new ConfigError(
      `PostgreSQL refused setup at ${redactUrl(config.DATABASE_URL)} (${(error as Error).message}): try again once it accepts connections to the database`,
    );
  }
}

async function prepare(databaseUrl: string, demoMode: boolean): Promise<string[]> {
  const created = await ensureDatabase(databaseUrl);
  const { applied } = await migrate(databaseUrl);
  const out: string[] = [];
  if (created) out.push('created database');
  out.push(applied.length ? `applied migrations ${applied.join(', ')}` : 'migrations up to date');
  if (demoMode) {
    const db = createDatabase(databaseUrl, 1);
    try {
      const seeded = await seedDemoAccounts(db);
      out.push(seeded.length ? `seeded demo accounts ${seeded.join(', ')}` : 'demo accounts present');
    } finally {
      await db.destroy();
    }
  }
  return out;
}

const command = process.argv[2];
if (command !== 'setup') {
  process.stderr.write('usage: node core/dist/cli.js setup\n');
  process.exit(2);
}
setup().catch((error: Error) => {
  // Configuration and connection problems are one line; anything else keeps its stack for the developer.
  process.stderr.write(`${error instanceof ConfigError ? error.message : error.stack}\n`);
  process.exit(1);
});
