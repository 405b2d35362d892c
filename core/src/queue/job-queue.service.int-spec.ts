import { Logger } from '@nestjs/common';
import type { ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { JobName, QueueName } from '@oddspulse/shared';
import { TcpProxy } from '../../../test/support/tcp-proxy';
import { parseConfig } from '../config/config.schema';
import { bullConnectionOptions, type RedisService } from '../redis/redis.service';
import { JobQueueService } from './job-queue.service';

// docs/operating.md "A worker killed": a shutdown with Redis down does not wait on the outage. A job that was enqueueing
// when Redis went away left its command in ioredis's offline queue, and the queue's QUIT waited behind it: the workers
// exited only at their last-resort 30 s. The queues talk to the real Redis through a proxy the test cuts.
describe('JobQueueService closing while an enqueue waits on a Redis that went away (real Redis behind a TCP proxy)', () => {
  const run = parseConfig(process.env);
  const redis = new URL(run.REDIS_URL);
  const proxy = new TcpProxy(Number(redis.port || 6379), redis.hostname);

  afterAll(async () => {
    jest.restoreAllMocks();
    await proxy.stop();
  });

  it('drops the queue at once and reconnects no more', async () => {
    const port = await proxy.start();
    const queues = new Map(
      Object.values(QueueName).map((name) => [
        getQueueToken(name),
        new Queue(name, {
          connection: bullConnectionOptions(`redis://127.0.0.1:${port}`),
          prefix: `${run.REDIS_PREFIX}-queue-close:bull`,
        }),
      ]),
    );
    const jobs = new JobQueueService(
      { get: (token: string) => queues.get(token) } as unknown as ModuleRef,
      {} as RedisService,
      { FEED_SPORTS: ['basketball_nba'] },
    );
    jobs.onModuleInit();
    await Promise.all([...queues.values()].map((queue) => queue.waitUntilReady()));
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);

    await proxy.stop();
    const poll = { sport: 'basketball_nba', tick: 1 };
    const client = await jobs.queue(jobs.queueOf(JobName.OddsPoll, poll)).backend.client;
    while (client.status === 'ready') await new Promise((r) => setTimeout(r, 20));
    const enqueue = jobs.add(JobName.OddsPoll, poll, { jobId: 'enqueued-as-redis-went-away' });
    let settled = false;
    void enqueue.finally(() => (settled = true)).catch(() => undefined);

    const closing = Date.now();
    await jobs.onApplicationShutdown();
    expect(Date.now() - closing).toBeLessThan(1000);
    // nothing reconnects after the shutdown: Redis back, the dropped connection stays down and the command unsent
    await proxy.start();
    await new Promise((r) => setTimeout(r, 1500));
    expect(client.status).not.toBe('ready');
    expect(settled).toBe(false);
  }, 20_000);
});
