import { Logger } from '@nestjs/common';
import type { WorkerHost } from '@nestjs/bullmq';
import { Queue, Worker, type Job } from 'bullmq';
import { QueueName } from '@oddspulse/shared';
import { bullConnectionOptions, parseConfig } from '@oddspulse/core';
import { TcpProxy } from '../../../test/support/tcp-proxy';
import { queueProcessors } from './queue-processors';

type ShuttingDown = WorkerHost & { beforeApplicationShutdown(): Promise<void> };

// A worker told to stop while Redis is down closes at once instead of waiting forever on jobs that cannot save their
// results, and loses none of them: the job it had in flight is run again by BullMQ's stalled-job check. The
// processor's worker talks to the real Redis through a proxy the test cuts or silences; the queue and the next worker
// do not.
describe('a queue processor shut down with Redis down (real Redis behind a TCP proxy)', () => {
  const run = parseConfig(process.env);
  const redis = new URL(run.REDIS_URL);
  const proxy = new TcpProxy(Number(redis.port || 6379), redis.hostname);
  const prefix = `${run.REDIS_PREFIX}-queue-shutdown:bull`;
  // short locks, so the stalled check finds the abandoned job in about a second rather than BullMQ's 30 s
  const quickStalls = { lockDuration: 1000, stalledInterval: 500 };
  let queue: Queue;
  let next: Worker | undefined;
  let first: Worker | undefined;

  beforeAll(async () => {
    queue = new Queue(QueueName.Feeds, { connection: bullConnectionOptions(run.REDIS_URL), prefix });
    await queue.obliterate({ force: true });
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    await next?.close();
    await first?.close(true);
    await queue.obliterate({ force: true });
    proxy.resume();
    await proxy.stop();
  });

  afterAll(() => queue.close());

  /** The processor's worker, through the proxy, with a job in flight that never finishes. */
  async function processorWithJobInFlight(): Promise<{ processor: ShuttingDown; job: Job }> {
    const port = await proxy.start();
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const registry = { run: () => (started(), new Promise(() => undefined)) };
    const Processor = queueProcessors.find((p) => p.name === 'FeedsQueueProcessor')! as unknown as new (
      ...args: unknown[]
    ) => ShuttingDown;
    const processor = new Processor(registry, { WORKER_CONCURRENCY: 1 });
    first = new Worker(QueueName.Feeds, (job: Job) => processor.process(job), {
      connection: bullConnectionOptions(`redis://127.0.0.1:${port}`),
      prefix,
      ...quickStalls,
    });
    first.on('error', () => undefined);
    // as @nestjs/bullmq's explorer hands a processor its worker
    Object.assign(processor, { _worker: first });
    const job = await queue.add('odds.poll', { sport: 'basketball_nba', tick: 1 });
    await inFlight;
    return { processor, job };
  }

  /** Whether `job` runs again on another worker, straight to Redis, once the stalled check finds it abandoned. */
  async function expectRunAgain(job: Job): Promise<void> {
    next = new Worker(QueueName.Feeds, async () => 'ran again', {
      connection: bullConnectionOptions(run.REDIS_URL),
      prefix,
      ...quickStalls,
    });
    const deadline = Date.now() + 10_000;
    while (!(await job.isCompleted()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const done = await queue.getJob(job.id!);
    expect(await done!.getState()).toBe('completed');
    expect(done!.returnvalue).toBe('ran again');
  }

  it('closes within a second, and the job it had in flight runs again on another worker', async () => {
    const { processor, job } = await processorWithJobInFlight();
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    await proxy.stop();
    const client = await first!.backend.client;
    while (client.status === 'ready') await new Promise((r) => setTimeout(r, 20));
    const closing = Date.now();
    await processor.beforeApplicationShutdown();
    expect(Date.now() - closing).toBeLessThan(1000);
    expect(first!.closing).toBeTruthy();
    await expectRunAgain(job);
  }, 20_000);

  // A connection stays `ready` while Redis does not answer on it: a cluster whose queues' slot is unserved (every
  // command answered CLUSTERDOWN, BullConnection), or a Redis that stops answering with the connection open, as here.
  it('closes within a second when Redis stops answering on a connection still ready, saying Redis is down', async () => {
    const { processor, job } = await processorWithJobInFlight();
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    proxy.silence();
    const closing = Date.now();
    await processor.beforeApplicationShutdown();
    expect(Date.now() - closing).toBeLessThan(1000);
    expect(first!.closing).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ redis: 'down', reason: expect.stringMatching(/timed out/) }),
      'Closing the worker without waiting for its jobs: BullMQ retries them',
    );
    await expectRunAgain(job);
  }, 20_000);
});
