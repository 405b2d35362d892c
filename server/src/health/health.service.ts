import { Inject, Injectable, Logger } from '@nestjs/common';
import { JobName, workerProblems, type FeedsHealth, type HealthReport, type ServiceState } from '@oddspulse/shared';
import {
  APP_CONFIG,
  type AppConfig,
  DatabaseProbe,
  JobQueueService,
  LiveStateRepository,
  MailService,
  OddsApiAccountRepository,
  RedisService,
  RepeatedErrors,
  StripeStatus,
  WorkerHeartbeatRepository,
  withTimeout,
} from '@oddspulse/core';

const CHECK_TIMEOUT_MS = 2000;
/** The scheduler ticks every SCHEDULER_TICK_MS; this many ticks missed (and at least 30 s) and it is reported silent. */
const MISSED_TICKS = 3;

@Injectable()
export class HealthService {
  private readonly logger = new Logger(HealthService.name);
  /** Every health request checks again: during an outage, a line a minute per reason. */
  private readonly failedChecks = new RepeatedErrors();

  constructor(
    private readonly database: DatabaseProbe,
    private readonly redis: RedisService,
    private readonly jobs: JobQueueService,
    private readonly state: LiveStateRepository,
    private readonly oddsApi: OddsApiAccountRepository,
    private readonly workers: WorkerHeartbeatRepository,
    private readonly mail: MailService,
    private readonly stripe: StripeStatus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async report(): Promise<HealthReport> {
    const [postgres, redis, smtp, stripe] = await Promise.all([
      this.checkPostgres(),
      this.redis.ping(CHECK_TIMEOUT_MS),
      this.mail.smtpProblem(),
      this.stripe.problem(),
    ]);
    const details: HealthReport['details'] = {
      workers: 0,
      workerHeartbeats: [],
      lastScheduleTick: null,
      jobCounts: {},
      feeds: null,
    };
    const problems: string[] = [];
    let queues: ServiceState = 'down';
    if (redis) {
      try {
        const [workers, jobCounts, lastTick, feeds, scheduled] = await withTimeout(
          Promise.all([
            this.workers.heartbeats(Date.now()),
            this.jobs.counts(),
            this.state.lastScheduleTick(),
            this.feeds(),
            this.jobs.isScheduled(JobName.FeedsSchedule),
          ]),
          CHECK_TIMEOUT_MS,
        );
        details.workers = workers.live.length;
        details.workerHeartbeats = [
          ...workers.live.map((worker) => ({ ...worker, state: 'live' as const })),
          ...workers.silent.map((worker) => ({ ...worker, state: 'silent' as const })),
        ];
        details.jobCounts = jobCounts;
        details.lastScheduleTick = lastTick === null ? null : new Date(lastTick).toISOString();
        details.feeds = feeds;
        queues = workers.live.length > 0 ? 'up' : 'down';
        const waiting = Object.fromEntries(
          Object.entries(jobCounts).map(([queue, counts]) => [queue, counts.waiting ?? 0]),
        );
        problems.push(
          ...workerProblems(workers, waiting, this.config.SCHEDULER_TICK_MS, Date.now()),
          ...this.problems(scheduled, lastTick, feeds),
        );
      } catch (error) {
        const admitted = this.failedChecks.admit(`queues: ${(error as Error).message}`);
        if (admitted)
          this.logger.warn(
            { reason: (error as Error).message, suppressedRepeats: admitted.suppressed },
            `Queue health check failed: ${(error as Error).message}`,
          );
        problems.push(`The job queues could not be read from Redis: ${(error as Error).message}`);
      }
    }
    // Every 503 names its cause: a service down comes first.
    if (!redis) problems.unshift('Redis does not answer: the job queues, workers and feeds cannot be read');
    if (postgres !== true) problems.unshift(`PostgreSQL does not answer: ${postgres.reason}`);
    // Reset links and support requests are refused with a 503 meanwhile (DECISIONS 33): operators must hear of it.
    if (smtp) problems.push(smtp);
    // Checkouts and plan switches answer 503 meanwhile (docs/operating.md, Outages): operators must hear of it too.
    if (stripe) problems.push(stripe);
    const postgresState: ServiceState = postgres === true ? 'up' : 'down';
    const redisState: ServiceState = redis ? 'up' : 'down';
    const ok = postgres === true && redis && queues === 'up' && problems.length === 0;
    return { status: ok ? 'ok' : 'error', postgres: postgresState, redis: redisState, queues, problems, details };
  }

  /**
   * Health that tells the truth: the services answering is not enough. The
   * feeds scheduler gone from Redis or silent (its tick is a job a worker runs, so a silent scheduler is also the
   * heartbeat of workers that no longer take jobs); each feed whose board is stale, and each feed held back because it
   * fails (halted until the configuration changes, as after a 401, or backing off). Feeds paused on purpose (credit
   * budget, out of season) are not a problem.
   */
  private problems(scheduled: boolean, lastTick: number | null, feeds: FeedsHealth, now = Date.now()): string[] {
    const problems: string[] = [];
    if (!scheduled) problems.push('The feeds scheduler is missing from Redis');
    const silentAfterMs = Math.max(MISSED_TICKS * this.config.SCHEDULER_TICK_MS, 30_000);
    if (lastTick === null) problems.push('The feeds scheduler has never ticked');
    else if (now - lastTick > silentAfterMs)
      problems.push(`The feeds scheduler has not ticked since ${new Date(lastTick).toISOString()}`);
    for (const feed of feeds.feeds) {
      if (feed.state === 'stale')
        problems.push(
          `Feed ${feed.kind} ${feed.sport} is stale since ${feed.stale_since}${feed.error ? `: ${feed.error}` : ''}`,
        );
      else if (feed.paused_by_failure)
        problems.push(`Feed ${feed.kind} ${feed.sport} (${feed.provider}) is not polled: ${feed.paused_reason}`);
    }
    return problems;
  }

  /** What the workers last reported per feed, and The Odds API credit budget when it is in use. */
  private async feeds(): Promise<FeedsHealth> {
    const now = Date.now();
    const [statuses, credits, bySport] = await Promise.all([
      this.state.feedStatuses(this.config.FEED_SPORTS),
      this.oddsApi.credits(),
      this.oddsApi.creditsBySport(),
    ]);
    const feeds = statuses
      .map((feed) => ({
        ...feed,
        age_seconds: feed.last_success_at ? Math.round((now - Date.parse(feed.last_success_at)) / 1000) : null,
      }))
      .sort((a, b) => a.kind.localeCompare(b.kind) || a.sport.localeCompare(b.sport));
    const report: FeedsHealth = {
      odds_provider: this.config.ODDS_PROVIDER,
      scores_provider: this.config.SCORES_PROVIDER,
      feeds,
    };
    if (this.config.ODDS_PROVIDER === 'theoddsapi' || this.config.SCORES_PROVIDER === 'theoddsapi') {
      report.credits = {
        ...credits,
        reserve: this.config.ODDS_API_CREDIT_RESERVE,
        low_priority_paused: credits.remaining !== null && credits.remaining < this.config.ODDS_API_CREDIT_RESERVE,
        by_sport: bySport,
      };
    }
    return report;
  }

  /** True when PostgreSQL answers in time, else why not. */
  private async checkPostgres(): Promise<true | { reason: string }> {
    try {
      await withTimeout(this.database.ping(), CHECK_TIMEOUT_MS);
      return true;
    } catch (error) {
      const admitted = this.failedChecks.admit(`postgres: ${(error as Error).message}`);
      if (admitted)
        this.logger.warn(
          { reason: (error as Error).message, suppressedRepeats: admitted.suppressed },
          `PostgreSQL health check failed: ${(error as Error).message}`,
        );
      return { reason: (error as Error).message };
    }
  }
}
