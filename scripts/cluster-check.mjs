// `npm run check:cluster`: the operator's check that the product keeps its exactly-once promises on a Redis Cluster
// with two server and two worker processes, as `npm start` runs them on the simulator feed (docs/scaling.md "Checking
// a cluster"). It starts a local three-primary cluster of the machine's redis-server on free ports (or uses the
// operator's, given by REDIS_CLUSTER_NODES), a database and Redis prefix of its own (dropped and deleted afterwards),
// then two built servers and two built workers, and checks:
// - both servers answer /api/health, and both count the two workers;
// - each odds poll slot of a feed ran once in total, not once per worker, and each sport on one worker, the owner of
//   its feed lane (the workers' per-poll log lines);
// - a socket on each server in the same odds room hears the same messages, once each and in order;
// - the free quota (FREE_MONTHLY_QUOTA, here CHECK_FREE_QUOTA) holds at exactly its limit in a race across both servers;
// - a sign-out on one server is refused by the other at once (the sharded principal-changed announcement);
// - a pick on a finished game is settled once when two settlement jobs for it run on the two workers at once, and its
//   owner hears of it (at least once: every settlement run sends the pushes still owed);
// - after a SIGKILL of one server (its socket moves to the other and resumes from its last seq) and of one worker,
//   no message of the room is missed or heard twice;
// - after a restart of the cluster primary serving the queues (stopped CHECK_PRIMARY_DOWN_MS, default 15000, and
//   started again empty with its nodes.conf), the worker left takes jobs through the queues again and the socket left
//   hears the next poll, with no process restarted (on the cluster the check started only);
// - with that primary then stopped for good (CLUSTERDOWN for the queues' slot, every connection still `ready`), the
//   worker left, sent SIGTERM, exits 0 at once instead of waiting out its 26 s drain for jobs that cannot finish, and
//   says Redis is down (on the cluster the check started only).
// Each check prints `ok` or `FAIL` with its figures; exits 1 on any FAIL, 2 when the check could not run.
//   CHECK_SPORT (default basketball_nba), CHECK_PRIMARY_DOWN_MS, CHECK_STEADY_MS (default 60000: how long polls and pushes are watched),
//   CHECK_FREE_QUOTA (default 20), REDIS_CLUSTER_NODES (an operator's cluster; its keys under the check's prefix are
//   deleted afterwards), TEST_DATABASE_BASE_URL (the PostgreSQL server the check's database is created on).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, hostname, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { io } from 'socket.io-client';
import { redisServerVersion, startLocalCluster } from './lib/redis-cluster.mjs';
import { freePort, ROOT, startProcesses, throwawayStackEnv, waitForHealth } from './lib/stack.mjs';

const require = createRequire(import.meta.url);
const { JOB_QUEUE, JobName, ODDS_POLL_SLOT_MS, SOCKET_PATH, DEMO_PASSWORD } = require('../shared/dist/index.js');
const { bullPrefix, createRedisClient, parseConfig, RedisKeys, ShardedControl } = require('../core/dist/index.js');
const { Queue } = require('bullmq');

const SPORT = process.env.CHECK_SPORT ?? 'basketball_nba';
const STEADY_MS = Number(process.env.CHECK_STEADY_MS ?? 60_000);
const FREE_QUOTA = Number(process.env.CHECK_FREE_QUOTA ?? 20);
const HEALTH_TIMEOUT_MS = 240_000;
const SIGN_UP_PASSWORD = `Cl-${randomBytes(9).toString('base64url')}`;
const PRIMARY_DOWN_MS = Number(process.env.CHECK_PRIMARY_DOWN_MS ?? 15_000);
/**
 * How soon a worker sent SIGTERM with the queues' slot unserved must have exited: docs/operating.md says within a
 * second; this leaves a loaded machine room, and is far from the 26 s drain it would wait with Redis taken for up.
 */
const DOWN_EXIT_MS = 5000;
/**
 * The settled pick's league: one the simulator does not feed, so no simulated game of the same teams is known beside
 * the check's (a pick two known games could be stays pending, DECISIONS 24).
 */
const SETTLED_SPORT = 'basketball_wnba';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const say = (line) => process.stdout.write(`${line}\n`);

const failures = [];
function check(name, ok, figures) {
  if (!ok) failures.push(name);
  say(`${ok ? 'ok  ' : 'FAIL'}  ${name}: ${figures}`);
}

async function until(test, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) return false;
    await sleep(250);
  }
  return true;
}

// ---- the cluster, the database, the processes ----

const started = new Date();
const loadBefore = loadavg();
say(
  `check:cluster ${started.toISOString()} on ${hostname()}: ${cpus().length} CPUs, load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
);

let cluster = null;
if (!process.env.REDIS_CLUSTER_NODES) {
  const version = await redisServerVersion();
  if (!version || Number(version.split('.')[0]) < 7) {
    say(
      `Needs redis-server 7 or newer on the PATH (sharded pub/sub); found ${version ?? 'none'}. Or set REDIS_CLUSTER_NODES.`,
    );
    process.exit(2);
  }
  cluster = await startLocalCluster(3);
  say(`local cluster: 3 primaries (redis-server ${version}) at ${cluster.nodes}`);
} else say(`cluster: ${process.env.REDIS_CLUSTER_NODES}`);

const { env: base } = await throwawayStackEnv('cluster', {
  // the per-poll lines the poll checks read are at debug (the info line is a per-minute summary)
  LOG_LEVEL: 'debug',
  RATE_LIMIT_MAX: '10000000',
  FREE_MONTHLY_QUOTA: String(FREE_QUOTA),
  // two workers on one machine cannot share a metrics port
  WORKERS_METRICS_PORT: '',
  ...(cluster ? { REDIS_CLUSTER_NODES: cluster.nodes } : {}),
});
const logDir = mkdtempSync(join(tmpdir(), 'oddspulse-cluster-check-'));
/** Every odds poll a worker logged: which worker, the sport, its job (slot), when it started, the seq it published. */
const polls = [];
/** The worker that logged settling the check's pick, once per settlement. */
const settledBy = [];
/** When each worker last logged the feed lanes it takes with both workers live (FeedLanesService), by worker. */
const lanesSplit = new Map();
/** Each queue a worker closed at shutdown without waiting for its jobs, with what it said of Redis. */
const closedWithoutWaiting = [];
const pairs = [];
const urls = [];

function logTo(file, stream, onLine) {
  const out = createWriteStream(join(logDir, file), { flags: 'a' });
  createInterface({ input: stream }).on('line', (line) => {
    out.write(`${line}\n`);
    onLine?.(line);
  });
}

async function teardown() {
  for (const pair of pairs) await pair.stop();
  const result = spawnSync(process.execPath, ['scripts/lib/teardown.mjs', base.DATABASE_URL, base.REDIS_PREFIX], {
    cwd: ROOT,
    env: base,
    encoding: 'utf8',
  });
  if (result.status !== 0) say(`teardown failed: ${result.stderr}`);
  await cluster?.teardown();
}

// Ctrl-C stops the processes and forgets the cluster, the database and the keys as the end of a run does.
process.once('SIGINT', async () => {
  await teardown();
  process.exit(130);
});

try {
  const setup = spawnSync(process.execPath, ['core/dist/cli.js', 'setup'], { cwd: ROOT, env: base, encoding: 'utf8' });
  if (setup.status !== 0) throw new Error(`setup failed: ${setup.stdout}${setup.stderr}`);
  for (const n of [1, 2]) {
    const env = { ...base, PORT: String(n === 1 ? base.PORT : await freePortOtherThan(base.PORT)) };
    const pair = startProcesses(env, { stdio: ['ignore', 'pipe', 'pipe'] });
    const [server, workers] = pair.children.map((c) => c.child);
    logTo(`server-${n}.log`, server.stdout);
    logTo(`server-${n}.log`, server.stderr);
    logTo(`worker-${n}.log`, workers.stderr);
    logTo(`worker-${n}.log`, workers.stdout, (line) => {
      if (line.includes('"jobId":"cluster-check-') && line.includes('Settled')) settledBy.push(n);
      if (line.includes('"context":"FeedLanesService"') && JSON.parse(line).workers === 2)
        lanesSplit.set(n, Date.now());
      if (line.includes('Closing the worker without waiting for its jobs')) {
        const { queue, redis, reason } = JSON.parse(line);
        closedWithoutWaiting.push({ worker: n, queue, redis, reason, seen: Date.now() });
      }
      if (!line.includes('"fetchMs"')) return;
      const entry = JSON.parse(line);
      if (entry.kind === 'odds')
        polls.push({
          worker: n,
          sport: entry.sport,
          jobId: entry.jobId,
          at: Date.parse(entry.at),
          seq: entry.seq,
          seen: Date.now(),
        });
    });
    pairs.push(pair);
    urls.push(`http://127.0.0.1:${env.PORT}`);
  }
  say(
    `database ${base.DATABASE_URL.replace(/^.*\//, '')}, Redis prefix ${base.REDIS_PREFIX}; process logs in ${logDir}`,
  );
  await runChecks();
} catch (error) {
  check('the check ran to its end', false, error.message);
} finally {
  await teardown();
}
const loadAfter = loadavg();
say(
  `load average ${loadAfter.map((l) => l.toFixed(2)).join(' ')} at the end; ${Math.round((Date.now() - started.getTime()) / 1000)} s in all`,
);
say(failures.length ? `check:cluster FAILED: ${failures.join('; ')}` : 'check:cluster passed');
process.exit(failures.length ? 1 : 0);

async function freePortOtherThan(port) {
  let other = await freePort();
  while (String(other) === String(port)) other = await freePort();
  return other;
}

// ---- the checks ----

async function json(url, path, { method = 'GET', token, body } = {}) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

async function signIn(url, email, password) {
  const res = await json(url, '/api/auth/login', { method: 'POST', body: { email, password } });
  if (res.status !== 200) throw new Error(`Sign-in as ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.access_token;
}

async function signUp(url, label) {
  const email = `cluster-check-${label}-${Date.now().toString(36)}@example.com`;
  // Not the demo password: sign-up refuses one built on the product's name or the demo password as guessable.
  const res = await json(url, '/api/auth/signup', { method: 'POST', body: { email, password: SIGN_UP_PASSWORD } });
  if (res.status !== 201) throw new Error(`Sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.access_token;
}

/** A socket on one server; records every message of the rooms it joins, with the server it came through. */
async function connect(url, token, record) {
  const socket = io(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  socket.on('message', (m) => record.messages.push({ ...m, via: url }));
  socket.on('snapshot', (s) => record.snapshots.push({ ...s, via: url }));
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

async function enter(socket, request) {
  const ack = await socket.timeout(10_000).emitWithAck('subscribe', request);
  if (!ack.ok) throw new Error(`Subscribing to ${JSON.stringify(request)} was refused: ${ack.message}`);
  return ack;
}

/** What a socket heard of the odds room from `from` (exclusive) to `to`: the seqs missed and those heard twice. */
function tally(record, from, to) {
  const seqs = record.messages.filter((m) => m.channel === 'odds' && m.key === SPORT).map((m) => m.seq);
  const counts = new Map();
  for (const seq of seqs) counts.set(seq, (counts.get(seq) ?? 0) + 1);
  let missed = 0;
  for (let seq = from + 1; seq <= to; seq++) if (!counts.has(seq)) missed++;
  const duplicated = [...counts.values()].reduce((sum, n) => sum + n - 1, 0);
  const outOfOrder = seqs.filter((seq, i) => i > 0 && seq <= seqs[i - 1]).length - duplicated;
  const epochs = new Set(record.messages.filter((m) => m.channel === 'odds' && m.key === SPORT).map((m) => m.epoch))
    .size;
  return {
    heard: seqs.length,
    missed,
    duplicated,
    outOfOrder,
    epochs,
    snapshots: record.snapshots.length,
    last: seqs.at(-1) ?? from,
  };
}

/** The last seq the workers published on the odds room, by their poll log. */
function lastPublished() {
  return Math.max(0, ...polls.filter((p) => p.sport === SPORT && p.seq !== undefined).map((p) => p.seq));
}

async function runChecks() {
  const [a, b] = urls;

  // 1. Both servers healthy, each counting both workers.
  const healths = await Promise.all(urls.map((url) => waitForHealth(url, HEALTH_TIMEOUT_MS)));
  const bothWorkers = await until(async () => {
    const reports = await Promise.all(urls.map((url) => json(url, '/api/health')));
    healths.splice(0, 2, ...reports.map((r) => r.body));
    return reports.every((r) => r.status === 200 && r.body.details.workers === 2);
  }, 60_000);
  check(
    'both servers and both workers healthy',
    bothWorkers,
    healths
      .map((h, i) => `server ${i + 1} ${h.status}, ${h.details.workers} workers, redis ${h.redis}, queues ${h.queues}`)
      .join('; '),
  );

  // Each worker takes every feed lane until its heartbeat sees the other, then half: the steady window starts after.
  const split = await until(() => lanesSplit.size === 2, 30_000);
  if (!split) say('the workers never logged their feed lanes split between the two of them within 30 s');

  // 2 and 3. For CHECK_STEADY_MS: the polls of both workers, and a socket on each server in the same odds room.
  const token = await signIn(a, 'platinum@demo.local', DEMO_PASSWORD);
  const onA = { messages: [], snapshots: [] };
  const onB = { messages: [], snapshots: [] };
  let socketA = await connect(a, token, onA);
  const socketB = await connect(b, token, onB);
  const ackA = await enter(socketA, { channel: 'odds', sport: SPORT });
  const ackB = await enter(socketB, { channel: 'odds', sport: SPORT });
  const from = Math.min(ackA.seq, ackB.seq);
  // The control topics: `live-state:changed` on a classic channel, which a cluster copies to every node; the others on
  // sharded channels of one slot (ShardedControl), carried by its primary alone. How many each carries.
  const config = parseConfig(base);
  const channel = (parts, sharded) =>
    [config.REDIS_PREFIX, ...(sharded ? [ShardedControl.tag] : []), ...parts].join(':');
  const classicTopics = [channel(RedisKeys.liveStateChanged, false)];
  const shardedTopics = ShardedControl.topics.map((parts) => channel(parts, true));
  const topics = [...classicTopics, ...shardedTopics];
  const control = createRedisClient(config, {}, { sharded: true });
  const notices = new Map(topics.map((topic) => [topic, 0]));
  const count = (topic) => notices.set(topic, notices.get(topic) + 1);
  control.on('message', count);
  control.on('smessage', count);
  await control.subscribe(...classicTopics);
  await control.ssubscribe(...shardedTopics);
  const watchFrom = Date.now();
  await sleep(STEADY_MS);
  const watchTo = Date.now();
  await control.quit();

  const window = polls.filter((p) => p.seen >= watchFrom && p.seen < watchTo);
  const bySlot = new Map();
  for (const poll of window) bySlot.set(poll.jobId, (bySlot.get(poll.jobId) ?? 0) + 1);
  const twice = [...bySlot.values()].filter((n) => n > 1).length;
  const sports = new Map();
  for (const poll of window) sports.set(poll.sport, (sports.get(poll.sport) ?? 0) + 1);
  const mostPerSport = Math.max(0, ...sports.values());
  const slotsInWindow = Math.round((watchTo - watchFrom) / ODDS_POLL_SLOT_MS);
  const perWorker = [1, 2].map((n) => window.filter((p) => p.worker === n).length);
  // the feed lanes: each sport's polls on the one worker owning its lane, so its board stays held where it was written
  const pollers = new Map();
  for (const poll of window) pollers.set(poll.sport, new Set([...(pollers.get(poll.sport) ?? []), poll.worker]));
  const shared = [...pollers].filter(([, workers]) => workers.size > 1).map(([sport]) => sport);
  check(
    'each feed polled once per slot in total, each sport by one worker',
    window.length > 0 && twice === 0 && shared.length === 0,
    `${window.length} odds polls of ${sports.size} sports in ${Math.round((watchTo - watchFrom) / 1000)} s (worker 1: ${perWorker[0]}, worker 2: ${perWorker[1]}); ` +
      `${twice} slots polled twice; at most ${mostPerSport} polls of one sport, ${slotsInWindow} slots of ${ODDS_POLL_SLOT_MS / 1000} s in the window (one per worker would be twice that); ` +
      `sports polled by both workers: ${shared.length ? shared.join(', ') : 'none'}`,
  );

  const seconds = (watchTo - watchFrom) / 1000;
  say(
    `info  control topics (live-state classic, copied to every node; the others sharded): ${topics.map((t) => `${t.slice(config.REDIS_PREFIX.length + 1)} ${notices.get(t)}`).join(', ')} ` +
      `in ${Math.round(seconds)} s (${([...notices.values()].reduce((a, b) => a + b, 0) / seconds).toFixed(1)} a second)`,
  );

  await until(() => Math.min(tally(onA, from, 0).last, tally(onB, from, 0).last) >= lastPublished(), 5000);
  const steadyTo = lastPublished();
  const [tA, tB] = [tally(onA, ackA.seq, steadyTo), tally(onB, ackB.seq, steadyTo)];
  check(
    'a push reaches a socket on each server once, in order',
    steadyTo > from &&
      [tA, tB].every(
        (t) => t.missed === 0 && t.duplicated === 0 && t.outOfOrder === 0 && t.epochs <= 1 && t.snapshots === 0,
      ),
    `odds:${SPORT} seq ${from + 1}–${steadyTo}: server 1 heard ${tA.heard} (missed ${tA.missed}, twice ${tA.duplicated}, out of order ${tA.outOfOrder}), ` +
      `server 2 heard ${tB.heard} (missed ${tB.missed}, twice ${tB.duplicated}, out of order ${tB.outOfOrder})`,
  );

  // 4. The free quota: twice the limit of calls at once, alternating between the servers.
  const free = await signUp(a, 'free');
  const answers = await Promise.all(
    Array.from({ length: FREE_QUOTA * 2 }, (_, i) =>
      json(i % 2 ? b : a, `/api/events?sport=${SPORT}`, { token: free }),
    ),
  );
  const answered = answers.filter((r) => r.status === 200).length;
  const refused = answers.filter((r) => r.status === 402 && r.body?.code === 'QUOTA_EXCEEDED').length;
  check(
    'the free quota holds at its limit across both servers',
    answered === FREE_QUOTA && refused === FREE_QUOTA,
    `${FREE_QUOTA * 2} calls at once: ${answered} answered, ${refused} refused QUOTA_EXCEEDED, ${answers.length - answered - refused} other (limit ${FREE_QUOTA})`,
  );

  // 4b. A sign-out on server 1 is refused at once by server 2, which kept the session in memory: its announcement, on
  // the sharded control channel (docs/scaling.md), drops it there (without it, not before the principal cache's TTL).
  const signedOut = await signUp(a, 'signout');
  const before = [await json(b, '/api/me', { token: signedOut }), await json(b, '/api/me', { token: signedOut })];
  const out = await json(a, '/api/auth/logout', { method: 'POST', token: signedOut, body: {} });
  const outAt = Date.now();
  let after = await json(b, '/api/me', { token: signedOut });
  while (after.status !== 401 && Date.now() - outAt < 5000) {
    await sleep(20);
    after = await json(b, '/api/me', { token: signedOut });
  }
  const refusedAfter = Date.now() - outAt;
  check(
    'a sign-out on one server is refused at once by the other',
    before.every((r) => r.status === 200) && out.status === 204 && after.status === 401 && refusedAfter < 1000,
    `server 2 answered ${before.map((r) => r.status).join(', ')} before; sign-out on server 1 ${out.status}; ` +
      `server 2 answered ${after.status} ${refusedAfter} ms after it`,
  );

  // 5. Settlement: a pick on a game that is over, two settlement jobs for it at once (a redelivery), two workers.
  await settlementCheck(a, b);

  // 6. SIGKILL server 1: its socket moves to server 2 and resumes from its last seq; then SIGKILL worker 1.
  const beforeKill = tally(onA, ackA.seq, lastPublished()).last;
  const closed = new Promise((resolve) => socketA.once('disconnect', resolve));
  pairs[0].children[0].child.kill('SIGKILL');
  await closed;
  const lastA = onA.messages.filter((m) => m.channel === 'odds' && m.key === SPORT).at(-1);
  socketA = await connect(b, token, onA);
  const resumed = await enter(socketA, {
    channel: 'odds',
    sport: SPORT,
    lastSeq: lastA?.seq ?? ackA.seq,
    ...(lastA ? { epoch: lastA.epoch } : {}),
  });
  const afterServerKill = lastPublished();
  await until(() => lastPublished() >= afterServerKill + 2, 60_000);
  pairs[0].children[1].child.kill('SIGKILL');
  const afterWorkerKill = lastPublished();
  const kept = await until(() => lastPublished() >= afterWorkerKill + 2, 90_000);
  const pollsAfter = polls.filter((p) => p.worker === 2 && p.seen > Date.now() - 90_000).length;
  await until(() => Math.min(tally(onA, 0, 0).last, tally(onB, 0, 0).last) >= lastPublished(), 5000);
  const finalTo = lastPublished();
  const [kA, kB] = [tally(onA, ackA.seq, finalTo), tally(onB, ackB.seq, finalTo)];
  const workersLeft = (await json(b, '/api/health')).body?.details?.workers;
  check(
    'a SIGKILL of a server and of a worker loses no message',
    kept &&
      [kA, kB].every(
        (t) => t.missed === 0 && t.duplicated === 0 && t.outOfOrder === 0 && t.epochs <= 1 && t.snapshots === 0,
      ),
    `server 1 killed at seq ${beforeKill}, its socket resumed on server 2 (${resumed.replayed} replayed, snapshot ${resumed.snapshot}); ` +
      `worker 1 killed at seq ${afterWorkerKill}, worker 2 published on to ${finalTo} (${pollsAfter} polls in its last 90 s), server 2 counts ${workersLeft} worker; ` +
      `seq ${from + 1}–${finalTo}: the moved socket missed ${kA.missed}, twice ${kA.duplicated}; server 2's missed ${kB.missed}, twice ${kB.duplicated}`,
  );
  // 7. A primary restart (the one serving the queues' slot, where it stopped every worker for good): stopped
  // CHECK_PRIMARY_DOWN_MS, started again with its nodes.conf and empty; the remaining worker takes jobs again through
  // the queues (its next poll) and server 2's socket hears the room again, without a restart of either process.
  if (cluster) {
    await primaryRestartCheck(b, onB);
    await clusterDownShutdownCheck();
  } else
    say(
      'skip  a primary restart, and a worker stopped while a primary is away: the check stops only the cluster it started (REDIS_CLUSTER_NODES is set)',
    );
  socketA.close();
  socketB.close();
}

async function primaryRestartCheck(b, onB) {
  const port = await cluster.primaryOf(`${bullPrefix(parseConfig(base))}:x`);
  const okAfterMs = await cluster.restart(port, PRIMARY_DOWN_MS);
  const back = Date.now();
  const heardBefore = onB.messages.length;
  const polled = await until(() => polls.some((p) => p.seen > back), 120_000);
  const firstPoll = polls.find((p) => p.seen > back);
  const heard = await until(
    () => onB.messages.slice(heardBefore).some((m) => m.channel === 'odds' && m.key === SPORT),
    120_000,
  );
  const heardAfterMs = Date.now() - back;
  const health = await json(b, '/api/health');
  check(
    'a primary restart: jobs run again through the queues and the socket hears the next poll, with no process restarted',
    polled && heard,
    `primary ${port} (the queues' slot) down ${PRIMARY_DOWN_MS} ms, cluster_state:ok ${okAfterMs} ms after its start; ` +
      `first poll through the queues ${firstPoll ? `${firstPoll.seen - back} ms` : 'none within 120 s'} after that, ` +
      `server 2's socket heard the room ${heard ? `${heardAfterMs} ms` : 'nothing within 120 s'} after it; ` +
      `health then ${health.status} with ${health.body?.details?.workers} worker(s)`,
  );
}

// 8. The queues' primary stopped for good: the cluster answers CLUSTERDOWN for their slot while BullMQ's connections
// stay `ready` (no ready check, BullConnection). The worker left, sent SIGTERM, cannot save any job's result, so it
// closes its queues without waiting (docs/operating.md "A worker killed") and exits 0 at once.
async function clusterDownShutdownCheck() {
  const port = await cluster.primaryOf(`${bullPrefix(parseConfig(base))}:x`);
  const failAfterMs = await cluster.stop(port);
  const workers = pairs[1].children.find((c) => c.name === 'workers').child;
  const signalled = Date.now();
  // a worker that left on its own before the signal (or never leaves) fails the check instead of hanging it
  const gone = workers.exitCode !== null || workers.signalCode !== null;
  const exited = gone
    ? Promise.resolve({ code: `${workers.exitCode ?? workers.signalCode} before SIGTERM`, signal: null, at: Infinity })
    : Promise.race([
        new Promise((resolve) => workers.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() }))),
        sleep(10 * DOWN_EXIT_MS).then(() => ({ code: null, signal: 'nothing', at: Infinity })),
      ]);
  if (!gone) workers.kill('SIGTERM');
  const { code, signal, at } = await exited;
  const said = closedWithoutWaiting.filter((c) => c.worker === 2 && c.seen >= signalled);
  const reasons = [...new Set(said.map((c) => `${c.redis}${c.reason ? ` (${c.reason})` : ''}`))];
  check(
    "a worker sent SIGTERM while the queues' slot is unserved exits at once, saying Redis is down",
    code === 0 && at - signalled < DOWN_EXIT_MS && said.length > 0 && said.every((c) => c.redis === 'down'),
    `primary ${port} (the queues' slot) stopped, cluster_state:fail on the others ${failAfterMs} ms after; ` +
      `worker 2 exited ${code ?? signal} ${at - signalled} ms after SIGTERM (limit ${DOWN_EXIT_MS} ms); ` +
      `${said.length} queues closed without waiting for their jobs, Redis said ${reasons.join(', ') || 'nothing'}`,
  );
  // started again (empty, as it stopped) so that the teardown finds every node to delete the check's keys from
  await cluster.restart(port, 0);
}

async function settlementCheck(a, b) {
  const owner = await signUp(a, 'picks');
  const heard = { messages: [], snapshots: [] };
  const socket = await connect(b, owner, heard);
  await enter(socket, { channel: 'user' });
  const pick = await json(a, '/api/picks', {
    method: 'POST',
    token: owner,
    body: {
      game: 'Las Vegas Aces @ New York Liberty',
      league: 'WNBA',
      sport: SETTLED_SPORT,
      market: 'Moneyline',
      selection: 'New York Liberty',
      odds: '+150',
      stakeCents: 1000,
    },
  });
  if (pick.status !== 201) throw new Error(`The pick was refused: ${pick.status} ${JSON.stringify(pick.body)}`);
  const game = {
    id: `cluster-check-${Date.now()}`,
    sport_key: SETTLED_SPORT,
    league: 'WNBA',
    commence_time: new Date(Date.now() - 3 * 3600_000).toISOString(),
    home_team: 'New York Liberty',
    away_team: 'Las Vegas Aces',
    scores: { home: 110, away: 101 },
    home_score: 110,
    away_score: 101,
    completed: true,
    live: false,
    status: 'final',
    status_type: { name: 'STATUS_FINAL', detail: 'Final', completed: true },
    clock: null,
    period: 4,
    source: 'simulator',
    last_update: new Date().toISOString(),
  };
  const config = parseConfig(base);
  const connection = createRedisClient(config, { maxRetriesPerRequest: null });
  const queue = new Queue(JOB_QUEUE[JobName.PicksSettleGame], { connection, prefix: bullPrefix(config) });
  try {
    const jobs = await Promise.all(
      [1, 2].map((n) =>
        queue.add(JobName.PicksSettleGame, { sport: SETTLED_SPORT, game }, { jobId: `${game.id}-${n}` }),
      ),
    );
    const done = await until(
      async () => (await Promise.all(jobs.map((job) => queue.getJob(job.id)))).every((job) => job?.finishedOn),
      60_000,
    );
    const finished = await Promise.all(jobs.map((job) => queue.getJob(job.id)));
    await until(() => heard.messages.some((m) => m.type === 'picks.settled'), 5000);
    await sleep(1000);
    const mine = await json(b, '/api/picks', { token: owner });
    // GET /api/picks answers a page: `{picks, nextCursor}`, newest first (the check's pick is on its first page).
    const status = mine.body?.picks?.find((p) => p.id === pick.body.id)?.status;
    const settled = finished.map((job) => job?.returnvalue?.settled ?? `failed: ${job?.failedReason}`);
    const pushes = heard.messages.filter((m) => m.type === 'picks.settled').length;
    check(
      'a pick on a finished game settled once by two workers',
      done &&
        status === 'won' &&
        settled.reduce((sum, n) => sum + (typeof n === 'number' ? n : 0), 0) === 1 &&
        settledBy.length === 1 &&
        pushes >= 1,
      `two settlement jobs at once settled ${settled.join(' and ')}; the pick is ${status}; settled by worker ${settledBy.join(' and ') || 'none'}; its owner's socket on server 2 heard ${pushes} picks.settled (at least once: a run sends what is owed, docs/operating.md)`,
    );
  } finally {
    socket.close();
    await queue.close();
    await connection.quit();
  }
}
