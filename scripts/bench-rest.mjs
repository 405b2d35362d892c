// `npm run bench:rest`: what first loads cost. On a stack started as `npm start` starts it (server and
// workers, demo feed), once the boards are warm, with the pipeline still writing them, against the one server process:
// - requests per second and server CPU per request (from /proc, whatever else ran) of each REST first-load route (the boards plain and packed),
//   and of GET /api/health/live (the process answering, no dependency checked) as the baseline, with autocannon over loopback, asking for brotli as browsers do;
// - each route's body raw and as sent;
// - five first visits of /sportsbooks in Chromium (empty cache, signed in as Gold): bytes on the wire (HTTP: HTML,
//   JS, CSS, data) and the time from navigation to the first odds row;
// - the reload storm: N users replaying that visit's requests at once; seconds of server CPU;
// - the JavaScript a visitor's first visit of / downloads, in gzip bytes (bench/landing-js.mjs).
// Prints figures; asserts nothing. Its last line: `bench:rest odds-cpu-ratio=<ratio> page-bytes=<bytes> landing-js-gzip=<bytes>`.
// BENCH_ROUTES_ONLY=1 measures the routes alone (no Chromium visit, no storm; page-bytes then reads n/a), for iterating.
import { request as httpRequest } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { chromium } from '@playwright/test';
import { startCountingProxy } from './bench/counting-proxy.mjs';
import { demoAccessToken, reportFirstRow, signedInState, visitToFirstRow } from './bench/first-row.mjs';
import { landingJs } from './bench/landing-js.mjs';
import { cpuSeconds } from './lib/proc.mjs';
import { freePort, ROOT, run, startProcesses, throwawayStackEnv, waitForHealth } from './lib/stack.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const STORM_USERS = Number(process.env.BENCH_STORM_USERS ?? 1000);
const STORM_CONCURRENCY = Number(process.env.BENCH_STORM_CONCURRENCY ?? 100);
const ROUTES_ONLY = process.env.BENCH_ROUTES_ONLY === '1';
const VISITS = Number(process.env.BENCH_VISITS ?? 5);
// The pipeline's pace as `npm start` runs it (SCHEDULER_TICK_MS's default, 5 s); BENCH_SCHEDULER_TICK_MS=1000 polls and
// rewrites every board five times as often, as the rounds before the sixth measured.
const TICK_MS = process.env.BENCH_SCHEDULER_TICK_MS ?? '5000';
const WARM_TIMEOUT_MS = 120_000;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const NFL = 'americanfootball_nfl';
const NBA = 'basketball_nba';

const { env, port } = await throwawayStackEnv('benchrest', {
  LOG_LEVEL: 'error',
  RATE_LIMIT_MAX: '10000000',
  SCHEDULER_TICK_MS: TICK_MS,
});
const url = `http://127.0.0.1:${port}`;
const proxyPort = await freePort();
const proxyUrl = `http://127.0.0.1:${proxyPort}`;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One GET as sent: status, headers and the body's bytes on the wire (no decompression). */
function rawGet(path, headers = {}) {
  return new Promise((resolve, reject) => {
    httpRequest(`${url}${path}`, { headers, agent: false }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, bytes }));
    })
      .on('error', reject)
      .end();
  });
}

/** Waits until every route answers 200 with content (the demo feed has written boards, scores and opportunities). */
async function warm(routes) {
  const deadline = Date.now() + WARM_TIMEOUT_MS;
  const pending = new Set(routes);
  while (pending.size && Date.now() < deadline) {
    for (const route of [...pending]) {
      const res = await fetch(`${url}${route.path}`, { headers: route.headers });
      const body = res.ok ? await res.text() : '';
      if (res.ok && body.length > (route.minBytes ?? 2)) pending.delete(route);
    }
    if (pending.size) await sleep(1000);
  }
  if (pending.size)
    process.stderr.write(
      `bench:rest: not warm after ${WARM_TIMEOUT_MS / 1000} s: ${[...pending].map((r) => r.name).join(', ')}\n`,
    );
}

async function measureRoute(pid, route) {
  const headers = { 'accept-encoding': 'br, gzip', ...route.headers };
  const raw = await rawGet(route.path, { ...route.headers });
  const sent = await rawGet(route.path, headers);
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({
    url: `${url}${route.path}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers,
  });
  const cpu = cpuSeconds(pid) - cpuBefore;
  const requests = result.requests.total;
  return {
    name: route.name,
    rps: requests / DURATION_S,
    cpuMsPerRequest: (cpu * 1000) / Math.max(1, requests),
    non2xx: result.non2xx,
    rawBytes: raw.bytes,
    sentBytes: sent.bytes,
    coding: sent.headers['content-encoding'] ?? 'identity',
    status: sent.status,
  };
}

/**
 * A first visit of /sportsbooks in Chromium with an empty cache, signed in, through the counting proxy: bytes on the
 * wire (every HTTP byte the server sent, the service worker's fetches included; the live socket apart), the requests
 * (Chromium's list, for the table and the storm) and the time from navigation to the first odds row in the DOM, read in
 * the page (bench/first-row.mjs).
 */
async function firstVisit() {
  const proxy = await startCountingProxy(proxyPort, port);
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    landing = await landingJs(browser, url, join(ROOT, 'client', 'dist'));
    const storageState = await signedInState(browser, proxyUrl, 'gold@demo.local');
    const visits = [];
    for (let i = 0; i < VISITS; i++) {
      const context = await browser.newContext({ baseURL: proxyUrl, storageState });
      await reportFirstRow(context);
      const visit = await context.newPage();
      const cdp = await context.newCDPSession(visit);
      await cdp.send('Network.enable');
      const urls = new Map();
      const requests = [];
      cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
      cdp.on('Network.loadingFinished', (e) =>
        requests.push({ url: urls.get(e.requestId) ?? '?', bytes: e.encodedDataLength }),
      );
      proxy.reset();
      const { ms: firstRowMs, quiet } = await visitToFirstRow(visit);
      await visit.waitForLoadState('networkidle').catch(() => undefined);
      await sleep(1_000);
      const wire = proxy.counts();
      visits.push({ firstRowMs, quiet, requests: [...requests], wire });
      await context.close();
    }
    return visits;
  } finally {
    await browser.close();
    await proxy.close();
  }
}

/** N users replaying a first visit's HTTP requests at once, `STORM_CONCURRENCY` in flight: server CPU seconds and bytes. */
async function reloadStorm(pid, paths, token) {
  const headers = {
    authorization: `Bearer ${token}`,
    'accept-encoding': 'gzip, deflate, br',
    accept: 'text/html,application/json,*/*',
  };
  const jobs = Array.from({ length: STORM_USERS }, () => paths).flat();
  let next = 0;
  let bytes = 0;
  let failed = 0;
  const cpuBefore = cpuSeconds(pid);
  const start = Date.now();
  await Promise.all(
    Array.from({ length: STORM_CONCURRENCY }, async () => {
      while (next < jobs.length) {
        const res = await rawGet(jobs[next++], headers);
        bytes += res.bytes;
        if (res.status >= 400) failed++;
      }
    }),
  );
  return {
    cpuSeconds: cpuSeconds(pid) - cpuBefore,
    wallSeconds: (Date.now() - start) / 1000,
    requests: jobs.length,
    bytes,
    failed,
  };
}

if (run(process.execPath, ['core/dist/cli.js', 'setup'], env) !== 0) process.exit(1);
const stack = startProcesses(env, { stdio: ['ignore', 'inherit', 'inherit'] });
const server = stack.children.find((c) => c.name === 'server').child;
const results = [];
let visits = [];
let storm;
let landing;
const loadBefore = loadavg()[0];
try {
  await waitForHealth(url);
  const gold = { authorization: `Bearer ${await demoAccessToken(url, 'gold@demo.local')}` };
  const platinum = { authorization: `Bearer ${await demoAccessToken(url, 'platinum@demo.local')}` };
  const routes = [
    { name: 'GET /api/health/live (baseline)', path: '/api/health/live', headers: {} },
    {
      name: 'GET /api/odds (NFL, 3 markets, US)',
      path: `/api/odds?sports=${NFL}&markets=h2h,spreads,totals&regions=us`,
      headers: gold,
    },
    {
      name: 'GET /api/boards (NFL+NBA, first load)',
      path: `/api/boards?kind=odds&sports=${NFL},${NBA}&markets=h2h,spreads,totals`,
      headers: gold,
    },
    {
      name: 'GET /api/boards (the same, packed)',
      path: `/api/boards?kind=odds&sports=${NFL},${NBA}&markets=h2h,spreads,totals&format=packed`,
      headers: gold,
    },
    { name: 'GET /api/player-props (NBA)', path: `/api/player-props?sports=${NBA}`, headers: gold },
    {
      name: 'GET /api/arbitrage',
      path: `/api/arbitrage?sports=${NFL},${NBA}&minProfit=0.1`,
      headers: platinum,
      minBytes: 0,
    },
    { name: 'GET /api/middles', path: `/api/middles?sports=${NFL},${NBA}`, headers: platinum, minBytes: 0 },
    { name: 'GET /api/ev', path: `/api/ev?sports=${NFL},${NBA}`, headers: gold, minBytes: 0 },
    { name: 'GET /api/scores (NFL)', path: `/api/scores?sport=${NFL}`, headers: {} },
  ];
  process.stderr.write('bench:rest: waiting for the demo feed to warm the boards…\n');
  await warm(routes);
  if (!ROUTES_ONLY) visits = await firstVisit();
  for (const route of routes) {
    process.stderr.write(`bench:rest: ${route.name}…\n`);
    results.push(await measureRoute(server.pid, route));
  }
  if (!ROUTES_ONLY) {
    const paths = visits[0].requests
      .map((r) => new URL(r.url))
      .filter((u) => u.origin === proxyUrl)
      .map((u) => u.pathname + u.search);
    process.stderr.write(`bench:rest: reload storm, ${STORM_USERS} users × ${paths.length} requests…\n`);
    storm = await reloadStorm(server.pid, paths, gold.authorization.slice('Bearer '.length));
  }
} finally {
  await stack.stop();
  run(process.execPath, ['scripts/lib/teardown.mjs', env.DATABASE_URL, env.REDIS_PREFIX], env);
}

const fmt = (v, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : 'n/a');
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
console.log(
  `\nbench:rest — autocannon, ${CONNECTIONS} connections × ${DURATION_S} s per route, one server process, the demo pipeline writing boards meanwhile (a tick every ${TICK_MS} ms), loopback`,
);
console.log(`${cpus().length} CPUs; load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after\n`);
console.log(
  '| route | req/s | server CPU ms per request | × health/live | body raw bytes | as sent (coding) | non-2xx |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
const health = results[0];
for (const r of results) {
  const ratio = r.cpuMsPerRequest / health.cpuMsPerRequest;
  console.log(
    `| ${r.name} | ${fmt(r.rps, 0)} | ${fmt(r.cpuMsPerRequest, 3)} | ${fmt(ratio, 2)} | ${r.rawBytes} | ${r.sentBytes} (${r.coding}, ${fmt((100 * r.sentBytes) / Math.max(1, r.rawBytes), 1)} %) | ${r.non2xx} |`,
  );
}
const pageBytes = visits.length ? median(visits.map((v) => v.wire.http.down)) : 'n/a';
if (visits.length) {
  console.log(
    `\nFirst visit of /sportsbooks in Chromium (empty cache, signed in as Gold): bytes on the wire counted by a TCP proxy (every HTTP byte the server sent, headers included, the service worker's fetches too; the live socket apart), time to the first odds row in the DOM measured in the page`,
  );
  for (const [i, v] of visits.entries()) {
    console.log(
      `visit ${i + 1}: first odds row after ${v.firstRowMs} ms${v.quiet === false ? ' (the browser was still busy after 5 s)' : ''}; ${v.requests.length} requests, ${v.wire.http.down} bytes received (${v.wire.http.up} sent) over ${v.wire.connections} connections; live socket ${v.wire.socket.down} bytes received`,
    );
  }
  console.log(
    `| request (visit 1, Chromium's encoded bytes; its sum ${visits[0].requests.reduce((s, r) => s + r.bytes, 0)}) | bytes |`,
  );
  console.log('|---|---:|');
  for (const r of visits[0].requests) console.log(`| ${new URL(r.url).pathname} | ${r.bytes} |`);
  console.log(
    `time to first odds row (median of ${visits.length}): ${median(visits.map((v) => v.firstRowMs))} ms; page bytes (median): ${pageBytes}`,
  );
}
if (storm) {
  console.log(
    `\nReload storm: ${STORM_USERS} users replaying the first visit (${storm.requests} requests, ${STORM_CONCURRENCY} in flight): ${fmt(storm.cpuSeconds, 2)} s of server CPU, ${fmt(storm.wallSeconds, 1)} s wall, ${fmt(storm.bytes / 2 ** 20, 1)} MB sent, ${storm.failed} failed; 5,000 users ≈ ${fmt((storm.cpuSeconds * 5000) / STORM_USERS, 1)} s of CPU`,
  );
}
if (landing) {
  console.log(
    `\nLanding page (/), a visitor's first visit: ${landing.files.length} scripts, ${landing.gzip} bytes of JavaScript in gzip`,
  );
  console.log('| script | gzip bytes |');
  console.log('|---|---:|');
  for (const file of landing.files) console.log(`| ${file.pathname} | ${file.gzip} |`);
}
const odds = results.find((r) => r.name.startsWith('GET /api/odds'));
console.log(
  `bench:rest odds-cpu-ratio=${fmt(odds.cpuMsPerRequest / health.cpuMsPerRequest, 2)} page-bytes=${pageBytes} landing-js-gzip=${landing?.gzip ?? 'n/a'}`,
);
process.exit(0);
