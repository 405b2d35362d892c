// `npm run bench:picks-csv-check`: what checking a 5,000-pick CSV file costs the browser's main thread in the picks import
// dialog (client/src/features/picks/picks-csv-import.ts). The page stays responsive when no stretch of work between two yields
// is long: a frame is 16 ms, a "long task" 50 ms. Prints the median over runs of: the first slice (the header read
// with it), the longest and the median slice (papaparse paused every CSV_CHECK_SLICE rows), the whole check, and the
// steps the dialog runs at once (header mapping, the readable rows' file), all in thread CPU time, which other
// processes on a shared machine do not stretch. Each run is its own process. Prints figures; asserts nothing.
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { bundleRun, runBundled } from './lib/bundled-run.mjs';
import { ROOT } from './lib/stack.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const out = join(ROOT, '.tmp', 'bench-picks-csv-check');

await bundleRun('picks-csv-check-run.mjs', out);
const runs = Array.from({ length: RUNS }, () => runBundled(join(out, 'picks-csv-check-run.mjs')));
const median = (key) => runs.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
const ms = (value) => `${value.toFixed(1)} ms`;
const first = runs[0];
console.log(
  `picks CSV check: ${first.rows} rows (${first.refused} refused), ${(first.bytes / 1024).toFixed(0)} KiB, ${RUNS} runs, median thread CPU`,
);
console.log(`  machine: ${cpus().length} cores, load ${loadavg()[0].toFixed(2)}`);
console.log(`  header and mapping guess      ${ms(median('headerMs'))}`);
console.log(`  header rewritten (mapping)    ${ms(median('mapMs'))}`);
console.log(`  first slice (header with it)  ${ms(median('firstSliceMs'))}`);
console.log(`  longest slice                 ${ms(median('longestSliceMs'))} (${first.stretches} slices)`);
console.log(`  median slice                  ${ms(median('medianSliceMs'))}`);
console.log(`  whole check                   ${ms(median('totalMs'))}`);
console.log(`  readable rows' file written   ${ms(median('readableCsvMs'))}`);
