// `npm start`: install if needed, build, create and migrate the database, seed the demo accounts,
// then run the API server and the workers until Ctrl-C.
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, build, loadDotEnv, run, startProcesses, waitForHealth } from './lib/stack.mjs';

const env = { ...loadDotEnv(), ...process.env };
const port = env.PORT || '3000';
const log = (msg) => process.stdout.write(`${JSON.stringify({ level: 'info', service: 'start', msg })}\n`);

function dependenciesMissing() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  if (!existsSync(marker)) return true;
  return statSync(join(ROOT, 'package-lock.json')).mtimeMs > statSync(marker).mtimeMs;
}

if (dependenciesMissing()) {
  log('installing dependencies');
  if (run('npm', ['install', '--no-audit', '--no-fund'], env) !== 0) process.exit(1);
}
log('building');
if (!build(env)) process.exit(1);
if (run(process.execPath, ['core/dist/cli.js', 'setup'], env) !== 0) process.exit(1);

const stack = startProcesses(env, {
  onExit: async (name, code, signal) => {
    log(`${name} stopped (${signal ?? `exit ${code}`}); stopping the rest`);
    await stack.stop();
    process.exit(code || 1);
  },
});

let shuttingDown = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (shuttingDown) return;
    shuttingDown = true;
    log('stopping');
    await stack.stop();
    log('stopped');
    process.exit(0);
  });
}

const url = env.PUBLIC_URL || `http://localhost:${port}`;
try {
  await waitForHealth(`http://127.0.0.1:${port}`);
} catch (error) {
  log(error.message);
}
const demoOn = env.DEMO_MODE ? ['true', '1', 'yes', 'on'].includes(env.DEMO_MODE) : env.NODE_ENV !== 'production';
process.stdout.write(`\n  OddsPulse is running at ${url}\n`);
if (demoOn) {
  const { DEMO_ACCOUNTS, DEMO_PASSWORD } = createRequire(import.meta.url)('../shared/dist/index.js');
  process.stdout.write(`  Demo logins (password: ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')}\n`);
}
process.stdout.write('  Press Ctrl-C to stop.\n\n');
