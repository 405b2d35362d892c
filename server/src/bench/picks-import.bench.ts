/**
 * `npm run bench:picks-import`: what importing a 5,000-pick CSV file costs (goal ≤ 2 s on this machine; the one-row-
 * at-a-time import it replaces took 17.6 s). The file is the export's own columns with a mix of sports, markets, books
 * and statuses; the import is the API's (PicksService.importCsv: papaparse, every row checked, set-based insert in
 * one transaction per chunk) against the real PostgreSQL, in a throw-away database dropped at the end. Each run
 * imports into a new user; then the same file again, all duplicates. Prints figures; asserts nothing.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { benchPickRows } from '@oddspulse/shared/testing';
import { createDatabase, dropDatabase, ensureDatabase, migrate, PicksRepository } from '@oddspulse/core';
import { picksCsvHeader, writePicksCsvRows } from '../picks/picks-csv';
import { PicksService } from '../picks/picks.service';

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GAMES = [
  'Buffalo Bills @ Los Angeles Rams',
  'Boston Celtics @ Miami Heat',
  'New York Yankees @ Houston Astros',
  'Colorado Avalanche @ Dallas Stars',
];
const MARKETS = [
  ['Point Spread', 'Los Angeles Rams +2.5'],
  ['Moneyline', 'Miami Heat'],
  ['Totals', 'Over 8.5'],
] as const;
const BOOKS = ['draftkings', 'fanduel', 'betmgm', 'caesars'];

function file(): string {
  return `${picksCsvHeader()}\r\n${writePicksCsvRows(
    benchPickRows(ROWS, (i) => {
      const [market, selection] = MARKETS[i % MARKETS.length];
      return {
        game: GAMES[i % GAMES.length],
        league: ['NFL', 'NBA', 'MLB', 'NHL'][i % 4],
        market,
        selection,
        odds: i % 2 ? '-110' : '+135',
        bookmaker: BOOKS[i % BOOKS.length],
      };
    }),
  )}`;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const base = process.env.TEST_DATABASE_BASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
  const url = `${base}/oddspulse_bench_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(url);
  const db = createDatabase(url);
  try {
    await migrate(url);
    const service = new PicksService(new PicksRepository(db));
    const csv = file();
    const fresh: number[] = [];
    const again: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const user = await db
        .insertInto('users')
        .values({ email: `bench-${run}@example.com` })
        .returning('id')
        .executeTakeFirstOrThrow();
      let at = performance.now();
      const first = await service.importCsv({ id: user.id, plan: 'platinum' }, csv);
      fresh.push(performance.now() - at);
      at = performance.now();
      const second = await service.importCsv({ id: user.id, plan: 'platinum' }, csv);
      again.push(performance.now() - at);
      if (first.added !== ROWS || second.duplicates !== ROWS)
        throw new Error(`run ${run}: ${JSON.stringify({ first, second })}`);
    }
    const kb = (Buffer.byteLength(csv) / 1024).toFixed(0);
    console.log(
      `${ROWS} rows (${kb} KB), ${RUNS} runs; import ms: ${fresh.map((ms) => ms.toFixed(0)).join(' ')}; again (all duplicates) ms: ${again.map((ms) => ms.toFixed(0)).join(' ')}`,
    );
    console.log(
      `bench:picks-import rows=${ROWS} median-ms=${median(fresh).toFixed(0)} duplicates-median-ms=${median(again).toFixed(0)} goal-ms=2000`,
    );
  } finally {
    await db.destroy();
    await dropDatabase(url);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
