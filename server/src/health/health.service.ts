import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FeedsHealth, HealthReport, ServiceState } from '@oddspulse/shared';
import {
  APP_CONFIG,
  type AppConfig,
  DatabaseProbe,
  JobQueueService,
  LiveStateRepository,
  OddsApiAccountRepository,
  RedisService,
  withTimeout,
} from '@oddspulse/core';

const CHECK_TIMEOUT_MS = 2000;

@Injectable()
export class HealthService {
  private readonly logger = new Logger(HealthService.name);

  constructor(
    private readonly database: DatabaseProbe,
    private readonly redis: RedisService,
    private readonly jobs: JobQueueService,
    private readonly state: LiveStateRepository,
    private readonly oddsApi: OddsApiAccountRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async report(): Promise<HealthReport> {
    const [postgres, redis] = await Promise.all([this.checkPostgres(), this.redis.ping(CHECK_TIMEOUT_MS)]);
    const details: HealthReport['details'] = { workers: 0, lastScheduleTick: null, jobCounts: {}, feeds: null };
    let queues: ServiceState = 'down';
    if (redis) {
      try {
        const [workers, jobCounts, lastTick, feeds] = await withTimeout(
          Promise.all([this.jobs.workerCount(), this.jobs.counts(), this.state.lastScheduleTick(), this.feeds()]),
          CHECK_TIMEOUT_MS,
        );
        details.workers = workers;
        details.jobCounts = jobCounts;
        details.lastScheduleTick = lastTick === null ? null : new Date(lastTick).toISOString();
        details.feeds = feeds;
        queues = workers > 0 ? 'up' : 'down';
      } catch (error) {
        this.logger.warn(`Queue health check failed: ${(error as Error).message}`);
      }
    }
    const postgresState: ServiceState = postgres ? 'up' : 'down';
    const redisState: ServiceState = redis ? 'up' : 'down';
    const ok = postgres && redis && queues === 'up';
    return { status: ok ? 'ok' : 'error', postgres: postgresState, redis: redisState, queues, details };
  }

  /** What the workers last reported per feed, and The Odds API credit budget when it is in use. */
  private async feeds(): Promise<FeedsHealth> {
    const now = Date.now();
    const [statuses, credits, bySport] = await Promise.all([this.state.feedStatuses(), this.oddsApi.credits(), this.oddsApi.creditsBySport()]);
    const feeds = statuses
      .map((feed) => ({ ...feed, age_seconds: feed.last_success_at ? Math.round((now - Date.parse(feed.last_success_at)) / 1000) : null }))
      .sort((a, b) => a.kind.localeCompare(b.kind) || a.sport.localeCompare(b.sport));
    const report: FeedsHealth = { odds_provider: this.config.ODDS_PROVIDER, scores_provider: this.config.SCORES_PROVIDER, feeds };
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

  private async checkPostgres(): Promise<boolean> {
    try {
      await withTimeout(this.database.ping(), CHECK_TIMEOUT_MS);
      return true;
    } catch (error) {
      this.logger.warn(`PostgreSQL health check failed: ${(error as Error).message}`);
      return false;
    }
  }
}
