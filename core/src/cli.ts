import { parseConfig, ConfigError } from './config/config.schema';
import { checkPostgres } from './bootstrap/preflight';
import { createDatabase } from './database/database.module';
import { seedDemoAccounts } from './database/demo-seed';
import { ensureDatabase, maintenanceUrl, migrate } from './database/migrator';

/**
 * `node core/dist/cli.js setup`: create the database if needed, apply migrations, and seed the demo
 * accounts when DEMO_MODE is on. Run by `npm start`, by the Docker image, and by the test harness.
 */
async function setup() {
  const config = parseConfig(process.env);
  const unreachable = await checkPostgres(config.DATABASE_URL, maintenanceUrl(config.DATABASE_URL));
  if (unreachable) throw new ConfigError(unreachable);
  const created = await ensureDatabase(config.DATABASE_URL);
  const { applied } = await migrate(config.DATABASE_URL);
  const out: string[] = [];
  if (created) out.push('created database');
  out.push(applied.length ? `applied migrations ${applied.join(', ')}` : 'migrations up to date');
  if (config.DEMO_MODE) {
    const db = createDatabase(config.DATABASE_URL, 1);
    try {
      const seeded = await seedDemoAccounts(db);
      out.push(seeded.length ? `seeded demo accounts ${seeded.join(', ')}` : 'demo accounts present');
    } finally {
      await db.destroy();
    }
  }
  process.stdout.write(`${JSON.stringify({ level: 'info', service: 'setup', msg: out.join('; ') })}\n`);
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
