/**
 * `npm run bench:pipeline`: ingest → diff → store and publish (one step, with the odds history outbox; detection reads the
 * changed events meanwhile) → detect for a simulated board of 1,000 events × 25 books, cycle after cycle 30 s apart. Prints the time of each stage per cycle and the bytes
 * published per cycle against the bytes of the full board (goal: diff ≤ 5 % of the board), then what a poll
 * that changes nothing costs to store, against what reading the board back from Redis (every poll, before the
 * pipeline held its board) costs. Storing and publishing go to the real Redis (REDIS_URL) under a throw-away
 * prefix, removed at the end. `--workers N` runs the board as a slate of sports on worker processes instead
 * (pipeline-scale-out.ts). The collector's share is of its pauses; `--gc-sampled` profiles the loop's thread to count its
 * marking steps too, at a cost to the cycle (loop-collector.ts).
 */
import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { SportBoard, isEventLive } from '@oddspulse/shared';
import { parseConfig, deleteKeysWithPrefix, RedisService } from '@oddspulse/core';
import {
  BENCH_START,
  BenchSportPipeline,
  BOOKS,
  dropOutbox,
  CYCLE_MS,
  CYCLES,
  median,
  redisCpuMs,
} from './pipeline-sport';
import { BenchFeedThread } from './bench-feed-thread';
import { LoopCollectorWatch, type CollectorTime } from './loop-collector';
import { runScaleOut, type ScaleOut } from './pipeline-scale-out';

const EVENTS = 1000;
const SPORT = 'basketball_nba';

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/**
 * The bytes of the board's JSON, event by event: one string of the whole board is a heap's worth of garbage that the
 * next cycle's collections would pay for.
 */
function boardJsonBytes(board: SportBoard): number {
  const { events, ...header } = board;
  const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
  const shell = bytes({ ...header, events: [] });
  return events.reduce((sum, event) => sum + bytes(event), shell + Math.max(0, events.length - 1));
}

/** One worker, one sport of EVENTS games: each stage of each sweep, then a poll by id and a poll that changes nothing. */
async function oneWorker(gcSampled: boolean) {
  const feed = new BenchFeedThread([SPORT], EVENTS);
  const config = parseConfig(process.env);
  const prefix = `oddspulse-bench-${randomBytes(4).toString('hex')}`;
  const redis = new RedisService({ ...config, REDIS_PREFIX: prefix });
  const pipeline = new BenchSportPipeline(redis);
  const state = pipeline.state;
  const rows: Array<Record<string, string | number>> = [];
  const cycleSpans: Array<Array<[number, number]>> = [];
  // The garbage collector's pauses (and, sampled, its time on the loop's thread) by when each ran, read once the run is over.
  const collector = new LoopCollectorWatch(gcSampled);
  await collector.start();
  let collected: CollectorTime;
  const unchanged: Array<Record<string, string>> = [];
  let last: SportBoard | undefined;

  /** One poll as the pipeline runs it, at `now`: of the whole sport, or of the events `asked` alone. */
  async function poll(cycle: number | string, now: number, asked: ReadonlySet<string> | null): Promise<SportBoard> {
    // What the feed sends: the board (or the asked events) as JSON (decimal odds), as The Odds API would; making it
    // is not the cycle's, nor is its garbage the cycle's heap's.
    const body = await feed.answer(SPORT, now, asked);
    const redisCpuAt = await redisCpuMs(redis);
    const run = await pipeline.poll(SPORT, body, now, asked);
    const redisCpu = (await redisCpuMs(redis)) - redisCpuAt;
    await dropOutbox(redis);
    if (run.readBack) throw new Error('the held board should be the basis');
    const { board } = run;
    const { writtenBytes, outboxBytes, diffBytes } = run.sizes();
    const boardBytes = boardJsonBytes(board);
    rows.push({
      cycle,
      events: board.events.length,
      live: board.events.filter((e) => isEventLive(e, now)).length,
      'changed events': run.changedEvents,
      'changed prices': run.changedPrices,
      'stamp ms': run.readBackMs.toFixed(0),
      'ingest ms': run.ingestMs.toFixed(0),
      'diff ms': run.diffMs.toFixed(0),
      'store+publish ms': run.publishMs.toFixed(0),
      'step ms': run.stepMs.toFixed(0),
      'detect read ms': run.readMs.toFixed(0),
      'detect ms': run.detectMs.toFixed(0),
      'cycle ms': (run.readBackMs + run.ingestMs + run.diffMs + run.publishMs + run.detectMs).toFixed(0),
      'cycle cpu ms': run.cpuMs.toFixed(0),
      'redis cpu ms': redisCpu.toFixed(0),
      'board written': kb(writtenBytes),
      'history outbox': kb(outboxBytes),
      board: kb(boardBytes),
      'diff published': kb(diffBytes),
      'diff / board': `${((100 * diffBytes) / boardBytes).toFixed(2)} %`,
      arbitrage: run.arbitrage,
    });
    cycleSpans.push(run.spans);
    return board;
  }

  try {
    let swept: SportBoard | null = null;
    for (let cycle = 0; cycle <= CYCLES; cycle++) swept = await poll(cycle, BENCH_START + cycle * CYCLE_MS, null);
    // Between sweeps the live games are polled by id, alone (spec 001 §9: every 5 s)
    const byIdAt = BENCH_START + CYCLES * CYCLE_MS + 5_000;
    const liveIds = new Set(swept!.events.filter((e) => isEventLive(e, byIdAt)).map((e) => e.id));
    last = await poll(`by id (${liveIds.size} live)`, byIdAt, liveIds);
    // A poll that changes nothing: compared with the held board, then the stamp alone; before, every poll read the
    // board back from Redis and wrote it whole.
    const same: SportBoard = { ...last, fetched_at: new Date(BENCH_START + (CYCLES + 1) * CYCLE_MS).toISOString() };
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
    await feed.stop();
    collected = await collector.stop();
  }
  rows.forEach((row, i) => {
    row['gc ms'] = collected.pausesMs(cycleSpans[i]).toFixed(0);
    if (collected.loopMs) row['gc sampled ms'] = collected.loopMs(cycleSpans[i]).toFixed(0);
  });

  const outcomes = last.events.reduce(
    (s, e) => s + e.bookmakers.reduce((t, b) => t + b.markets.reduce((u, m) => u + m.outcomes.length, 0), 0),
    0,
  );
  process.stdout.write(
    `bench:pipeline — ${EVENTS} events × ${BOOKS} books (${outcomes.toLocaleString('en-US')} prices), cycles ${CYCLE_MS / 1000} s apart\n`,
  );
  process.stdout.write('cycle 0 is the first board (everything is new); cycles 1… are the steady state.\n');
  process.stdout.write(
    "the feed: the simulator keeps a market's last_update until its price moves, as a real feed does (it restamped every market at each book's reprice before)\n",
  );
  console.table(rows);
  const steady = rows.slice(1, CYCLES + 1);
  const ratio = median(steady.map((r) => parseFloat(String(r['diff / board']))));
  const cycleMs = median(steady.map((r) => Number(r['cycle ms'])));
  const total = (key: string) => steady.reduce((sum, r) => sum + Number(r[key]), 0);
  const pausesShare = total('gc ms') / total('cycle ms');
  const gcShare = gcSampled ? total('gc sampled ms') / total('cycle ms') : pausesShare;
  const collection = gcSampled
    ? `${(100 * gcShare).toFixed(1)} % of the steady cycles on the loop's thread (pauses and marking steps, sampled; its pauses alone ${(100 * pausesShare).toFixed(1)} %)`
    : `${(100 * pausesShare).toFixed(1)} % of the steady cycles in pauses (its marking steps between them not counted: --gc-sampled counts them)`;
  process.stdout.write(
    `median steady cycle: ${cycleMs} ms (CPU ${median(steady.map((r) => Number(r['cycle cpu ms'])))} ms, Redis's ${median(steady.map((r) => Number(r['redis cpu ms'])))} ms); garbage collection ${collection}; diff bytes ${ratio.toFixed(2)} % of the board (goal ≤ 5 %)\n`,
  );
  const stageMedians = ['ingest ms', 'diff ms', 'store+publish ms', 'step ms', 'detect read ms', 'detect ms']
    .map((key) => `${key.replace(' ms', '')} ${median(steady.map((r) => Number(r[key])))} ms`)
    .join(', ');
  process.stdout.write(`median steady stages: ${stageMedians}\n`);
  process.stdout.write(
    'a poll that changes nothing: compare with the held board, write the stamp; before, read the board back and write it whole:\n',
  );
  console.table(unchanged);
  process.stdout.write(`bench:pipeline cycle-ms=${cycleMs} workers=1 speedup=1.00 gc-share=${gcShare.toFixed(3)}\n`);
}

/**
 * `--workers N`: the board as a slate of sports (`--sports S`, 8), on one worker process and then on N, each sport on
 * the process owning its feed lane; with `--shared`, each poll to the next free process (pipeline-scale-out.ts).
 */
function workersArgument(): Omit<ScaleOut, 'gcSampled'> | null {
  const value = (name: string) => {
    const at = process.argv.indexOf(name);
    return at === -1 ? null : Number(process.argv[at + 1]);
  };
  const workers = value('--workers');
  if (workers === null) return null;
  const sports = value('--sports') ?? 8;
  if (!Number.isInteger(workers) || workers < 1 || !Number.isInteger(sports) || sports < 1)
    throw new Error(
      'usage: bench:pipeline [--gc-sampled] [--workers N [--sports S] [--shared]] (whole numbers from 1)',
    );
  return { workers, sports, shared: process.argv.includes('--shared') };
}

async function main() {
  const scaleOut = workersArgument();
  const gcSampled = process.argv.includes('--gc-sampled');
  if (scaleOut) await runScaleOut({ ...scaleOut, gcSampled }, EVENTS);
  else await oneWorker(gcSampled);
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
