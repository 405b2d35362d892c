import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import {
  APP_CONFIG,
  type AppConfig,
  OddsHistoryOutboxRepository,
  OddsHistoryRepository,
  RepeatedErrors,
} from '@oddspulse/core';

/** How often the outbox is checked: history is seconds behind the prices at most, and nothing waits on it. */
const DRAIN_INTERVAL_MS = 250;
/** Outbox entries per transaction (each holds up to 2,000 rows). */
const ENTRIES_PER_BATCH = 25;

/**
 * Moves the odds history from its outbox (appended when a poll publishes its diff) to PostgreSQL, in batches, off the
 * path from the feed to the browser. An entry is acknowledged only once its rows are committed; one this process
 * read and never stored (it died) is claimed by a writer after ODDS_HISTORY_CLAIM_IDLE_MS, and stored once (the entry
 * id is recorded with the rows).
 */
@Injectable()
export class OddsHistoryWriterService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OddsHistoryWriterService.name);
  /** A drain fails every tick (250 ms) while PostgreSQL is away: a line a minute per reason. */
  private readonly failures = new RepeatedErrors();
  private readonly consumer = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  private timer?: NodeJS.Timeout;
  private running: Promise<number> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: OddsHistoryOutboxRepository,
    private readonly history: OddsHistoryRepository,
  ) {}

  async onApplicationBootstrap() {
    await this.outbox.ensureGroup();
    this.timer = setInterval(() => void this.tick(), DRAIN_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown() {
    clearInterval(this.timer);
    await this.running;
  }

  private tick(): Promise<number> {
    this.running ??= this.drain()
      .catch(async (error: Error) => {
        // Left in the outbox: the next tick tries again. A group lost with Redis's data is made again.
        const admitted = this.failures.admit(error.message);
        if (admitted)
          this.logger.warn(
            { reason: error.message, suppressedRepeats: admitted.suppressed },
            `Odds history not stored yet: ${error.message}`,
          );
        if (error.message.includes('NOGROUP')) await this.outbox.ensureGroup();
        return 0;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Waits for the drain under way, then stores what is left (shutdown of a caller, and tests that count rows). */
  async flush(): Promise<number> {
    await this.running;
    return this.drain();
  }

  /** Stores what the outbox holds, batch after batch, until it is empty. Returns the rows written. */
  async drain(): Promise<number> {
    let rows = 0;
    for (;;) {
      const entries = await this.outbox.take(this.consumer, ENTRIES_PER_BATCH, this.config.ODDS_HISTORY_CLAIM_IDLE_MS);
      if (!entries.length) return rows;
      rows += await this.history.storeEntries(entries);
      await this.outbox.done(entries);
    }
  }
}
