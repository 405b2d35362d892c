// `npm start`: install if needed, build, find or start PostgreSQL and Redis, create and migrate the database, seed the
// demo accounts, then run the API server and the workers until Ctrl-C. `--no-build` runs what is already built.
// This file loads Node's own modules only: in a fresh clone nothing is installed yet, and an import from node_modules
// is loaded before any line here runs. What needs the dependencies (scripts/lib/start-stack.mjs) is loaded after
// the install.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** No install yet, or package-lock.json changed since the last one (npm writes node_modules/.package-lock.json). */
function dependenciesMissing() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  if (!existsSync(marker)) return true;
  return statSync(join(ROOT, 'package-lock.json')).mtimeMs > statSync(marker).mtimeMs;
}

if (dependenciesMissing()) {
  process.stdout.write(`${JSON.stringify({ level: 'info', service: 'start', msg: 'installing dependencies' })}\n`);
  // --include=dev: the start builds with TypeScript and may run the embedded PostgreSQL, both development
  // dependencies, which npm leaves out when NODE_ENV=production is set
  const install = spawnSync('npm', ['install', '--include=dev', '--no-audit', '--no-fund'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (install.status !== 0) {
    // npm says what went wrong; an npm that could not be run at all is said here
    process.stderr.write(`The install failed${install.error ? `: ${install.error.message}` : '.'}\n`);
    process.exit(1);
  }
}

await import('./lib/start-stack.mjs');
