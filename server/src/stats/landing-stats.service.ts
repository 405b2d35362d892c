import { Inject, Injectable } from '@nestjs/common';
import { boardCoverage, summariseDailyCounters, utcDay, type LandingStats } from '@oddspulse/shared';
import { APP_CONFIG, type AppConfig, LiveStateRepository, OpportunityCountersRepository } from '@oddspulse/core';

/** "Now" for the figures, injectable so a test can move past the cache and stay on one UTC day. */
export const STATS_CLOCK = Symbol('STATS_CLOCK');
export type StatsClock = () => number;

/** How long one reading is served: every landing visit would otherwise parse every board in Redis. */
export const LANDING_STATS_CACHE_MS = 30_000;

/**
 * The landing page's live figures (DECISIONS 17): books and markets on the boards the workers keep now, and
 * today's (UTC) opportunities and mean edge from detection's daily counters. Read at most once per
 * LANDING_STATS_CACHE_MS per process (and afresh when the UTC day turns); concurrent requests share one read, and a failed read is not kept.
 */
@Injectable()
export class LandingStatsService {
  private cached: { readAt: number; stats: LandingStats } | null = null;
  private reading: Promise<LandingStats> | null = null;

  constructor(
    private readonly boards: LiveStateRepository,
    private readonly counters: OpportunityCountersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(STATS_CLOCK) private readonly clock: StatsClock,
  ) {}

  async stats(): Promise<LandingStats> {
    const now = this.clock();
    const fresh =
      this.cached && now - this.cached.readAt < LANDING_STATS_CACHE_MS && this.cached.stats.day === utcDay(now);
    if (fresh) return this.cached!.stats;
    this.reading ??= this.read(now)
      .then((stats) => {
        this.cached = { readAt: now, stats };
        return stats;
      })
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }

  private async read(now: number): Promise<LandingStats> {
    const sports = this.config.FEED_SPORTS;
    const day = utcDay(now);
    const [odds, props, counters] = await Promise.all([
      this.boards.boards('odds', sports),
      this.boards.boards('props', sports),
      this.counters.day(day),
    ]);
    return {
      ...boardCoverage([...odds, ...props], now),
      day,
      ...summariseDailyCounters(counters),
      as_of: new Date(now).toISOString(),
    };
  }
}
