import { Logger } from '@nestjs/common';
import { NestFactory, type ModuleRef } from '@nestjs/core';
import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { JobName, QueueName } from '@oddspulse/shared';
import { TcpProxy } from '../../../test/support/tcp-proxy';
import { APP_CONFIG } from '../config/config.module';
import { parseConfig } from '../config/config.schema';
import { bullConnectionOptions, RedisService } from '../redis/redis.service';
import { CLOSE_MS } from '../util/close-or-force';
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

  // As the workers shut down: Nest calls @nestjs/bullmq's own hook of each queue provider (a plain close) before the
  // service's. That close's QUIT waited behind the enqueue, and the workers exited 1 at their 30 s last resort.
  it('closes through the application lifecycle without waiting on the enqueue', async () => {
    await proxy.stop();
    const port = await proxy.start();
    const app = await NestFactory.createApplicationContext(
      {
        module: class QueuesUnderTest {},
        imports: [
          BullModule.forRoot({
            connection: bullConnectionOptions(`redis://127.0.0.1:${port}`),
            prefix: `${run.REDIS_PREFIX}-queue-close:bull`,
          }),
          BullModule.registerQueue(...Object.values(QueueName).map((name) => ({ name }))),
        ],
        providers: [
          JobQueueService,
          { provide: RedisService, useValue: {} },
          { provide: APP_CONFIG, useValue: { FEED_SPORTS: ['basketball_nba'] } },
        ],
      },
      { logger: false },
    );
    const jobs = app.get(JobQueueService);
    await Promise.all(Object.values(QueueName).map((name) => jobs.queue(name).waitUntilReady()));
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);

    await proxy.stop();
    const poll = { sport: 'basketball_nba', tick: 1 };
    const client = await jobs.queue(jobs.queueOf(JobName.OddsPoll, poll)).backend.client;
    while (client.status === 'ready') await new Promise((r) => setTimeout(r, 20));
    void jobs.add(JobName.OddsPoll, poll, { jobId: 'enqueued-as-app-closes' }).catch(() => undefined);

    const closing = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const closed = await Promise.race([
      app.close().then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 3 * CLOSE_MS))),
    ]);
    clearTimeout(timer);
    expect(closed).toBe(true);
    expect(Date.now() - closing).toBeLessThan(1000);
  }, 20_000);
});
