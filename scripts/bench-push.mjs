// `npm run bench:push`: 1,000 and 5,000 socket.io clients on loopback subscribed across sports, board
// diffs published at 50 per second through Redis; p50/p99 publish → receipt latency and server RSS per 1,000
// clients for the gateway, and the same for a bare socket.io server relaying the same payloads, in the same run.
// Bounded: each round is four phases of about 10 s of measurement. Loopback only. Prints figures; asserts nothing.
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { attachInspector, selfTimes } from './bench/inspector.mjs';
import { cpuSeconds } from './lib/proc.mjs';
import { ROOT, freePort, run } from './lib/stack.mjs';

// The built core, as the server resolves it (the core workspace's public entry).
const require = createRequire(join(ROOT, 'server', 'package.json'));
const { RedisService, RealtimePublisher, dropDatabase, deleteKeysWithPrefix, parseConfig } = require('@oddspulse/core');
const IORedis = require('ioredis');

const CLIENT_COUNTS = (process.env.BENCH_CLIENTS ?? '1000,5000').split(',').map(Number);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const MEASURE_MS = Number(process.env.BENCH_MEASURE_MS ?? 10000);
// Measured from this long after publishing starts (which is once every subscribe was acknowledged): steady state.
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 5000);
const WORKERS = Number(process.env.BENCH_CLIENT_PROCESSES ?? 2);
// Server processes per phase: each count runs the gateway and the bare server in that many processes, every
// process relaying every message to its own sockets (how the gateway scales out), clients spread evenly.
// Each phase runs this many times, the two servers alternating: one round's p99 on a shared 2-core machine swings
// with scheduling, so the summary gives the median of the rounds.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SERVER_PROCESSES = (process.env.BENCH_SERVER_PROCESSES ?? '1').split(',').map(Number);
// A folder: each server's CPU profile of every phase's connect and measurement windows, and a heap profile of what
// the connections keep, are written there (open them in Chrome DevTools).
const PROFILE_DIR = process.env.BENCH_PROFILE;
const SPORTS = [
  'americanfootball_nfl',
  'americanfootball_ncaaf',
  'basketball_nba',
  'basketball_ncaab',
  'icehockey_nhl',
  'baseball_mlb',
  'soccer_usa_mls',
  'soccer_epl',
];

const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
const base = process.env.TEST_DATABASE_BASE_URL || 'postgres://postgres@127.0.0.1:5432';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const prefix = `oddspulse-bench-${id}`;

/** The machine's CPU time by kind (jiffies), from /proc/stat. */
function machineCpu() {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return {
    busy: user + nice + system + irq + softirq,
    softirq,
    steal,
    total: user + nice + system + idle + iowait + irq + softirq + steal,
  };
}
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

/** A realistic straight-bets diff: three events, two books each moving a moneyline. */
function diffPayload(sport, n) {
  const events = Array.from({ length: 3 }, (_, e) => ({
    id: `${sport}-event-${(n + e) % 40}`,
    change: 'changed',
    bookmakers: ['draftkings', 'fanduel'].map((key) => ({
      key,
      title: key,
      markets: [
        {
          key: 'h2h',
          change: 'changed',
          outcomes: [
            { change: 'price', name: 'Home Team', price: 1.9 + (n % 7) / 100, previous_price: 1.91, direction: 'down' },
            { change: 'price', name: 'Away Team', price: 2.0 + (n % 5) / 100, previous_price: 1.99, direction: 'up' },
          ],
        },
      ],
    })),
  }));
  return { sport_key: sport, fetched_at: new Date().toISOString(), events };
}

function startWorkers(count) {
  return Array.from({ length: count }, () =>
    fork(join(ROOT, 'scripts', 'bench', 'clients.mjs'), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
  );
}

function ask(worker, command, answer) {
  return new Promise((resolve, reject) => {
    const onMessage = (message) => {
      if (message.type === 'error') reject(new Error(message.message));
      else if (message.type === answer) resolve(message);
      else return;
      worker.off('message', onMessage);
    };
    worker.on('message', onMessage);
    worker.send(command);
  });
}

/** Profiles `work` on the server when profiling is on: the profile is written and its heaviest functions printed. */
async function profiled(profiler, label, work) {
  if (!profiler) return work();
  await profiler.start();
  const result = await work();
  const profile = await profiler.stop();
  writeFileSync(join(PROFILE_DIR, `${label}.cpuprofile`), JSON.stringify(profile));
  process.stderr.write(`\n${label}: self time, heaviest first\n`);
  for (const f of selfTimes(profile))
    process.stderr.write(
      `  ${f.ms.toFixed(0).padStart(6)} ms ${(f.share * 100).toFixed(1).padStart(5)} %  ${f.name}\n`,
    );
  return result;
}

/** process.memoryUsage() of every server after a full collection, summed. */
async function memoryOf(servers) {
  const readings = await Promise.all(servers.map((server) => server.inspector.memory()));
  return {
    rss: readings.reduce((sum, m) => sum + m.rss, 0),
    heapUsed: readings.reduce((sum, m) => sum + m.heapUsed, 0),
  };
}

async function phase({ name, round, servers, auth, n, publish }) {
  process.stderr.write(`bench:push: round ${round}, ${name}, ${servers.length} process(es), ${n} clients…\n`);
  // a profile is of the first server process
  const profiler = PROFILE_DIR ? servers[0].inspector : null;
  const workerCount = Math.ceil(Math.max(WORKERS, servers.length) / servers.length) * servers.length;
  const workers = startWorkers(workerCount);
  // memory per client is read after a full collection, before and after: garbage is nobody's per-client cost
  const memoryBefore = await memoryOf(servers);
  const connectStart = Date.now();
  const per = Math.ceil(n / workerCount);
  const label = `${name.split(' ')[0]}-${servers.length}x-${n}`;
  // what the sockets' connections allocate and keep: a sampling heap profile of the connect window, after a collection
  if (profiler) await profiler.startHeapSampling();
  await profiled(profiler, `${label}-connect`, () =>
    Promise.all(
      workers.map((w, i) =>
        ask(
          w,
          {
            type: 'connect',
            url: servers[i % servers.length].url,
            auth,
            sports: SPORTS,
            n: Math.min(per, n - i * per),
            offset: i * per,
          },
          'connected',
        ),
      ),
    ),
  );
  const connectSeconds = (Date.now() - connectStart) / 1000;
  if (profiler)
    writeFileSync(join(PROFILE_DIR, `${label}-connect.heapprofile`), JSON.stringify(await profiler.stopHeapSampling()));

  let seq = 0;
  const publishOne = () => {
    const sport = SPORTS[seq % SPORTS.length];
    const data = diffPayload(sport, seq++);
    data.bench_sent_at = performance.timeOrigin + performance.now();
    return publish(sport, data);
  };
  let published = 0;
  let publishing = true;
  const interval = 1000 / RATE;
  const loop = (async () => {
    let next = performance.now();
    while (publishing) {
      await publishOne();
      published++;
      next += interval;
      const wait = next - performance.now();
      if (wait > 0) await sleep(wait);
    }
  })();
  await sleep(WARMUP_MS);
  const serversCpu = () => servers.reduce((sum, server) => sum + cpuSeconds(server.pid), 0);
  const cpuBefore = serversCpu();
  const clientsCpuBefore = workers.reduce((sum, w) => sum + cpuSeconds(w.pid), 0);
  const machineBefore = machineCpu();
  const measureStart = performance.now();
  const { measuredMessages, results } = await profiled(profiler, `${label}-measure`, async () => {
    for (const w of workers) w.send({ type: 'measure' });
    const measuredFrom = published;
    await sleep(MEASURE_MS);
    const measuredMessages = published - measuredFrom;
    return { measuredMessages, results: await Promise.all(workers.map((w) => ask(w, { type: 'stop' }, 'latencies'))) };
  });
  const cpuUsed = serversCpu() - cpuBefore;
  const clientsCpuUsed = workers.reduce((sum, w) => sum + cpuSeconds(w.pid), 0) - clientsCpuBefore;
  const measuredSeconds = (performance.now() - measureStart) / 1000;
  const machineAfter = machineCpu();
  const machineShare = (field) =>
    (machineAfter[field] - machineBefore[field]) / Math.max(1, machineAfter.total - machineBefore.total);
  publishing = false;
  await loop;
  const rssAfter = servers.reduce((sum, server) => sum + rssMb(server.pid), 0);
  // with the clients still connected: what the sockets hold once garbage is collected
  const memoryAfter = await memoryOf(servers);
  const perThousand = (field) => ((memoryAfter[field] - memoryBefore[field]) / 2 ** 20 / n) * 1000;
  await Promise.all(workers.map((w) => ask(w, { type: 'close' }, 'closed')));
  for (const w of workers) w.kill();

  const mismatches = results.flatMap((r) => r.mismatches);
  if (mismatches.length)
    throw new Error(`${name}: deliveries do not match their subscriptions: ${mismatches.join('; ')}`);
  const checked = results.reduce((sum, r) => sum + r.checked, 0);
  if (checked < n) throw new Error(`${name}: only ${checked} of ${n} sockets received a delivery`);
  const latencies = results.flatMap((r) => r.values).sort((a, b) => a - b);
  const expected = (measuredMessages * n) / SPORTS.length;
  return {
    name,
    round,
    processes: servers.length,
    clients: n,
    connectSeconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    received: latencies.length,
    expected: Math.round(expected),
    rssMb: rssAfter,
    cpuPer1000: (cpuUsed * 1000 * 1000) / Math.max(1, latencies.length),
    serverCpuPct: (cpuUsed / measuredSeconds) * 100,
    load: loadavg()[0],
    machineBusyPct: machineShare('busy') * 100,
    machineStealPct: machineShare('steal') * 100,
    clientsCpuPct: (clientsCpuUsed / measuredSeconds) * 100,
    rssPer1000: perThousand('rss'),
    heapPer1000: perThousand('heapUsed'),
  };
}

async function waitForPort(url) {
  for (let i = 0; i < 120; i++) {
    try {
      await fetch(`${url}/api/health`);
      return;
    } catch {
      await sleep(500);
    }
  }
  throw new Error(`Nothing answered at ${url}`);
}

const env = {
  ...process.env,
  NODE_ENV: 'test',
  DATABASE_URL: `${base}/oddspulse_bench_${id}`,
  REDIS_URL: redisUrl,
  REDIS_PREFIX: prefix,
  DEMO_MODE: 'true',
  LOG_LEVEL: 'error',
  RATE_LIMIT_MAX: '100000',
  // Every bench client connects and subscribes from 127.0.0.1 (and signs in as one of a few demo accounts): the
  // per-address socket limit would refuse all but the first few hundred of them, the caps on open sockets all but 50.
  SOCKET_RATE_LIMIT_ADDRESS_MAX: '1000000',
  SOCKET_MAX_PER_ADDRESS: '1000000',
  SOCKET_MAX_PER_ACCOUNT: '1000000',
};
if (run(process.execPath, ['core/dist/cli.js', 'setup'], env) !== 0) process.exit(1);

// Every server process opens the inspector on loopback: a full collection before each memory reading, and the profiles.
async function startServers(count, start) {
  const servers = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const inspectPort = await freePort();
    const child = start(port, [`--inspect=127.0.0.1:${inspectPort}`]);
    servers.push({ child, pid: child.pid, url: `http://127.0.0.1:${port}`, inspectPort, inspector: null });
  }
  return servers;
}

if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
const processCount = Math.max(...SERVER_PROCESSES);
const gateways = await startServers(processCount, (port, execArgv) =>
  spawn(process.execPath, [...execArgv, 'server/dist/main.js'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: 'inherit',
  }),
);
const bares = await startServers(processCount, (port, execArgv) =>
  fork(join(ROOT, 'scripts', 'bench', 'bare-server.mjs'), [String(port), redisUrl, `${prefix}:bare:`], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv,
  }),
);
const barePublishesReady = bares.map(({ child }) => new Promise((resolve) => child.once('message', resolve)));
const redisService = new RedisService({ ...parseConfig(process.env), REDIS_URL: redisUrl, REDIS_PREFIX: prefix });
const publisher = new RealtimePublisher(redisService);
const barePublisher = new IORedis(redisUrl);
const results = [];
const loadBefore = loadavg()[0];
try {
  for (const gateway of gateways) await waitForPort(gateway.url);
  await Promise.all(barePublishesReady);
  for (const server of [...gateways, ...bares]) server.inspector = await attachInspector(server.inspectPort);
  const login = await fetch(`${gateways[0].url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'gold@demo.local', password: 'oddspulse-demo' }),
  });
  if (!login.ok) throw new Error(`Demo sign-in failed: ${login.status} ${await login.text()}`);
  const { access_token: token } = await login.json();

  const gatewayPhase = (processes, n, round) => ({
    name: 'gateway',
    round,
    servers: gateways.slice(0, processes),
    auth: { token },
    n,
    publish: (sport, data) =>
      publisher.publish({ channel: 'odds', key: sport, at: new Date().toISOString(), type: 'board.diff', data }),
  });
  const barePhase = (processes, n, round) => ({
    name: 'bare socket.io',
    round,
    servers: bares.slice(0, processes),
    auth: {},
    n,
    publish: (sport, data) =>
      barePublisher.publish(
        `${prefix}:bare:${sport}`,
        JSON.stringify({
          seq: 0,
          epoch: 'barebaseline00',
          channel: 'odds',
          key: sport,
          at: new Date().toISOString(),
          type: 'board.diff',
          data,
        }),
      ),
  });
  for (const processes of SERVER_PROCESSES) {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const n of CLIENT_COUNTS) {
        // the servers take turns going first, so drift in the machine's load does not favour one of them
        const pair = [gatewayPhase(processes, n, round), barePhase(processes, n, round)];
        for (const spec of round % 2 ? pair : pair.reverse()) results.push(await phase(spec));
      }
    }
  }
} finally {
  for (const server of [...gateways, ...bares]) {
    server.inspector?.close();
    server.child.kill('SIGTERM');
  }
  await sleep(1000);
  await deleteKeysWithPrefix(barePublisher, prefix);
  barePublisher.disconnect();
  await redisService.onApplicationShutdown();
  await dropDatabase(env.DATABASE_URL);
}

const fmt = (v, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : 'n/a');
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
console.log(
  `\nbench:push — ${RATE} diffs/s through Redis, ${SPORTS.length} sports, ${MEASURE_MS / 1000} s measured per phase, ${ROUNDS} round(s), at least ${WORKERS} client processes, loopback`,
);
// Server, bare server, publisher and clients share this machine's cores: say how busy it was.
console.log(`${cpus().length} CPUs; load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after\n`);
// CPU % is of one core, over the measurement: server and client processes together near 200 % means the two
// cores, not the server, set the latency.
console.log(
  '| round | server | processes | clients | p50 ms | p99 ms | received / expected | server CPU ms per 1,000 deliveries | server CPU % | client processes CPU % | machine busy % (steal %) | load after | server RSS MB | RSS MB per 1,000 clients | heap MB per 1,000 clients | connect s |',
);
console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  console.log(
    `| ${r.round} | ${r.name} | ${r.processes} | ${r.clients} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${r.received} / ${r.expected} | ${fmt(r.cpuPer1000)} | ${fmt(r.serverCpuPct, 0)} | ${fmt(r.clientsCpuPct, 0)} | ${fmt(r.machineBusyPct, 0)} (${fmt(r.machineStealPct, 0)}) | ${fmt(r.load)} | ${fmt(r.rssMb)} | ${fmt(r.rssPer1000)} | ${fmt(r.heapPer1000)} | ${fmt(r.connectSeconds)} |`,
  );
}
console.log(`\nMedian of ${ROUNDS} round(s)\n`);
console.log(
  '| server | processes | clients | p50 ms | p99 ms (each round) | server CPU ms per 1,000 deliveries | RSS MB per 1,000 clients |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
const summary = [];
for (const processes of SERVER_PROCESSES) {
  for (const n of CLIENT_COUNTS) {
    for (const name of ['gateway', 'bare socket.io']) {
      const rounds = results.filter((r) => r.name === name && r.processes === processes && r.clients === n);
      const m = {
        name,
        processes,
        n,
        ...Object.fromEntries(
          ['p50', 'p99', 'cpuPer1000', 'rssPer1000'].map((field) => [field, median(rounds.map((r) => r[field]))]),
        ),
      };
      summary.push(m);
      console.log(
        `| ${name} | ${processes} | ${n} | ${fmt(m.p50, 2)} | ${fmt(m.p99, 2)} (${rounds.map((r) => fmt(r.p99, 0)).join(', ')}) | ${fmt(m.cpuPer1000)} | ${fmt(m.rssPer1000)} |`,
      );
    }
    const [g, b] = summary.slice(-2);
    console.log(
      `ratio gateway / bare, ${processes} process(es), ${n} clients (medians): p50 ${fmt(g.p50 / b.p50, 2)}, p99 ${fmt(g.p99 / b.p99, 2)}, CPU per delivery ${fmt(g.cpuPer1000 / b.cpuPer1000, 2)}, RSS per 1,000 ${fmt(g.rssPer1000 / b.rssPer1000, 2)}`,
    );
  }
}
process.exit(0);
