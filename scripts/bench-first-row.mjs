// `npm run bench:first-row`: time to the first odds row of a signed-in first visit of /sportsbooks in
// Chromium, over many visits, and where each visit's time went (from the page's own timing: the HTML, the entry
// script, the boards' request). With BENCH_BASELINE_DIST=<a client build> it also serves that build from a second server of
// the same stack (same database, Redis and pipeline) and takes the visits in turns, one of each, so both builds meet
// the same machine at the same moments: on a noisy machine the only fair way to tell a change from the spread.
// Keep a baseline with `cp -r client/dist /somewhere/baseline` before the change. Prints figures; asserts nothing.
// Its last line: `bench:first-row median=<ms> [baseline-median=<ms>] visits=<n per build>`.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import {
  WAITS_FOR_QUIET_BROWSER,
  reportFirstRow,
  signedInState,
  stateFor,
  visitToFirstRow,
  warmBoards,
} from './bench/first-row.mjs';
import { ROOT, freePort, run, startProcesses, throwawayStackEnv, waitForHealth } from './lib/stack.mjs';

const VISITS = Number(process.env.BENCH_VISITS ?? 20);
// a network's round trip, added by Chromium to every request of the visit: localhost has none (0 by default)
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 0);
const BASELINE = process.env.BENCH_BASELINE_DIST ? resolve(process.env.BENCH_BASELINE_DIST) : null;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const BOARDS =
  '/api/boards?kind=odds&sports=americanfootball_nfl,basketball_nba&markets=h2h,spreads,totals&format=packed';

if (BASELINE && !existsSync(join(BASELINE, 'index.html'))) {
  process.stderr.write(`bench:first-row: ${BASELINE} is not a client build (no index.html)\n`);
  process.exit(1);
}

// the pipeline at `npm start`'s pace (a tick every 5 s), as bench:rest runs it
const { env, port } = await throwawayStackEnv('firstrow', {
  LOG_LEVEL: 'error',
  RATE_LIMIT_MAX: '10000000',
  SCHEDULER_TICK_MS: '5000',
});
const baselinePort = await freePort();
const url = `http://127.0.0.1:${port}`;
const baselineUrl = `http://127.0.0.1:${baselinePort}`;

/** One visit: the first row, and from the page's timing when the HTML, the entry script and the boards came (ms from navigation). */
async function visit(browser, origin, storageState) {
  const context = await browser.newContext({ baseURL: origin, storageState });
  try {
    await reportFirstRow(context);
    const page = await context.newPage();
    if (LATENCY_MS) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: LATENCY_MS,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    }
    const { ms: firstRow, quiet } = await visitToFirstRow(page);
    const timing = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource');
      const entry = entries.find(
        (e) => e.name === globalThis.document.querySelector('script[type="module"][src]')?.src,
      );
      const boards = entries.find((e) => new URL(e.name).pathname === '/api/boards');
      return {
        html: performance.getEntriesByType('navigation')[0].responseEnd,
        entry: entry?.responseEnd ?? NaN,
        boardsAsked: boards?.startTime ?? NaN,
        boardsIn: boards?.responseEnd ?? NaN,
      };
    });
    return { firstRow, quiet, ...Object.fromEntries(Object.entries(timing).map(([k, v]) => [k, Math.round(v)])) };
  } finally {
    await context.close();
  }
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  return Math.round(sorted[Math.floor(at)] + (sorted[Math.ceil(at)] - sorted[Math.floor(at)]) * (at - Math.floor(at)));
};
const summary = (visits) => {
  const rows = visits.map((v) => v.firstRow);
  const busy = visits.filter((v) => v.quiet === false).length;
  return `median ${quantile(rows, 0.5)} ms; quartiles ${quantile(rows, 0.25)} / ${quantile(rows, 0.75)} ms; ${Math.min(...rows)}–${Math.max(...rows)} ms${busy ? `; ${busy} started on a browser still busy after 5 s` : ''}`;
};

if (run(process.execPath, ['core/dist/cli.js', 'setup'], env) !== 0) process.exit(1);
const stack = startProcesses(env, { stdio: ['ignore', 'inherit', 'inherit'] });
const baselineServer = BASELINE
  ? spawn(process.execPath, ['server/dist/main.js'], {
      cwd: ROOT,
      env: { ...env, PORT: String(baselinePort), CLIENT_DIST: BASELINE },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
  : null;
const builds = [{ name: 'this build', origin: url, visits: [] }];
if (BASELINE) builds.push({ name: `baseline (${BASELINE})`, origin: baselineUrl, visits: [] });
const loadBefore = loadavg()[0];
try {
  await waitForHealth(url);
  if (BASELINE) await waitForHealth(baselineUrl);
  process.stderr.write('bench:first-row: waiting for the demo feed to warm the boards…\n');
  await warmBoards(url, BOARDS);
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const state = await signedInState(browser, url, 'gold@demo.local');
    for (let i = 0; i < VISITS; i++) {
      // in turns, the first build alternating too, so neither always follows the other
      const order = i % 2 ? [...builds].reverse() : builds;
      for (const build of order) build.visits.push(await visit(browser, build.origin, stateFor(state, build.origin)));
    }
  } finally {
    await browser.close();
  }
} finally {
  if (baselineServer && baselineServer.exitCode === null && baselineServer.signalCode === null) {
    baselineServer.kill('SIGTERM');
    await once(baselineServer, 'exit');
  }
  await stack.stop();
  run(process.execPath, ['scripts/lib/teardown.mjs', env.DATABASE_URL, env.REDIS_PREFIX], env);
}

console.log(
  `\nbench:first-row — signed in as Gold, empty cache, ${WAITS_FOR_QUIET_BROWSER ? 'each visit started once the browser was quiet' : 'each visit started at once (BENCH_WAIT_QUIET=0)'}, ${VISITS} visits per build${BASELINE ? ' taken in turns' : ''}${LATENCY_MS ? `, ${LATENCY_MS} ms added to every request` : ''}`,
);
console.log(`${cpus().length} CPUs; load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`);
for (const build of builds) {
  console.log(`\n${build.name}: ${summary(build.visits)}`);
  console.log('| visit | first odds row | HTML in | entry script in | boards asked | boards in |');
  console.log('|---:|---:|---:|---:|---:|---:|');
  for (const [i, v] of build.visits.entries())
    console.log(`| ${i + 1} | ${v.firstRow} | ${v.html} | ${v.entry} | ${v.boardsAsked} | ${v.boardsIn} |`);
}
const median = (build) =>
  quantile(
    build.visits.map((v) => v.firstRow),
    0.5,
  );
console.log(
  `bench:first-row median=${median(builds[0])}${BASELINE ? ` baseline-median=${median(builds[1])}` : ''} visits=${VISITS}`,
);
process.exit(0);
