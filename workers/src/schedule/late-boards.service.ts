import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { opsFeeds } from '@oddspulse/shared';
import { APP_CONFIG, type AppConfig, LiveStateRepository, RepeatedErrors } from '@oddspulse/core';
import { CLOCK, type Clock } from '../feeds/clock';
import { OddsPipelineService } from '../odds/odds-pipeline.service';
import { ScoresPipelineService } from '../scores/scores-pipeline.service';

/**
 * Marks stale every board whose feed is late past its cadence (no success for two cadences and a grace, the
 * operations page's `late`), pushing `board.status` as a failed poll does: a poll that never runs (a queue that
 * stalls, workers that take no job, a scheduler gone) never fails, so no poll would mark it. A timer of each worker
 * process, not a job, for the same reason; the mark is taken under the feed's poll lock, so it never crosses a poll.
 */
@Injectable()
export class LateBoardsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LateBoardsService.name);
  private readonly failures = new RepeatedErrors();
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly state: LiveStateRepository,
    private readonly odds: OddsPipelineService,
    private readonly scores: ScoresPipelineService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweepLogged(), this.config.SCHEDULER_TICK_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** The boards it marked stale, as `kind:sport`. */
  async sweep(): Promise<string[]> {
    const now = this.clock();
    const [statuses, events] = await Promise.all([
      this.state.feedStatuses(this.config.FEED_SPORTS),
      this.state.oddsSchedules(),
    ]);
    const cadence = {
      propsMs: this.config.PROPS_INTERVAL_MS,
      scoresLiveMs: this.config.SCORES_LIVE_INTERVAL_MS,
      scoresIdleMs: this.config.SCORES_IDLE_INTERVAL_MS,
    };
    // A stream's odds board is judged as a poll's: a live connection writes a batch at least every slot, a quiet one a
    // batch of no game (OddsStreamService), so a stream board late past its cadence is one no connection keeps.
    const late = opsFeeds(this.config.FEED_SPORTS, statuses, cadence, events, now).filter(
      (feed) => feed.health === 'late' && feed.last_success_at && !feed.stale_since,
    );
    const marked: string[] = [];
    for (const feed of late) {
      const since = feed.last_success_at!;
      const reason = `No successful poll since ${since} (polled every ${Math.round(feed.cadence_ms / 1000)} s)`;
      const done =
        feed.kind === 'scores'
          ? await this.scores.markLate(feed.sport, since, reason)
          : await this.odds.markLate(feed.kind, feed.sport, since, reason);
      if (done) marked.push(`${feed.kind}:${feed.sport}`);
    }
    return marked;
  }

  private async sweepLogged(): Promise<void> {
    try {
      const marked = await this.sweep();
      if (marked.length)
        this.logger.warn({ marked }, `Boards late past their cadence, marked stale: ${marked.join(', ')}`);
    } catch (error) {
      // Redis away: a line a minute per reason, as every connection's own errors (docs/operating.md, Logs).
      const admitted = this.failures.admit((error as Error).message);
      if (admitted)
        this.logger.warn(
          { reason: (error as Error).message, suppressedRepeats: admitted.suppressed },
          `Could not check the boards for lateness: ${(error as Error).message}`,
        );
    }
  }
}
