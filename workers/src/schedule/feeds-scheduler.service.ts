import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { duePolls, JobName, JobPayload } from '@oddspulse/shared';
import { APP_CONFIG, type AppConfig, FEEDS_SCHEDULER_ID, JobQueueService, LiveStateRepository } from '@oddspulse/core';
import { OnJob } from '../jobs/on-job.decorator';

const JOB_FOR_KIND = { odds: JobName.OddsPoll, props: JobName.PropsPoll, scores: JobName.ScoresPoll } as const;

/** One repeatable job (upserted by id, so one schedule however many workers start) that fans out the polls. */
@Injectable()
export class FeedsSchedulerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(FeedsSchedulerService.name);
  private watch?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobQueueService,
    private readonly state: LiveStateRepository,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs.schedule(FEEDS_SCHEDULER_ID, JobName.FeedsSchedule, this.config.SCHEDULER_TICK_MS, { scheduledAt: 0 });
    this.logger.log(
      `Feeds scheduled every ${this.config.SCHEDULER_TICK_MS} ms: odds from ${this.config.ODDS_PROVIDER}, scores from ${this.config.SCORES_PROVIDER}, sports ${this.config.FEED_SPORTS.join(', ')}`,
    );
    // A timer of the process, not a job: when Redis comes back empty there is no scheduler left to run a job that would
    // notice. Every tick, each schedule this worker made (feeds, settlement, billing) is put back if gone.
    this.watch = setInterval(() => void this.restoreSchedules(), this.config.SCHEDULER_TICK_MS);
    this.watch.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.watch);
  }

  async restoreSchedules(): Promise<string[]> {
    try {
      const restored = await this.jobs.restoreSchedules();
      if (restored.length) this.logger.warn({ restored }, `Job schedulers missing from Redis, re-created: ${restored.join(', ')}`);
      return restored;
    } catch (error) {
      this.logger.warn(`Could not check the job schedulers: ${(error as Error).message}`);
      return [];
    }
  }

  @OnJob(JobName.FeedsSchedule)
  async fanOut(_data: JobPayload<typeof JobName.FeedsSchedule>) {
    const now = Date.now();
    await this.state.recordScheduleTick(now);
    const polls = duePolls(
      this.config.FEED_SPORTS,
      await this.state.feedStatuses(),
      {
        oddsMs: this.config.ODDS_INTERVAL_MS,
        oddsLiveMs: this.config.ODDS_LIVE_INTERVAL_MS,
        propsMs: this.config.PROPS_INTERVAL_MS,
        scoresLiveMs: this.config.SCORES_LIVE_INTERVAL_MS,
        scoresIdleMs: this.config.SCORES_IDLE_INTERVAL_MS,
      },
      now,
    );
    await Promise.all(polls.map((p) => this.jobs.add(JOB_FOR_KIND[p.kind], { sport: p.sport, tick: p.tick }, { jobId: p.jobId })));
    return { scheduledAt: now, polls: polls.length };
  }
}
