import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import IORedis from 'ioredis';
import { JobName } from '@oddspulse/shared';
import { APP_CONFIG, JobQueueService, LiveStateRepository, parseConfig, type AppConfig } from '@oddspulse/core';
import { WorkersModule } from '@oddspulse/workers';
import { OwnRedis } from '../support/own-redis';

// Redis comes back empty (a restart without persistence, a failover, a flush). The job schedulers
// used to be gone for good until the workers restarted, so nothing polled or settled; each worker now puts back every
// schedule it made within a scheduler tick, and the feeds scheduler ticks again. On the test's own redis-server, whose
// keys the test deletes (never the shared one's).
describe('job schedulers after Redis loses them (own redis-server)', () => {
  let redis: OwnRedis;
  let worker: INestApplicationContext;
  let admin: IORedis;
  const TICK_MS = 300;

  beforeAll(async () => {
    redis = await OwnRedis.started();
    admin = new IORedis(redis.url);
    const config: AppConfig = {
      ...parseConfig(process.env),
      REDIS_URL: redis.url,
      REDIS_PREFIX: 'oddspulse-schedulers',
      ODDS_PROVIDER: 'simulator',
      SCORES_PROVIDER: 'simulator',
      FEED_SPORTS: [],
      SCHEDULER_TICK_MS: TICK_MS,
    };
    const moduleRef = await Test.createTestingModule({ imports: [WorkersModule] })
      .overrideProvider(APP_CONFIG)
      .useValue(config)
      .compile();
    moduleRef.useLogger(false);
    worker = await moduleRef.init();
  });

  // Closing waits for the jobs in flight (every schedule was just re-created and fired); a loaded CI machine once took
  // past the 30 s default while every assertion had passed.
  afterAll(async () => {
    await worker?.close();
    admin?.disconnect();
    await redis?.stop();
  }, 90_000);

  it('re-creates the feeds, settlement and billing schedules within a tick, and the scheduler ticks again', async () => {
    const jobs = worker.get(JobQueueService);
    const state = worker.get(LiveStateRepository);
    const scheduled = () => jobs.isScheduled(JobName.FeedsSchedule);
    expect(await scheduled()).toBe(true);
    const ticking = async () => (await state.lastScheduleTick()) !== null;
    for (let i = 0; i < 40 && !(await ticking()); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await ticking()).toBe(true);

    // every key under the instance's prefix is gone, the schedules with them. A tick or a job in flight can write its
    // keys again just after they are deleted, so delete until one reading finds the schedule and the tick both gone.
    let gone = false;
    for (let attempt = 0; attempt < 20 && !gone; attempt++) {
      const keys = await admin.keys('oddspulse-schedulers:*');
      if (keys.length > 0) await admin.del(...keys);
      gone = !(await scheduled()) && (await state.lastScheduleTick()) === null;
    }
    expect(gone).toBe(true);

    // The schedules are back within a tick; the first job after them waits for the worker's next fetch: BullMQ's
    // worker blocks up to its drainDelay (5 s) for a job, and after a fetch that failed (one racing the deletion can)
    // waits its runRetryDelay (15 s) before fetching again. A clean-clone run once saw no tick 3.5 s after the deletion.
    const deadline = Date.now() + 5 * TICK_MS + 18_000;
    while (Date.now() < deadline && !((await scheduled()) && (await ticking())))
      await new Promise((r) => setTimeout(r, 100));
    expect(await scheduled()).toBe(true);
    expect(await jobs.isScheduled(JobName.PicksSettleWindow)).toBe(true);
    expect(await ticking()).toBe(true);
  }, 60_000);
});
