// `npm run drill`: fault drills against a running stack, for operators. It cuts what an outage cuts, watches
// the API answer through it, and prints what held. It touches only this instance: the PostgreSQL sessions of its own
// database and the Redis connections named with its REDIS_PREFIX; it never stops a service or deletes data.
//   BASE_URL (default http://127.0.0.1:$PORT), DATABASE_URL, REDIS_URL, REDIS_PREFIX: as the stack was started with,
//   all three given (environment or .env): a default would cut the sessions of whatever shares it.
//   `npm run drill -- --own-stack`: starts a built demo stack of its own (its own database and Redis prefix, a free
//   port), drills it, then stops it and deletes what it made.
//   DRILL_EMAIL, DRILL_PASSWORD: a paid account the drills sign in as, so the routes they watch read PostgreSQL (picks)
//   and Redis (sports) instead of stopping at the sign-in check (default: the demo Gold account).
// Runs against a stack whose dependencies are up; takes about 30 s.
import { createRequire } from 'node:module';
import { loadDotEnv, run, startProcesses, throwawayStackEnv, waitForHealth } from './lib/stack.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const IORedis = require('ioredis');

const ownStack = process.argv.includes('--own-stack');
const own = ownStack
  ? await throwawayStackEnv('drill', {
      REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
      LOG_LEVEL: 'error',
    })
  : null;
const env = own ? own.env : { ...loadDotEnv(), ...process.env };
const unnamed = ['DATABASE_URL', 'REDIS_URL', 'REDIS_PREFIX'].filter((name) => !env[name]);
if (unnamed.length) {
  process.stderr.write(
    `npm run drill cuts the PostgreSQL sessions and Redis connections of one stack, so it needs that stack's ${unnamed.join(', ')} (environment or .env): it will not guess a shared default. Or run npm run drill -- --own-stack to drill a stack of its own.\n`,
  );
  process.exit(2);
}
const base = own ? `http://127.0.0.1:${own.port}` : (env.BASE_URL ?? `http://127.0.0.1:${env.PORT || '3000'}`);
const prefix = env.REDIS_PREFIX;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const results = [];

let authorization = null;

async function call(path, init = {}) {
  const started = Date.now();
  try {
    const headers = { ...(authorization ? { authorization } : {}), ...(init.headers ?? {}) };
    const res = await fetch(`${base}${path}`, { ...init, headers, signal: AbortSignal.timeout(10_000) });
    const body = await res.json().catch(() => null);
    return { status: res.status, ms: Date.now() - started, body };
  } catch (error) {
    return { status: 0, ms: Date.now() - started, error: error.message };
  }
}

/** Signs in, so the watched routes get past the sign-in check to the data behind them. */
async function signIn() {
  const email = env.DRILL_EMAIL ?? 'gold@demo.local';
  const res = await call('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: env.DRILL_PASSWORD ?? 'oddspulse-demo' }),
  });
  if (res.status === 200 && res.body?.access_token) authorization = `Bearer ${res.body.access_token}`;
  else
    process.stdout.write(
      `Could not sign in as ${email} (${res.status}): the drills watch the routes signed out, so they stop at the sign-in check\n`,
    );
}

/** The routes watched: one reading PostgreSQL (picks), one reading Redis (sports). */
const WATCHED = ['/api/picks', '/api/sports'];

/** Calls the watched routes every 250 ms for `ms`, and sums up the statuses seen and the slowest answer. */
async function watch(ms) {
  const seen = new Map();
  let slowest = 0;
  for (const until = Date.now() + ms; Date.now() < until; await sleep(250)) {
    for (const path of WATCHED) {
      const r = await call(path);
      seen.set(r.status, (seen.get(r.status) ?? 0) + 1);
      slowest = Math.max(slowest, r.ms);
    }
  }
  return { statuses: Object.fromEntries(seen), slowestMs: slowest };
}

function report(drill, held, detail) {
  results.push({ drill, held, ...detail });
  process.stdout.write(`${held ? 'HELD ' : 'FAILED'}  ${drill}  ${JSON.stringify(detail)}\n`);
}

async function postgresDrill() {
  const admin = new Client({ connectionString: env.DATABASE_URL });
  await admin.connect();
  const { rows } = await admin.query(
    'SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  await admin.end();
  // The pools reconnect on the next query: the API must keep answering, never 500, and come back to 200.
  const during = await watch(3000);
  const health = await call('/api/health');
  const no500 = !during.statuses[500] && !during.statuses[0];
  report('PostgreSQL sessions cut', no500 && health.status !== 0, {
    sessionsCut: rows.length,
    ...during,
    healthAfter: health.status,
  });
}

async function redisDrill() {
  const redis = new IORedis(env.REDIS_URL);
  const clients = (await redis.client('LIST'))
    .split('\n')
    .filter((line) => line.includes(` name=${prefix}:`))
    .map((line) => /id=(\d+)/.exec(line)?.[1])
    .filter(Boolean);
  for (const id of clients) await redis.client('KILL', 'ID', id);
  const during = await watch(3000);
  let recovered = null;
  for (const started = Date.now(); Date.now() - started < 20_000; await sleep(500)) {
    const health = await call('/api/health');
    if (health.status === 200) {
      recovered = Date.now() - started;
      break;
    }
  }
  redis.disconnect();
  const no500 = !during.statuses[500] && !during.statuses[0];
  report('Redis connections killed', no500 && recovered !== null, {
    connectionsKilled: clients.length,
    ...during,
    healthyAgainAfterMs: recovered,
  });
}

async function healthDrill() {
  const health = await call('/api/health');
  const problems = health.body?.problems ?? [];
  report(
    'Health names what is wrong',
    health.status === 200 ? problems.length === 0 : problems.length > 0 || health.body?.status === 'error',
    {
      status: health.status,
      problems,
    },
  );
}

async function badInputDrill() {
  const nul = await call('/api/reactions/drill%00game');
  const unknown = await call('/api/odds?sport=curling_nope&markets=h2h&regions=us');
  report('Bad input answers 4xx', nul.status === 400 && unknown.status < 500, {
    nulInPath: nul.status,
    unknownSport: unknown.status,
  });
}

async function drills() {
  await signIn();
  await healthDrill();
  await badInputDrill();
  await postgresDrill();
  await redisDrill();
  await healthDrill();
  process.stdout.write(`${JSON.stringify({ drills: results.length, held: results.filter((r) => r.held).length })}\n`);
}

if (own) {
  if (run(process.execPath, ['core/dist/cli.js', 'setup'], env) !== 0) process.exit(1);
  const stack = startProcesses(env, { stdio: 'ignore' });
  try {
    await waitForHealth(base);
    await drills();
  } finally {
    await stack.stop();
    run(process.execPath, ['scripts/lib/teardown.mjs', env.DATABASE_URL, env.REDIS_PREFIX], env);
  }
} else {
  const before = await call('/api/health');
  if (before.status === 0) {
    process.stdout.write(
      `No stack answers at ${base}: start one with npm start, or run npm run drill -- --own-stack\n`,
    );
    process.exit(2);
  }
  await drills();
}
process.exit(results.length && results.every((r) => r.held) ? 0 : 1);
