/**
 * One worker process of `bench:pipeline --workers N`: it runs the polls its parent gives it, one at a time (a worker
 * taking the queue's next poll job when it is free), against the Redis prefix named on its command line, and says
 * what each cost. Asked to read an answer over and over, it says how long that took (the machine's own ceiling);
 * asked to finish, how long the garbage collector paused within its steady polls (with --gc-sampled, its whole time on
 * the loop's thread too).
 */
import { performance } from 'node:perf_hooks';
import { parseConfig, RedisService } from '@oddspulse/core';
import { BenchSportPipeline } from './pipeline-sport';
import { LoopCollectorWatch } from './loop-collector';

export type ToWorkerProcess =
  /** steady: a sweep after the first, whose collections count (the first makes every board from nothing). */
  | { type: 'poll'; sport: string; body: string; now: number; steady: boolean }
  /** The machine's share: `body` parsed and written again `rounds` times, the pipeline's kind of work without Redis. */
  | { type: 'read'; body: string; rounds: number }
  | { type: 'finish' };

export type FromWorkerProcess =
  | {
      type: 'polled';
      sport: string;
      readBack: boolean;
      /** The first step's time: Redis's stamp read, and the board read back when readBack. */
      readBackMs: number;
      /** The stages' wall time and CPU time (ms). */
      stagesMs: number;
      cpuMs: number;
    }
  | { type: 'read'; ms: number }
  /** The collector's pauses within the steady polls; with --gc-sampled, its time on the loop's thread too. */
  | { type: 'finished'; gcPausesMs: number; gcSampledMs: number | null };

const prefix = process.argv[2];
if (!prefix || !process.send) throw new Error('pipeline-process runs as a child of bench:pipeline --workers N');
const redis = new RedisService({ ...parseConfig(process.env), REDIS_PREFIX: prefix });
const pipeline = new BenchSportPipeline(redis);
const spans: Array<[number, number]> = [];
const collector = new LoopCollectorWatch(process.argv.includes('--gc-sampled'));
const watching = collector.start();

const reply = (message: FromWorkerProcess) => process.send!(message);

async function handle(message: ToWorkerProcess): Promise<void> {
  if (message.type === 'poll') {
    const run = await pipeline.poll(message.sport, message.body, message.now, null);
    if (message.steady) spans.push(...run.spans);
    reply({
      type: 'polled',
      sport: message.sport,
      readBack: run.readBack,
      readBackMs: run.readBackMs,
      stagesMs: run.readBackMs + run.ingestMs + run.diffMs + run.publishMs + run.detectMs,
      cpuMs: run.cpuMs,
    });
    return;
  }
  if (message.type === 'read') {
    const started = performance.now();
    for (let round = 0; round < message.rounds; round++) JSON.stringify(JSON.parse(message.body));
    reply({ type: 'read', ms: performance.now() - started });
    return;
  }
  await redis.client.quit();
  const collected = await collector.stop();
  reply({ type: 'finished', gcPausesMs: collected.pausesMs(spans), gcSampledMs: collected.loopMs?.(spans) ?? null });
  process.disconnect();
}

process.on('message', (message: ToWorkerProcess) => {
  watching
    .then(() => handle(message))
    .catch((error: Error) => {
      process.stderr.write(`${error.stack ?? error.message}\n`);
      process.exit(1);
    });
});
