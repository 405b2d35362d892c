// One run of `npm run bench:picks-csv-check` (scripts/bench-picks-csv-check.mjs bundles it with the client's code): a
// 5,000-pick export checked as the import dialog checks it, timing (thread CPU) each stretch the check holds the main
// thread between two yields; prints one line of JSON.
import { readFileSync } from 'node:fs';
import { PICK_CSV_COLUMNS } from '@oddspulse/shared';
import { benchPickRows } from '@oddspulse/shared/testing';
import Papa from 'papaparse';
import {
  applyMapping,
  checkPicksCsv,
  guessMapping,
  readableRowsCsv,
  readCsvHeader,
} from '../../client/src/features/picks/picks-csv-import';

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const GAMES = [
  'SF 49ers @ LA Rams',
  'Boston Celtics @ Miami Heat',
  'N.Y. Yankees @ Houston Astros',
  'Texas A&M @ Ohio State',
];

function file() {
  const rows = benchPickRows(ROWS, (i) => ({
    game: GAMES[i % GAMES.length],
    league: ['NFL', 'NBA', 'MLB', 'NCAAF'][i % 4],
    market: 'Moneyline',
    selection: GAMES[i % GAMES.length].split(' @ ')[1],
    // every 100th row is refused, as a file from a spreadsheet has some
    odds: i % 100 === 99 ? '+1x0' : i % 2 ? '-110' : '+135',
    bookmaker: 'draftkings',
  }));
  return Papa.unparse(
    { fields: [...PICK_CSV_COLUMNS], data: rows.map((row) => PICK_CSV_COLUMNS.map((c) => row[c])) },
    { newline: '\r\n' },
  );
}

/** This thread's CPU time in ms (Linux): unlike wall time, not stretched by the other processes of a shared machine. */
function threadCpu() {
  return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
}

const text = file();
const timed = (work) => {
  const t0 = threadCpu();
  const value = work();
  return [value, threadCpu() - t0];
};
// choosing the file: its header and mapping, then the header rewritten (each one synchronous stretch)
const [mapping, headerMs] = timed(() => guessMapping(readCsvHeader(text).fields));
const [mapped, mapMs] = timed(() => applyMapping(text, mapping));

const stretches = [];
let mark = threadCpu();
const t0 = mark;
const check = await checkPicksCsv(mapped, {
  pause: async () => {
    stretches.push(threadCpu() - mark);
    await new Promise((resolve) => setTimeout(resolve, 0));
    mark = threadCpu();
  },
});
stretches.push(threadCpu() - mark);
const totalMs = threadCpu() - t0;
const [, readableMs] = timed(() => readableRowsCsv(check));

console.log(
  JSON.stringify({
    rows: check.rows.length,
    refused: check.problems.length,
    bytes: text.length,
    headerMs,
    mapMs,
    firstSliceMs: stretches[0],
    longestSliceMs: Math.max(...stretches),
    medianSliceMs: [...stretches].sort((a, b) => a - b)[Math.floor(stretches.length / 2)],
    stretches: stretches.length,
    totalMs,
    readableCsvMs: readableMs,
  }),
);
