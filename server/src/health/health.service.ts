import { Inject, Injectable, Logger } from '@nestjs/common';
import { sql } from 'kysely';
import type { FeedStatus, FeedsHealth, HealthReport, ServiceState } from '@oddspulse/shared';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { Database, KYSELY } from '../database/database.module';
import { RedisService } from '../redis/redis.service';
import { RedisKeys } from '../redis/redis-keys';
import { JobQueueService } from '../queue/job-queue.service';

const CHECK_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    }),
  ]);
}

@Injectable()
export class HealthService {
  private readonly logger = new Logger(HealthService.name);

  constructor(
    @Inject(KYSELY) private readonly db: Database,
    private readonly redis: RedisService,
    private readonly jobs: JobQueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async report(): Promise<HealthReport> {
    const [postgres, redis] = await Promise.all([this.checkPostgres(), this.redis.ping(CHECK_TIMEOUT_MS)]);
    const details: HealthReport['details'] = { workers: 0, lastScheduleTick: null, jobCounts: {}, feeds: null };
    let queues: ServiceState = 'down';
    if (redis) {
      try {
        const [workers, jobCounts, lastTick, feeds] = await withTimeout(
          Promise.all([
            this.jobs.workerCount(),
            this.jobs.counts(),
            this.redis.client.get(this.redis.key(...RedisKeys.scheduleLastTick)),
            this.feeds(),
          ]),
          CHECK_TIMEOUT_MS,
        );
        details.workers = workers;
        details.jobCounts = jobCounts;
        details.lastScheduleTick = lastTick ? new Date(Number(lastTick)).toISOString() : null;
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
    const [statuses, credits, bySport] = await Promise.all([
      this.redis.client.hgetall(this.redis.key(...RedisKeys.feedStatus)),
      this.redis.client.hgetall(this.redis.key(...RedisKeys.oddsApiCredits)),
      this.redis.client.hgetall(this.redis.key(...RedisKeys.oddsApiCreditsBySport)),
    ]);
    const feeds = Object.values(statuses)
      .map((raw) => JSON.parse(raw) as FeedStatus)
      .map((feed) => ({ ...feed, age_seconds: feed.last_success_at ? Math.round((now - Date.parse(feed.last_success_at)) / 1000) : null }))
      .sort((a, b) => a.kind.localeCompare(b.kind) || a.sport.localeCompare(b.sport));
    const report: FeedsHealth = { odds_provider: this.config.ODDS_PROVIDER, scores_provider: this.config.SCORES_PROVIDER, feeds };
    if (this.config.ODDS_PROVIDER === 'theoddsapi' || this.config.SCORES_PROVIDER === 'theoddsapi') {
      const remaining = credits.remaining === undefined ? null : Number(credits.remaining);
      report.credits = {
        remaining,
        used: credits.used === undefined ? null : Number(credits.used),
        last: credits.last === undefined ? null : Number(credits.last),
        reserve: this.config.ODDS_API_CREDIT_RESERVE,
        low_priority_paused: remaining !== null && remaining < this.config.ODDS_API_CREDIT_RESERVE,
        by_sport: Object.fromEntries(Object.entries(bySport).map(([sport, n]) => [sport, Number(n)])),
      };
    }
    return report;
  }

  private async checkPostgres(): Promise<boolean> {
    try {
      await withTimeout(sql`SELECT 1`.execute(this.db), CHECK_TIMEOUT_MS);
      return true;
    } catch (error) {
      this.logger.warn(`PostgreSQL health check failed: ${(error as Error).message}`);
      return false;
    }
  }
}
