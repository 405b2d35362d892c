import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { APP_CONFIG, FeedBackoffRepository, type AppConfig, type FeedBackoff } from '@oddspulse/core';
import { CLOCK, Clock } from './clock';
import { FeedError } from './feed-errors';

/** The longest wait between polls of a failing feed. */
export const MAX_FEED_BACKOFF_MS = 300_000;

/** The back-offs a call of an endpoint for a sport is held by: the provider's own, then the feed's. */
const feedsOf = (provider: string, endpoint: 'odds' | 'props' | 'scores', sport: string) => [
  provider,
  `${provider}:${endpoint}:${sport}`,
];

/** The settings a halt waits on: a poll halted by a 401 or 422 is tried again once one of them changes. */
const HALTING_SETTINGS = [
  'ODDS_PROVIDER',
  'SCORES_PROVIDER',
  'ODDS_API_KEY',
  'ODDS_API_BASE_URL',
  'ODDS_API_REGIONS',
  'ODDS_API_MARKETS',
  'ODDS_API_PROPS_MARKETS',
  'ESPN_BASE_URL',
  'ODDS_STREAM_URL',
  'ODDS_STREAM_KEY',
] as const satisfies ReadonlyArray<keyof AppConfig>;

/**
 * Per-feed back-off across polls and worker processes. A poll's request already retries per the
 * spec; what this adds is the time between polls. A feed is one endpoint of a provider for one sport (odds, props or
 * scores): one endpoint's failures hold back that endpoint only, so the scores that settle picks go on while the same
 * sport's odds answer junk. The key's own limits hold back the whole provider:
 * - 429: no request until the server's Retry-After (else the retry base, doubling) has passed, for the whole provider;
 * - 401 (a refused key) for the provider, 422 (a refused request) for the feed: no request at all until the
 *   configuration changes (a new key, base URL or market list), since the same request gets the same answer;
 * - any other failure from the second in a row on: the retry base, doubling, at most MAX_FEED_BACKOFF_MS. An answer
 *   that arrived but is refused (`refuse`: empty or unreadable for a board with games) is such a failure too;
 * - a success clears it. A stream's connection let in is no success yet: the stream clears it once the connection has
 *   proven itself (`proven`), so one that accepts and drops at once backs off as a failing poll does.
 * A poll held back is a `held` FeedError: the board keeps its data and its stale mark, and the feed's status says why.
 */
@Injectable()
export class FeedGate {
  private readonly logger = new Logger(FeedGate.name);
  private readonly configuration: string;

  constructor(
    private readonly backoffs: FeedBackoffRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    const used = HALTING_SETTINGS.map((name) => config[name]);
    this.configuration = createHash('sha256').update(JSON.stringify(used)).digest('hex').slice(0, 16);
  }

  /**
   * Runs `fetch` unless the provider or this feed (`endpoint` for `sport`) is backing off; records how it went.
   * `refuse` names what makes an answer unusable (null when it is fine): a refused answer is a failed poll, backed off
   * like any other. `clears: false` (a stream's connection, and the snapshot and batches it makes): an answer is no
   * success yet, the stream says when it is (`proven`), and a failure before that is one more in a row.
   */
  async call<T>(
    provider: string,
    endpoint: 'odds' | 'props' | 'scores',
    sport: string,
    fetch: () => Promise<T>,
    { refuse, clears = true }: { refuse?: (answer: T) => string | null; clears?: boolean } = {},
  ): Promise<T> {
    const feeds = feedsOf(provider, endpoint, sport);
    const now = this.clock();
    const states = await Promise.all(feeds.map((feed) => this.backoffs.get(feed)));
    for (const state of states) {
      if (state?.halted_for === this.configuration)
        throw new FeedError('held', `Polling stopped until the configuration changes: ${state.reason}`, false);
      if (state?.until && state.until > now) {
        throw new FeedError('held', `Backing off until ${new Date(state.until).toISOString()}: ${state.reason}`, false);
      }
    }
    try {
      const result = await fetch();
      const refused = refuse?.(result);
      if (refused) throw new FeedError('implausible', refused, false);
      if (clears) await this.clear(feeds, states);
      return result;
    } catch (error) {
      if (error instanceof FeedError && !error.skipped) await this.record(feeds, states, error, now);
      throw error;
    }
  }

  /** A stream let in (`clears: false`) has proven itself: its back-off is cleared, as a poll's success clears it. */
  async proven(provider: string, endpoint: 'odds' | 'props' | 'scores', sport: string): Promise<void> {
    const feeds = feedsOf(provider, endpoint, sport);
    await this.clear(feeds, await Promise.all(feeds.map((feed) => this.backoffs.get(feed))));
  }

  private async clear(feeds: string[], states: Array<FeedBackoff | null>): Promise<void> {
    await Promise.all(feeds.filter((_, i) => states[i]).map((feed) => this.backoffs.clear(feed)));
  }

  /**
   * A failure met outside a call: a stream whose connection was let in (`call`) and then dropped, stalled or sent junk.
   * It backs off as a failed call does, so the next connection waits as the next poll would.
   */
  async fail(provider: string, endpoint: 'odds' | 'props' | 'scores', sport: string, error: FeedError): Promise<void> {
    const feeds = feedsOf(provider, endpoint, sport);
    const states = await Promise.all(feeds.map((feed) => this.backoffs.get(feed)));
    await this.record(feeds, states, error, this.clock());
  }

  private async record(
    feeds: string[],
    states: Array<FeedBackoff | null>,
    error: FeedError,
    now: number,
  ): Promise<void> {
    const whole = error.kind === 'invalid_key' || error.kind === 'rate_limited';
    const index = whole ? 0 : 1;
    const failures = (states[index]?.failures ?? 0) + 1;
    const reason = error.message;
    let next: FeedBackoff;
    if (error.kind === 'invalid_key' || error.status === 422)
      next = { until: null, halted_for: this.configuration, failures, reason };
    else if (error.kind === 'rate_limited')
      next = { until: now + (error.retryAfterMs ?? this.wait(failures)), halted_for: null, failures, reason };
    else next = { until: failures > 1 ? now + this.wait(failures - 1) : null, halted_for: null, failures, reason };
    await this.backoffs.save(feeds[index], next);
    // A halt is a state of its own, logged once: no poll fails after it. A longer wait is the same failing state, which
    // the pipeline logs when it begins or its reason changes.
    if (next.halted_for)
      this.logger.warn(
        { feed: feeds[index], failures },
        `Feed ${feeds[index]} stopped until the configuration changes: ${reason}`,
      );
    else if (next.until)
      this.logger.debug(
        { feed: feeds[index], until: next.until, failures },
        `Feed ${feeds[index]} backs off: ${reason}`,
      );
  }

  private wait(failures: number): number {
    return Math.min(this.config.FEED_RETRY_BASE_MS * 2 ** (failures - 1), MAX_FEED_BACKOFF_MS);
  }
}
