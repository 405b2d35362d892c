import { Inject, Injectable, Logger } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { JobQueueService } from '../queue/job-queue.service';
import { LiveStateRepository } from '../live-state/live-state.repository';
import { OddsApiAccountRepository } from '../live-state/odds-api-account.repository';
import { withTimeout } from '../util/with-timeout';
import { MetricsService } from './metrics.service';

/** A scrape must answer while Redis is away: each reading gives up after this long. */
const READ_TIMEOUT_MS = 2000;

/**
 * The gauges read from the state every process shares, at scrape time: feed ages, The Odds API balance,
 * queue depths, and this process's sockets. Registered by the server only, so a scraper reading both processes sees
 * each figure once. A reading that fails (Redis away) exports nothing rather than a stale number: `absent()` and
 * the feed-age alerts fire.
 */
@Injectable()
export class StateMetrics {
  private readonly logger = new Logger(StateMetrics.name);
  private readonly failing = new Set<string>();

  constructor(
    private readonly metrics: MetricsService,
    private readonly state: LiveStateRepository,
    private readonly oddsApi: OddsApiAccountRepository,
    private readonly jobs: JobQueueService,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'FEED_SPORTS'>,
  ) {}

  /** `socketConnections` counts this process's sockets. Call once per process. */
  register(socketConnections: () => number): void {
    const registers = [this.metrics.registry];
    const sockets: Gauge = new Gauge({
      name: 'oddspulse_socket_connections',
      help: "Sockets connected to this server process's realtime gateway.",
      registers,
      collect: (): void => sockets.set(socketConnections()),
    });
    this.seriesGauge(
      {
        name: 'oddspulse_feed_age_seconds',
        help: 'Seconds since each feed (odds, props, scores × sport) last polled successfully.',
        labelNames: ['feed', 'sport'] as const,
      },
      'feed ages',
      async () => {
        const statuses = await withTimeout(
          this.state.feedStatuses(this.config.FEED_SPORTS),
          READ_TIMEOUT_MS,
          'Reading the feed statuses',
        );
        const now = Date.now();
        return statuses.flatMap(({ kind, sport, last_success_at }) =>
          last_success_at ? [{ labels: { feed: kind, sport }, value: (now - Date.parse(last_success_at)) / 1000 }] : [],
        );
      },
    );
    const credits = new Gauge({
      name: 'oddspulse_odds_api_credits_remaining',
      help: 'The Odds API credits left, as its last answer reported them (NaN when it has never reported).',
      registers,
      collect: () =>
        this.read(
          'The Odds API balance',
          () => credits.set(Number.NaN),
          async () => {
            const { remaining } = await withTimeout(
              this.oddsApi.credits(),
              READ_TIMEOUT_MS,
              'Reading the credit balance',
            );
            credits.set(remaining ?? Number.NaN);
          },
        ),
    });
    this.seriesGauge(
      {
        name: 'oddspulse_queue_jobs',
        help: 'Jobs in each queue by state (waiting, active, delayed, failed, completed, failed_last_hour).',
        labelNames: ['queue', 'state'] as const,
      },
      'queue depths',
      async () => {
        const depths = await withTimeout(this.jobs.depths(), READ_TIMEOUT_MS, 'Reading the queue depths');
        return depths.flatMap(({ name, waiting, active, delayed, failed, completed, failed_last_hour }) =>
          Object.entries({ waiting, active, delayed, failed, completed, failed_last_hour }).map(([state, count]) => ({
            labels: { queue: name, state },
            value: count,
          })),
        );
      },
    );
  }

  /**
   * A gauge whose series are all read again at each scrape: those of the last reading go, so a series no longer read
   * (a sport dropped) is not exported stale; a reading that fails leaves no series at all.
   */
  private seriesGauge<L extends string>(
    definition: { name: string; help: string; labelNames: readonly L[] },
    what: string,
    readSeries: () => Promise<Array<{ labels: Record<L, string>; value: number }>>,
  ): void {
    const gauge: Gauge<L> = new Gauge({
      ...definition,
      registers: [this.metrics.registry],
      collect: () =>
        this.read(
          what,
          () => gauge.reset(),
          async () => {
            const series = await readSeries();
            gauge.reset();
            for (const { labels, value } of series) gauge.set(labels, value);
          },
        ),
    });
  }

  /** Runs a reading; on failure `clear` leaves the gauge without a number (no series, or NaN) and it is logged once. */
  private async read(what: string, clear: () => void, reading: () => Promise<void>): Promise<void> {
    try {
      await reading();
      if (this.failing.delete(what)) this.logger.log(`Metrics: ${what} readable again`);
    } catch (error) {
      clear();
      if (!this.failing.has(what)) this.logger.warn(`Metrics: ${what} could not be read: ${(error as Error).message}`);
      this.failing.add(what);
    }
  }
}
