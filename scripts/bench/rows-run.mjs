// One run of `npm run bench:rows` in a fresh process (scripts/bench-rows.mjs bundles it with the client's code and
// starts it once per figure): the odds table's rows built from a simulated board as a signed-in visit of /sportsbooks
// builds them, first with every function cold, then warm; prints one line of JSON.
import { readFileSync } from 'node:fs';
import { DEFAULT_SPORTSBOOKS } from '@oddspulse/shared';
import { DEFAULT_GAME_MARKETS } from '../../client/src/features/odds/filters/filter-settings';
import { keepUnchangedRows } from '../../client/src/features/odds/rows/kept-rows';
import { applyRowsDiff, buildLiveRows, refreshLiveRows } from '../../client/src/features/odds/rows/live-rows';
import { rowsBuilder } from '../../client/src/features/odds/rows/rows';
import { onePriceDiff } from '../../client/test-support/one-price-diff';
import { oracleRows } from '../../client/test-support/rows-oracle';
import { simBoard } from '../../client/test-support/sim-board';

const NOW = Date.parse('2026-11-23T16:00:00Z');
const WARM_RUNS = 20;
const implementation = process.argv[2];

/** This thread's CPU time in ms (Linux; null elsewhere): unlike wall time, not stretched by other processes. */
function threadCpu() {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

const events = simBoard({ events: 24, seed: 18, now: NOW });
// the body as the client receives it: parsed just before the build, as the page does
const text = JSON.stringify({
  boards: ['americanfootball_nfl', 'americanfootball_ncaaf'].map((sport) => ({
    sport_key: sport,
    fetched_at: '',
    events: events.filter((e) => e.sport_key === sport),
  })),
});
const options = {
  mode: 'game',
  selectedBooks: [...DEFAULT_SPORTSBOOKS],
  markets: [...DEFAULT_GAME_MARKETS],
  now: NOW + 1000,
};
const build =
  implementation === 'oracle'
    ? (boards, at) =>
        oracleRows(
          Object.values(boards).flatMap((b) => b.events),
          { ...options, now: at },
        )
    : (boards, at) => buildLiveRows(boards, { ...options, now: at });

const parseStart = performance.now();
const boards = Object.fromEntries(JSON.parse(text).boards.map((b) => [b.sport_key, b]));
const parseMs = performance.now() - parseStart;

const time = (fn) => {
  const cpu = threadCpu();
  const start = performance.now();
  const result = fn();
  return { ms: performance.now() - start, cpu: cpu === null ? null : threadCpu() - cpu, result };
};
const cold = time(() => build(boards, options.now));
const warm = [];
for (let i = 0; i < WARM_RUNS; i++) warm.push(time(() => build(boards, options.now)));
const figures = {
  outcomes: events.reduce(
    (n, e) => n + e.bookmakers.reduce((m, b) => m + b.markets.reduce((k, mk) => k + mk.outcomes.length, 0), 0),
    0,
  ),
  bytes: text.length,
  parseMs,
  rows: (cold.result.rows ?? cold.result).length,
  coldMs: cold.ms,
  coldCpu: cold.cpu,
  // the first runs after the cold one still compile; the last half is what a warm page sees
  warmMs: warm.slice(WARM_RUNS / 2).map((t) => t.ms),
  warmCpu: warm.slice(WARM_RUNS / 2).map((t) => t.cpu),
};
if (implementation !== 'oracle') {
  // the 5-s tick: nothing aged past its limit, then 10 minutes on (lagging books' prices lock)
  const table = cold.result;
  const tick = time(() => refreshLiveRows(table, { ...options, now: options.now + 5000 }));
  const later = time(() => refreshLiveRows(table, { ...options, now: options.now + 10 * 60_000 }));
  const rebuilt = [...later.result.builtAt.values()].filter((at) => at !== options.now).length;
  // a pushed diff of one price (its event's rows built again, the unchanged ones kept), warm
  const { applied } = onePriceDiff({ events: 24, seed: 18, now: NOW });
  const pushed = [];
  const kept = [];
  const [eventRows] = [...applied.table.byEvent.values()].filter(
    (rows) => rows[0].eventId === applied.diff.events[0].id,
  );
  const event = applied.table.boards[eventRows[0].sportKey].events.find((e) => e.id === eventRows[0].eventId);
  for (let i = 0; i < WARM_RUNS; i++) {
    pushed.push(time(() => applyRowsDiff(applied.table, applied.diff, applied.options)));
    const rebuilt = rowsBuilder(applied.options)(event);
    kept.push(time(() => keepUnchangedRows(eventRows, rebuilt)));
  }
  Object.assign(figures, {
    tickMs: tick.ms,
    tickSame: tick.result === table,
    laterMs: later.ms,
    laterRebuilt: rebuilt,
    events: events.length,
    diffMs: pushed.slice(WARM_RUNS / 2).map((t) => t.ms),
    diffCpu: pushed.slice(WARM_RUNS / 2).map((t) => t.cpu),
    keepCpu: kept.slice(WARM_RUNS / 2).map((t) => t.cpu),
  });
}
console.log(JSON.stringify(figures));
