/**
 * `bench:pipeline --workers N`: the same 1,000-event board as a slate of sports (their events split evenly), each
 * sweep polled sport by sport by worker processes, first by one and then by N. Each sport's polls go to the process
 * that owns its feed lane, as the workers route them (feedLane and ownedFeedLanes, the split the live workers compute
 * from their heartbeats), so a sport's board stays held where it was written. The feed's answers are made before each
 * sweep's clock starts (the simulator is not the cycle's) and handed to the processes as the body a fetch would return.
 *
 * `--shared` runs them as the workers did before the lanes: a process takes the next sport when it is free, as BullMQ
 * gives the next job of one shared queue to a free worker; a sport whose previous poll ran in another process finds
 * its held board out of date and reads the board back from Redis, as the pipeline does.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { feedLane, ownedFeedLanes } from '@oddspulse/shared';
import { deleteKeysWithPrefix, parseConfig, RedisService } from '@oddspulse/core';
import { BENCH_START, BOOKS, benchFeed, CYCLE_MS, CYCLES, dropOutbox, median, redisCpuMs } from './pipeline-sport';
import type { FromWorkerProcess, ToWorkerProcess } from './pipeline-process';

interface Sweep {
  wallMs: number;
  /** The processes' stage time and CPU summed over the sweep's polls. */
  stagesMs: number;
  cpuMs: number;
  readBacks: number;
  /** The time of the polls that read their board back from Redis, in that step. */
  readBackMs: number;
  /** Redis's own CPU over the sweep: on one machine its cores are the processes' too. */
  redisCpuMs: number;
}

interface Phase {
  workers: number;
  sweeps: Sweep[];
  /** The collector's pauses in the processes' steady polls; with --gc-sampled, its time on their loops' threads. */
  gcPausesMs: number;
  gcSampledMs: number | null;
}

class WorkerProcess {
  private readonly child: ChildProcess;
  private waiting: { resolve: (message: FromWorkerProcess) => void; reject: (error: Error) => void } | null = null;

  constructor(prefix: string, gcSampled: boolean) {
    // structured clone, not JSON: a board's body is one string of a megabyte and more
    this.child = fork(join(__dirname, 'pipeline-process.js'), gcSampled ? [prefix, '--gc-sampled'] : [prefix], {
      serialization: 'advanced',
    });
    this.child.on('message', (message: FromWorkerProcess) => this.settle()?.resolve(message));
    this.child.on('exit', (code) => this.settle()?.reject(new Error(`a worker process exited with code ${code}`)));
  }

  private settle() {
    const waiting = this.waiting;
    this.waiting = null;
    return waiting;
  }

  ask(message: ToWorkerProcess): Promise<FromWorkerProcess> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.child.send(message);
    });
  }
}

/**
 * One sweep: each sport's answer to the process owning its feed lane; with `shared`, every answer to the next free
 * process until all are polled.
 */
async function sweep(
  processes: WorkerProcess[],
  answers: ReadonlyArray<[string, string]>,
  now: number,
  steady: boolean,
  shared: boolean,
): Promise<Sweep> {
  const next = [...answers];
  const sports = answers.map(([sport]) => sport);
  const ids = processes.map((_, w) => `bench-worker-${w}`);
  const result: Sweep = { wallMs: 0, stagesMs: 0, cpuMs: 0, readBacks: 0, readBackMs: 0, redisCpuMs: 0 };
  const started = performance.now();
  await Promise.all(
    processes.map(async (worker, w) => {
      const lanes = new Set<string>(ownedFeedLanes(ids[w], ids));
      const queue = shared ? next : answers.filter(([sport]) => lanes.has(feedLane(sport, sports)));
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [sport, body] = next;
        const done = await worker.ask({ type: 'poll', sport, body, now, steady });
        if (done.type !== 'polled') throw new Error(`a worker process answered ${done.type} to a poll`);
        result.stagesMs += done.stagesMs;
        result.cpuMs += done.cpuMs;
        if (done.readBack) {
          result.readBacks++;
          result.readBackMs += done.readBackMs;
        }
      }
    }),
  );
  result.wallMs = performance.now() - started;
  return result;
}

async function phase(
  workers: number,
  sports: readonly string[],
  eventsPerSport: number,
  { shared, gcSampled }: Pick<ScaleOut, 'shared' | 'gcSampled'>,
): Promise<Phase> {
  const simulator = benchFeed(sports, eventsPerSport);
  const config = parseConfig(process.env);
  const prefix = `oddspulse-bench-${randomBytes(4).toString('hex')}`;
  const redis = new RedisService({ ...config, REDIS_PREFIX: prefix });
  const processes = Array.from({ length: workers }, () => new WorkerProcess(prefix, gcSampled));
  const sweeps: Sweep[] = [];
  let gcPausesMs = 0;
  let gcSampledMs: number | null = null;
  try {
    for (let cycle = 0; cycle <= CYCLES; cycle++) {
      const now = BENCH_START + cycle * CYCLE_MS;
      const answers = sports.map((sport): [string, string] => [sport, JSON.stringify(simulator.oddsBoard(sport, now))]);
      const redisCpuAt = await redisCpuMs(redis);
      const swept = await sweep(processes, answers, now, cycle > 0, shared);
      swept.redisCpuMs = (await redisCpuMs(redis)) - redisCpuAt;
      sweeps.push(swept);
      await dropOutbox(redis);
    }
    for (const worker of processes) {
      const done = await worker.ask({ type: 'finish' });
      if (done.type !== 'finished') continue;
      gcPausesMs += done.gcPausesMs;
      if (done.gcSampledMs !== null) gcSampledMs = (gcSampledMs ?? 0) + done.gcSampledMs;
    }
  } finally {
    await deleteKeysWithPrefix(redis.client, prefix);
    await redis.client.quit();
  }
  return { workers, sweeps, gcPausesMs, gcSampledMs };
}

/** Rounds of reading one sport's answer in the ceiling's measure: about a second and a half of one process's work. */
const CEILING_ROUNDS = 20;

/**
 * What this machine gives N processes doing the pipeline's kind of work side by side: one sport's answer parsed and
 * written again, by one process alone and then by N at once, without Redis or the parent's messages in between. The
 * speedup the sweeps show is bound by it: on 2 cores, JSON work of this size does not run twice as fast in two
 * processes (memory, caches, the collectors' helper threads).
 */
async function ceiling(workers: number, body: string): Promise<{ oneMs: number; manyMs: number; ceiling: number }> {
  const processes = Array.from({ length: workers }, () => new WorkerProcess(`oddspulse-bench-ceiling`, false));
  const read = async (worker: WorkerProcess) => {
    const done = await worker.ask({ type: 'read', body, rounds: CEILING_ROUNDS });
    if (done.type !== 'read') throw new Error(`a worker process answered ${done.type} to a read`);
    return done.ms;
  };
  try {
    const oneMs = await read(processes[0]);
    const started = performance.now();
    await Promise.all(processes.map(read));
    const manyMs = performance.now() - started;
    return { oneMs, manyMs, ceiling: (workers * oneMs) / manyMs };
  } finally {
    for (const worker of processes) await worker.ask({ type: 'finish' });
  }
}

export interface ScaleOut {
  workers: number;
  sports: number;
  /** Every poll to the next free process, as one shared queue gave them before the feed lanes. */
  shared: boolean;
  /** The collector's time sampled on the processes' loops' threads (LoopCollectorWatch), not its pauses alone. */
  gcSampled: boolean;
}

export async function runScaleOut(options: ScaleOut, events: number): Promise<void> {
  const { workers, sports: sportCount, shared } = options;
  const sports = Array.from({ length: sportCount }, (_, i) => `bench_sport_${i + 1}`);
  const eventsPerSport = Math.ceil(events / sportCount);
  const load = () => loadavg()[0].toFixed(1);
  process.stdout.write(
    `bench:pipeline --workers ${workers} — ${sportCount} sports × ${eventsPerSport} events × ${BOOKS} books, sweeps ${CYCLE_MS / 1000} s apart; ` +
      (shared
        ? 'a process takes the next sport when it is free, as one shared queue gave the polls before the feed lanes'
        : "each sport's polls on the process owning its feed lane, as the workers route them") +
      ` (load ${load()})\n`,
  );
  const phases = [await phase(1, sports, eventsPerSport, options)];
  if (workers > 1) phases.push(await phase(workers, sports, eventsPerSport, options));
  const rows = phases.flatMap(({ workers: n, sweeps }) =>
    sweeps.map((s, cycle) => ({
      workers: n,
      cycle,
      'sweep wall ms': s.wallMs.toFixed(0),
      'stages ms (all processes)': s.stagesMs.toFixed(0),
      'cpu ms (all processes)': s.cpuMs.toFixed(0),
      'redis cpu ms': s.redisCpuMs.toFixed(0),
      'boards read back': s.readBacks,
      'reading them back ms': s.readBackMs.toFixed(0),
    })),
  );
  console.table(rows);
  const steady = (p: Phase) => p.sweeps.slice(1);
  const cycleMs = (p: Phase) => median(steady(p).map((s) => s.wallMs));
  const [one, many] = [phases[0], phases[phases.length - 1]];
  const speedup = cycleMs(one) / cycleMs(many);
  const stagesMs = steady(many).reduce((sum, s) => sum + s.stagesMs, 0);
  const gcShare = (many.gcSampledMs ?? many.gcPausesMs) / stagesMs;
  for (const p of phases)
    process.stdout.write(
      `${p.workers} worker process${p.workers === 1 ? '' : 'es'}: median steady sweep ${cycleMs(p).toFixed(0)} ms wall, ` +
        `${median(steady(p).map((s) => s.cpuMs)).toFixed(0)} ms CPU (Redis ${median(steady(p).map((s) => s.redisCpuMs)).toFixed(0)} ms); boards read back ${steady(p).reduce((n, s) => n + s.readBacks, 0)} of ${CYCLES * sportCount} steady polls\n`,
    );
  if (workers > 1) {
    const body = JSON.stringify(benchFeed(sports, eventsPerSport).oddsBoard(sports[0], BENCH_START));
    const machine = await ceiling(workers, body);
    process.stdout.write(
      `this machine's ceiling: ${workers} processes reading a sport's answer side by side do ${machine.ceiling.toFixed(2)}× ` +
        `one's work (one alone ${machine.oneMs.toFixed(0)} ms, ${workers} at once ${machine.manyMs.toFixed(0)} ms): ` +
        `the speedup is bound by it\n`,
    );
  }
  process.stdout.write(
    `garbage collection in the ${workers} processes' steady polls: its pauses ${((100 * many.gcPausesMs) / stagesMs).toFixed(1)} % of their stages` +
      (many.gcSampledMs === null
        ? ' (its marking steps between them not counted: --gc-sampled counts them)\n'
        : `; with its marking steps, sampled on the loops' threads, ${(100 * gcShare).toFixed(1)} %\n`),
  );
  process.stdout.write(`load average at the end: ${load()}\n`);
  process.stdout.write(
    `bench:pipeline cycle-ms=${cycleMs(many).toFixed(0)} workers=${workers} speedup=${speedup.toFixed(2)} gc-share=${gcShare.toFixed(3)}\n`,
  );
}
