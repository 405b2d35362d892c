import type { ModuleRef } from '@nestjs/core';
import { Backoffs, type BackoffOptions, type JobsOptions } from 'bullmq';
import { JobName } from '@oddspulse/shared';
import type { RedisService } from '../redis/redis.service';
import { DEFAULT_JOB_OPTIONS } from './queue.constants';
import { JobQueueService } from './job-queue.service';

const MINUTE = 60_000;

/** How long BullMQ goes on retrying a job enqueued with these options before it fails for good. */
function retrySpanMs(options: JobsOptions): number {
  const attempts = options.attempts ?? DEFAULT_JOB_OPTIONS.attempts!;
  const backoff = (options.backoff ?? DEFAULT_JOB_OPTIONS.backoff) as BackoffOptions;
  let span = 0;
  // the built-in strategies answer at once (a promise only from a custom one)
  for (let made = 1; made < attempts; made++)
    span += Backoffs.calculate(backoff, made, new Error('x'), {} as never) as number;
  return span;
}

describe('JobQueueService.add', () => {
  const added: Array<{ name: string; options: JobsOptions }> = [];
  const queue = { add: async (name: string, _data: unknown, options: JobsOptions) => added.push({ name, options }) };
  const jobs = new JobQueueService({ get: () => queue } as unknown as ModuleRef, {} as RedisService, {
    FEED_SPORTS: ['basketball_nba'],
  });
  const game = {
    id: 'g1',
    event_id: 'e1',
    home_team: 'A',
    away_team: 'B',
    commence_time: '2026-01-10T20:00:00Z',
  } as never;
  beforeEach(() => (added.length = 0));

  // docs/operating.md "PostgreSQL down or restarted": failed jobs are retried by BullMQ. A game's start is seen once, so
  // its closing line has no other chance: its retries span a restart of minutes, not the defaults' 15 s.
  it('retries a closing line for much longer than a PostgreSQL restart takes', async () => {
    await jobs.add(JobName.PicksRecordClose, { sport: 'basketball_nba', game }, { jobId: 'close-basketball_nba-g1' });
    const [{ options }] = added;
    expect(options.jobId).toBe('close-basketball_nba-g1');
    expect(retrySpanMs(options)).toBeGreaterThan(30 * MINUTE);
  });

  it('leaves other jobs to the queue defaults, and a caller’s own options win', async () => {
    await jobs.add(JobName.PicksSettleGame, { sport: 'basketball_nba', game }, { jobId: 'settle-basketball_nba-g1' });
    await jobs.add(JobName.PicksRecordClose, { sport: 'basketball_nba', game }, { attempts: 1 });
    expect(added.map((a) => a.options)).toEqual([
      { jobId: 'settle-basketball_nba-g1' },
      expect.objectContaining({ attempts: 1 }),
    ]);
    expect(retrySpanMs(added[0].options)).toBe(15_000);
  });
});

// docs/operating.md "Redis comes back empty": the schedules are put back once Redis answers, and while it does not the
// check reads and writes nothing. On a cluster BullMQ's client stays `ready` while the queues' slot is unserved
// (BullConnection), so Redis is asked whether it answers.
describe('JobQueueService.restoreSchedules', () => {
  function jobsWith(answer: () => Promise<number>) {
    const client = { status: 'ready', hexists: answer };
    const queue = {
      backend: { client: Promise.resolve(client) },
      keys: { meta: '{op:bull}:schedule:meta' },
      getJobScheduler: jest.fn(async () => undefined),
      upsertJobScheduler: jest.fn(async () => undefined),
    };
    const jobs = new JobQueueService({ get: () => queue } as unknown as ModuleRef, {} as RedisService, {
      FEED_SPORTS: ['basketball_nba'],
    });
    return { jobs, queue };
  }

  it('reads and puts back nothing while a cluster answers CLUSTERDOWN on a ready connection', async () => {
    let down = false;
    const { jobs, queue } = jobsWith(() =>
      down ? Promise.reject(new Error('CLUSTERDOWN The cluster is down')) : Promise.resolve(1),
    );
    await jobs.schedule(JobName.FeedsSchedule, 1000);
    down = true;
    expect(await jobs.restoreSchedules()).toEqual([]);
    expect(queue.getJobScheduler).not.toHaveBeenCalled();
    expect(queue.upsertJobScheduler).toHaveBeenCalledTimes(1);
  });

  it('puts back a schedule Redis no longer holds once it answers', async () => {
    const { jobs, queue } = jobsWith(async () => 0);
    await jobs.schedule(JobName.FeedsSchedule, 1000);
    expect(await jobs.restoreSchedules()).toEqual(['feeds-schedule']);
    expect(queue.upsertJobScheduler).toHaveBeenCalledTimes(2);
  });
});
