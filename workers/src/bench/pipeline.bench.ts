/**
 * `npm run bench:pipeline`: ingest → diff → store and publish (one step, with the odds history outbox) → detect for a
 * simulated board of 1,000 events × 25 books, cycle after cycle 30 s apart. Prints the time of each stage per cycle and the bytes
 * published per cycle against the bytes of the full board (goal: diff ≤ 5 % of the board), then what a poll
 * that changes nothing costs to store, against what reading the board back from Redis (every poll, before the
 * pipeline held its board) costs. Storing and publishing go to the real Redis (REDIS_URL) under a throw-away
 * prefix, removed at the end.
 */
import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  SportBoard,
  diffBoards,
  isEventLive,
  lockedMarketReader,
  normaliseOddsApiV4,
  settleBookLinks,
} from '@oddspulse/shared';
import {
  parseConfig,
  RealtimePublisher,
  deleteKeysWithPrefix,
  LiveStateRepository,
  OddsHistoryOutboxRepository,
  RedisService,
} from '@oddspulse/core';
import { PreparedBoards } from '../detection/prepared-boards';
import { HeldBoards, mergeAnswer } from '../odds/held-boards';
import { MarketSimulator } from '../simulator/market-simulator';
import { BOOK_PROFILES } from '../simulator/sim-books';
import { SPORT_PROFILES } from '../simulator/sim-sports';

const EVENTS = 1000;
const BOOKS = 25;
const CYCLES = 10;
const CYCLE_MS = 30_000;
const SPORT = 'basketball_nba';

// About EVENTS games on the board, as a feed listing every upcoming game would hold: the simulator plays every team
// once a day, so a day's slate of EVENTS games needs twice as many teams.
const profile = {
  ...SPORT_PROFILES[SPORT],
  teams: Array.from({ length: 2 * EVENTS }, (_, i) => `Team ${i + 1}`),
  gamesOnBoard: EVENTS,
  lookaheadMin: 24 * 60,
};
const gameBooks = BOOK_PROFILES.filter((b) => !b.dfs);
const books = [
  ...gameBooks,
  ...Array.from({ length: BOOKS - gameBooks.length }, (_, i) => ({
    ...gameBooks[7 + i],
    key: `regional_${i + 1}`,
    title: `Regional ${i + 1}`,
  })),
];
const simulator = new MarketSimulator(42, 1, books, { [SPORT]: profile });

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

async function main() {
  const config = parseConfig(process.env);
  const prefix = `oddspulse-bench-${randomBytes(4).toString('hex')}`;
  const redis = new RedisService({ ...config, REDIS_PREFIX: prefix });
  const publisher = new RealtimePublisher(redis);
  const state = new LiveStateRepository(redis);
  const outbox = new OddsHistoryOutboxRepository(redis);
  const held = new HeldBoards();
  const start = Date.parse('2026-03-01T18:00:00Z');
  let previous: SportBoard | null = null;
  const prepared = new PreparedBoards();
  const rows: Array<Record<string, string | number>> = [];
  const unchanged: Array<Record<string, string>> = [];
  let last: SportBoard | undefined;

  /** One poll as the pipeline runs it, at `now`: of the whole sport, or of the events `asked` alone. */
  async function poll(cycle: number | string, now: number, asked: ReadonlySet<string> | null): Promise<SportBoard> {
    // What the feed sends: the board (or the asked events) as JSON (decimal odds), as The Odds API would.
    const sent = simulator.oddsBoard(SPORT, now);
    const body = JSON.stringify(asked ? sent.filter((e) => asked.has(e.id)) : sent);

    let t = process.hrtime.bigint();
    // the links settled as the pipeline settles them where a board comes in
    const answer = settleBookLinks(normaliseOddsApiV4(JSON.parse(body), { oddsFormat: 'decimal' }).events);
    const events = asked && previous ? mergeAnswer(previous.events, asked, answer) : answer;
    const board: SportBoard = { sport_key: SPORT, fetched_at: new Date(now).toISOString(), events };
    const ingestMs = ms(t);

    t = process.hrtime.bigint();
    const { diff, records, changedEventIds } = diffBoards(previous, board, { isLocked: lockedMarketReader(), now });
    const diffMs = ms(t);

    // as the pipeline does: the held board is the basis while Redis's stamp names it; what changed from it is
    // written, in the step that publishes its diff and appends its changes to the odds history outbox (PostgreSQL comes after)
    t = process.hrtime.bigint();
    const stamp = await state.boardStamp('odds', SPORT);
    const basis = held.basis('odds', SPORT, stamp);
    if (previous && !basis) throw new Error('the held board should be the basis');
    const at = board.fetched_at;
    let diffBytes = 0;
    let outboxBytes = 0;
    let written = 0;
    if (diff) {
      const message = { channel: 'odds' as const, key: SPORT, at, type: 'board.diff' as const, data: diff };
      diffBytes = Buffer.byteLength(JSON.stringify(message));
      const writes = state.boardWrites('odds', board, basis);
      written = writes.hashes[0].set.reduce((sum, [field, value]) => sum + field.length + value.length, 0);
      const appends = await outbox.appends('odds', SPORT, records, new Date(now));
      outboxBytes = appends.reduce((sum, [, data]) => sum + Buffer.byteLength(data), 0);
      await publisher.publishWith(message, { ...writes, appends });
      held.hold('odds', board, writes.revision);
    } else held.hold('odds', board, await state.saveBoard('odds', board, basis));
    const publishMs = ms(t);
    // the writers empty the outbox into PostgreSQL (not measured here: off the path); the bench only drops it
    await deleteKeysWithPrefix(redis.client, redis.key('odds-history'));

    t = process.hrtime.bigint();
    const found = { arbitrage: 0, middles: 0, ev: 0 };
    // as the detection worker does: the board kept prepared, the changed events read again and scanned
    const kept = prepared.sync('odds', board, changedEventIds, previous?.fetched_at ?? null);
    for (const id of changedEventIds) {
      if (!kept.has(id)) continue;
      const scan = kept.scanEvent(
        id,
        { arbitrage: { minProfitPct: 0.1 }, middles: { minGap: 0.5, minProbability: 5 } },
        now,
      );
      found.arbitrage += scan.arbitrage.length;
      found.middles += scan.middles.length;
      found.ev += scan.ev.length;
    }
    const detectMs = ms(t);

    const boardBytes = Buffer.byteLength(JSON.stringify(board));
    rows.push({
      cycle,
      events: events.length,
      live: events.filter((e) => isEventLive(e, now)).length,
      'changed events': changedEventIds.length,
      'changed prices': records.length,
      'ingest ms': ingestMs.toFixed(0),
      'diff ms': diffMs.toFixed(0),
      'store+publish ms': publishMs.toFixed(0),
      'detect ms': detectMs.toFixed(0),
      'cycle ms': (ingestMs + diffMs + publishMs + detectMs).toFixed(0),
      'board written': kb(written),
      'history outbox': kb(outboxBytes),
      board: kb(boardBytes),
      'diff published': kb(diffBytes),
      'diff / board': `${((100 * diffBytes) / boardBytes).toFixed(2)} %`,
      arbitrage: found.arbitrage,
    });
    previous = board;
    return board;
  }

  try {
    let swept: SportBoard | null = null;
    for (let cycle = 0; cycle <= CYCLES; cycle++) swept = await poll(cycle, start + cycle * CYCLE_MS, null);
    // Between sweeps the live games are polled by id, alone (spec 001 §9: every 5 s)
    const byIdAt = start + CYCLES * CYCLE_MS + 5_000;
    const liveIds = new Set(swept!.events.filter((e) => isEventLive(e, byIdAt)).map((e) => e.id));
    last = await poll(`by id (${liveIds.size} live)`, byIdAt, liveIds);
    // A poll that changes nothing: compared with the held board, then the stamp alone; before, every poll read the
    // board back from Redis and wrote it whole.
    const same: SportBoard = { ...last, fetched_at: new Date(start + (CYCLES + 1) * CYCLE_MS).toISOString() };
    for (let round = 0; round < 3; round++) {
      // a fresh fetch of the same board: equal, not the same objects
      const fetched = structuredClone(same.events);
      let t = process.hrtime.bigint();
      if (!isDeepStrictEqual(same.events, fetched)) throw new Error('the same board compared unequal');
      const compareMs = ms(t);
      t = process.hrtime.bigint();
      const stamp = (await state.boardStamp('odds', SPORT))!;
      await state.saveBoardStamp('odds', SPORT, {
        fetched_at: same.fetched_at,
        stale_since: null,
        revision: stamp.revision,
      });
      const stampMs = ms(t);
      t = process.hrtime.bigint();
      await state.board('odds', SPORT);
      const readMs = ms(t);
      t = process.hrtime.bigint();
      await state.saveBoard('odds', same, null);
      const writeMs = ms(t);
      unchanged.push({
        'compare ms': compareMs.toFixed(0),
        'stamp ms': stampMs.toFixed(1),
        'read back ms (before)': readMs.toFixed(0),
        'whole write ms (before)': writeMs.toFixed(0),
      });
    }
  } finally {
    await deleteKeysWithPrefix(redis.client, prefix);
    await redis.client.quit();
  }

  const outcomes = last.events.reduce(
    (s, e) => s + e.bookmakers.reduce((t, b) => t + b.markets.reduce((u, m) => u + m.outcomes.length, 0), 0),
    0,
  );
  process.stdout.write(
    `bench:pipeline — ${EVENTS} events × ${BOOKS} books (${outcomes.toLocaleString('en-US')} prices), cycles ${CYCLE_MS / 1000} s apart\n`,
  );
  process.stdout.write('cycle 0 is the first board (everything is new); cycles 1… are the steady state.\n');
  console.table(rows);
  const steady = rows.slice(1, CYCLES + 1);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const ratio = median(steady.map((r) => parseFloat(String(r['diff / board']))));
  const cycleMs = median(steady.map((r) => Number(r['cycle ms'])));
  process.stdout.write(
    `median steady cycle: ${cycleMs} ms; diff bytes ${ratio.toFixed(2)} % of the board (goal ≤ 5 %)\n`,
  );
  process.stdout.write(
    'a poll that changes nothing: compare with the held board, write the stamp; before, read the board back and write it whole:\n',
  );
  console.table(unchanged);
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
