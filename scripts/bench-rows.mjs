// `npm run bench:rows`: what building the odds table's rows costs the browser's main thread on a signed-in
// visit of /sportsbooks. A board shaped like the simulator's (client/test-support/sim-board.ts: NFL and NCAAF, 22 books,
// six markets with the alternates, about 8,600 prices), parsed from JSON, then the rows built as the page builds them
// (buildLiveRows, the default books and markets): the first build with every function cold (what stands between the
// boards' arrival and the first row), then warm (a selection change), and the 5-s tick (refreshLiveRows). Each cold
// figure is its own process. The same for the algorithm rows.ts replaced (rows-oracle.ts, its test oracle), for the
// ratio on the same machine at the same time. Then what React renders (scripts/bench/rows-render.tsx): the table
// rendered in jsdom with the row views counted, one pushed diff that moves one price, the 5-s tick, and a filter
// change (EV 2 % and more, then every row rebuilt), by page size. Prints figures; asserts nothing.
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { bundleRun, runBundled } from './lib/bundled-run.mjs';
import { ROOT } from './lib/stack.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 8);
const out = join(ROOT, '.tmp', 'bench-rows');

// bundled as Vite bundles the client (the shared package from its sources), for Node; the render run with the row
// views and cells counted in place of the table's own (scripts/bench/counted-row-views.tsx, counted-cells.tsx)
await bundleRun('rows-run.mjs', out, { external: ['jsdom'] });
await bundleRun('rows-render.tsx', out, {
  alias: {
    './OddsRowViews': join(ROOT, 'scripts', 'bench', 'counted-row-views.tsx'),
    './OddsCells': join(ROOT, 'scripts', 'bench', 'counted-cells.tsx'),
  },
  external: ['jsdom'],
  emptyOutDir: false,
});

const run = (implementation, script = 'rows-run.mjs') => runBundled(join(out, script), [implementation]);

const sorted = (values) => values.filter((v) => v !== null).sort((a, b) => a - b);
const median = (values) => sorted(values)[Math.floor(sorted(values).length / 2)];
const spread = (values, digits = 1) => {
  const s = sorted(values);
  return s.length
    ? `median ${median(s).toFixed(digits)} ms (${s[0].toFixed(digits)}–${s[s.length - 1].toFixed(digits)})`
    : '—';
};

console.log(`bench:rows on ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(2)}; ${RUNS} processes each`);
// taken in turns, so both meet the same load
const after = [];
const before = [];
for (let i = 0; i < RUNS; i++) {
  after.push(run('rows'));
  before.push(run('oracle'));
}
const { outcomes, bytes, rows, events } = after[0];
console.log(
  `board: ${events} events, ${outcomes} prices, ${(bytes / 1000).toFixed(0)} KB of JSON (parse ${spread(after.map((r) => r.parseMs))}); ${rows} rows`,
);
for (const [name, results] of [
  ['rows.ts (buildLiveRows)', after],
  ['before the rewrite (rows-oracle.ts)', before],
]) {
  console.log(`${name}:`);
  console.log(
    `  cold (first build): wall ${spread(results.map((r) => r.coldMs))}; main-thread CPU ${spread(results.map((r) => r.coldCpu))}`,
  );
  console.log(
    `  warm: wall ${spread(results.flatMap((r) => r.warmMs))}; main-thread CPU ${spread(results.flatMap((r) => r.warmCpu))}`,
  );
}
const ratio = (key) => (median(before.flatMap((r) => r[key])) / median(after.flatMap((r) => r[key]))).toFixed(1);
console.log(
  `5-s tick, nothing aged past its limit: ${spread(
    after.map((r) => r.tickMs),
    2,
  )}, the same table: ${after.every((r) => r.tickSame)}`,
);
console.log(`10 min on: ${spread(after.map((r) => r.laterMs))}, ${after[0].laterRebuilt} of ${events} events rebuilt`);
console.log(
  `a pushed diff of one price (applyRowsDiff, warm): wall ${spread(
    after.flatMap((r) => r.diffMs),
    2,
  )}; main-thread CPU ${spread(
    after.flatMap((r) => r.diffCpu),
    2,
  )}; of which keeping the event's unchanged rows (keepUnchangedRows) CPU ${spread(
    after.flatMap((r) => r.keepCpu),
    2,
  )}`,
);
console.log(
  `times faster than before: cold wall ${ratio('coldMs')}, CPU ${ratio('coldCpu')}; warm wall ${ratio('warmMs')}, CPU ${ratio('warmCpu')}`,
);
const rendered = run(String(events), 'rows-render.mjs');
console.log(
  `React, the table of ${rendered.rows} rows rendered in jsdom (row views and their cells counted, 7 cells a row; the diff's event has ${rendered.eventRows} rows):`,
);
const views = (r) => `${r.views} row views, ${r.cells} cells (${r.ms.toFixed(1)} ms)`;
for (const r of rendered.results) {
  console.log(
    `  page size ${r.pageSize} (${r.shown} rows in the DOM): one price moved re-renders ${views(r.onePrice)}, the 5-s tick ${views(r.tick)}; a filter change ${r.filter.map(views).join(' and back ')}`,
  );
}
const all = rendered.results.find((r) => r.pageSize === 'all');
console.log(
  `bench:rows cold-ms=${median(after.map((r) => r.coldMs)).toFixed(1)} warm-ms=${median(after.flatMap((r) => r.warmMs)).toFixed(1)} one-price-row-renders=${all.onePrice.views} one-price-cell-renders=${all.onePrice.cells}`,
);
