import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PreparedBoard } from '../engine/prepared/prepared-board';
import { newestUpdate, scanBoard, scanEvent } from '../engine/opportunities/scan';
import { normaliseOddsApiV4 } from '../feeds/odds-api-v4';
import { syntheticBoard } from './synthetic-board';

/**
 * `npm run bench:engine`: one full pass of EV + arbitrage + middles over a synthetic board of
 * 1,000 events × 25 books × (h2h, spreads, totals and 4 alternate lines) plus 20,000 prop outcomes, the
 * re-scan of one changed event, and the counts found on each recorded board. The detection worker keeps its
 * boards prepared (read into columns once per changed event), so the full pass is timed over a prepared
 * board, with the cost of preparing the whole board printed beside it, and the one-event re-scan includes
 * preparing that event. It prints figures; it asserts nothing.
 */
const NOW = Date.parse('2026-01-10T18:00:00Z');
const FIXTURES = join(__dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'the-odds-api');

/** Wall time, and CPU time of this process (fairer when other processes share the machine), in ms. */
function timeIt(runs: number, fn: () => void): { median: number; min: number; cpuPerRun: number } {
  const times: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)],
    min: times[0],
    cpuPerRun: (used.user + used.system) / 1000 / runs,
  };
}

const figures = (t: ReturnType<typeof timeIt>, digits: number) =>
  `wall median ${t.median.toFixed(digits)} ms, best ${t.min.toFixed(digits)} ms; CPU ${t.cpuPerRun.toFixed(digits)} ms`;

const board = syntheticBoard({ events: 1000, books: 25, propOutcomes: 20_000, seed: 2026, now: NOW });
const outcomes = board.reduce(
  (n, e) => n + e.bookmakers.reduce((m, b) => m + b.markets.reduce((k, mk) => k + mk.outcomes.length, 0), 0),
  0,
);
console.log(`synthetic board: ${board.length} events, 25 books, ${outcomes} outcomes`);

const prepared = new PreparedBoard();
for (let i = 0; i < 3; i++) prepared.load(board);
const prepare = timeIt(10, () => prepared.load(board));
console.log(`prepare the whole board (read every event into columns): ${figures(prepare, 1)} per board`);

for (let i = 0; i < 3; i++) prepared.scan({}, NOW);
const full = timeIt(10, () => prepared.scan({}, NOW));
const found = prepared.scan({}, NOW);
console.log(
  `full pass over the prepared board (EV + arbitrage + middles): ${figures(full, 1)} per pass (goal ≤ 15 ms)`,
);
console.log(
  `  found: ${found.arbitrage.length} arbitrage, ${found.middles.length} middles, ${found.ev.length} EV rows`,
);

// 10 minutes on, the lagging books' prices (2–10 min old at NOW) start to pass the 15-min locked-market age:
// the groups holding one are clustered and de-vigged at scan time instead of taken from the preparation
const LATER = NOW + 10 * 60_000;
const aged = board.filter((e) =>
  e.bookmakers.some((b) => b.markets.some((m) => LATER - Date.parse(m.last_update) > 15 * 60_000)),
).length;
for (let i = 0; i < 3; i++) prepared.scan({}, LATER);
const later = timeIt(10, () => prepared.scan({}, LATER));
const laterFound = prepared.scan({}, LATER);
console.log(
  `full pass 10 min later (${aged} of ${board.length} events hold a price past the 15-min age): ${figures(later, 1)} per pass`,
);
console.log(
  `  found: ${laterFound.arbitrage.length} arbitrage, ${laterFound.middles.length} middles, ${laterFound.ev.length} EV rows`,
);

// the worst case: one book of every event stopped updating 16 minutes ago, so nearly every line holds a price
// past the age and is made again (clustered, de-duplicated, de-vigged) at scan time
const stopped = new Date(NOW - 16 * 60_000).toISOString();
const oneBookStopped = board.map((e) => ({
  ...e,
  bookmakers: e.bookmakers.map((b, i) =>
    i === 0 ? { ...b, markets: b.markets.map((m) => ({ ...m, last_update: stopped })) } : b,
  ),
}));
const stoppedBoard = new PreparedBoard();
stoppedBoard.load(oneBookStopped);
for (let i = 0; i < 3; i++) stoppedBoard.scan({}, NOW);
const worst = timeIt(10, () => stoppedBoard.scan({}, NOW));
const worstFound = stoppedBoard.scan({}, NOW);
console.log(
  `full pass with one book of every event 16 min old (nearly every line made at scan time): ${figures(worst, 1)} per pass (goal ≤ 30 ms)`,
);
console.log(
  `  found: ${worstFound.arbitrage.length} arbitrage, ${worstFound.middles.length} middles, ${worstFound.ev.length} EV rows`,
);

for (let i = 0; i < 3; i++) scanBoard(board, {}, NOW);
const cold = timeIt(10, () => scanBoard(board, {}, NOW));
console.log(`full pass from the board's objects (prepare + scan, scanBoard): ${figures(cold, 1)} per pass`);

let next = 0;
for (let i = 0; i < 200; i++) scanEvent(board[i % board.length], {}, NOW);
const one = timeIt(1000, () => scanEvent(board[next++ % board.length], {}, NOW));
console.log(`one changed event (prepare + scan): ${figures(one, 3)} per event (goal ≤ 0.05 ms)`);
console.log(
  `machine: ${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

console.log('\nrecorded boards (now = newest last_update in the file; defaults of `npm run scan`):');
for (const file of readdirSync(FIXTURES).filter((f) => f.startsWith('v4_odds_') || f.startsWith('v4_event_odds_'))) {
  const { events } = normaliseOddsApiV4(JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')));
  const now = newestUpdate(events);
  const result = now === null ? { arbitrage: [], middles: [], ev: [] } : scanBoard(events, {}, now);
  const flagged = result.arbitrage.filter((a) => a.flags.length > 0).length;
  console.log(
    `  ${file}: ${events.length} events → ${result.arbitrage.length} arbitrage (${flagged} flagged), ${result.middles.length} middles, ${result.ev.length} EV`,
  );
}
