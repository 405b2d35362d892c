/**
 * One worker process of `bench:pipeline --workers N`: it runs the polls its parent gives it, one at a time (a worker
 * taking the queue's next poll job when it is free), against the Redis prefix named on its command line, and says
 * what each cost. Asked to read an answer over and over, it says how long that took (the machine's own ceiling);
 * asked to finish, how long the garbage collector paused within its steady polls.
 */
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { parseConfig, RedisService } from '@oddspulse/core';
import { BenchSportPipeline, collectedWithin } from './pipeline-sport';

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
  | { type: 'finished'; gcMs: number };

const prefix = process.argv[2];
if (!prefix || !process.send) throw new Error('pipeline-process runs as a child of bench:pipeline --workers N');
const redis = new RedisService({ ...parseConfig(process.env), REDIS_PREFIX: prefix });
const pipeline = new BenchSportPipeline(redis);
const spans: Array<[number, number]> = [];
const collections: Array<{ start: number; duration: number }> = [];
const gc = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) collections.push({ start: entry.startTime, duration: entry.duration });
});
gc.observe({ entryTypes: ['gc'] });

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
  // the observer hears of a collection after it: a turn of the loop delivers the last ones
  await new Promise((resolve) => setTimeout(resolve, 50));
  gc.disconnect();
  reply({ type: 'finished', gcMs: collectedWithin(collections, spans) });
  process.disconnect();
}

process.on('message', (message: ToWorkerProcess) => {
  handle(message).catch((error: Error) => {
    process.stderr.write(`${error.stack ?? error.message}\n`);
    process.exit(1);
  });
});
