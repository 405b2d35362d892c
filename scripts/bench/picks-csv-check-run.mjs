// One run of `npm run bench:picks-csv-check` (scripts/bench-picks-csv-check.mjs bundles it with the client's code): a
// 5,000-pick export checked as the import dialog checks it, timing (thread CPU) each stretch the check holds the main
// thread between two yields; prints one line of JSON.
import { readFileSync } from 'node:fs';
import { PICK_CSV_COLUMNS, pickToCsvRow } from '@oddspulse/shared';
import Papa from 'papaparse';
import { applyMapping, checkPicksCsv, guessMapping, readableRowsCsv, readCsvHeader } from '../../client/src/picks/picks-csv-import';

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const GAMES = ['SF 49ers @ LA Rams', 'Boston Celtics @ Miami Heat', 'N.Y. Yankees @ Houston Astros', 'Texas A&M @ Ohio State'];
const start = Date.parse('2026-08-01T00:00:00Z');

function file() {
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const status = ['won', 'lost', 'pending', 'push'][i % 4];
    const stakeCents = 1000 + (i % 50) * 500;
    return pickToCsvRow({
      id: `bench-${i}`,
      game: GAMES[i % GAMES.length],
      league: ['NFL', 'NBA', 'MLB', 'NCAAF'][i % 4],
      sport: null,
      market: 'Moneyline',
      selection: GAMES[i % GAMES.length].split(' @ ')[1],
      // every 100th row is refused, as a file from a spreadsheet has some
      odds: i % 100 === 99 ? '+1x0' : i % 2 ? '-110' : '+135',
      bookmaker: 'draftkings',
      stakeCents,
      potentialCents: null,
      actualPayoutCents: status === 'pending' ? null : status === 'lost' ? 0 : stakeCents,
      status,
      type: 'single',
      edge: (i % 7) - 2,
      note: i % 10 ? null : 'from my spreadsheet, "week 3"',
      eventId: null,
      commenceTime: null,
      dateAdded: new Date(start + i * 60_000).toISOString(),
      settledDate: null,
      validatedAt: status === 'pending' ? null : new Date(start + i * 60_000 + 86_400_000).toISOString(),
      validatedBy: null,
      validationConfidence: null,
      espnGameId: null,
      closingOdds: i % 3 ? -115 : null,
      clv: i % 3 ? 1.2 : null,
      unsettledReason: null,
    });
  });
  return Papa.unparse({ fields: [...PICK_CSV_COLUMNS], data: rows.map((row) => PICK_CSV_COLUMNS.map((c) => row[c])) }, { newline: '\r\n' });
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
