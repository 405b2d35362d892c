import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, OddsApiAccountRepository, type AppConfig } from '@oddspulse/core';
import { FeedError } from '../../feeds/feed-errors';
import { feedRequestPolicy, getJson, loggedFeedPath } from '../../feeds/feed-http';
import { creditsFromHeaders } from './credit-budget';

/**
 * The Odds API v4 over HTTP: the key, the time-out and retry policy, and the usage headers recorded
 * after every response. Paths are relative to ODDS_API_BASE_URL (`/v4/sports/{sport}/odds`, …).
 */
@Injectable()
export class TheOddsApiClient {
  private readonly logger = new Logger(TheOddsApiClient.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly account: OddsApiAccountRepository,
  ) {}

  /** `read`: how a successful answer's body is read (FeedRequest.read), JSON.parse when absent. */
  async get<T>(path: string, query: Record<string, string>, sport: string, read?: (text: string) => T): Promise<T> {
    const url = new URL(path.replace(/^\//, ''), this.config.ODDS_API_BASE_URL.replace(/\/?$/, '/'));
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    url.searchParams.set('apiKey', this.config.ODDS_API_KEY ?? '');
    const pending: Promise<void>[] = [];
    try {
      const { body } = await getJson<T>({
        url,
        ...feedRequestPolicy(this.config),
        read,
        onResponse: (headers) => {
          const credits = creditsFromHeaders(headers);
          if (credits) pending.push(this.account.recordCredits(sport, credits));
        },
        onRetry: (error, attempt, delayMs) =>
          this.logger.debug(
            { sport, path: loggedFeedPath(url), kind: error.kind, status: error.status, attempt, delayMs },
            `The Odds API: ${error.message}; retry ${attempt}/${this.config.FEED_RETRY_ATTEMPTS} in ${delayMs} ms`,
          ),
      });
      return body;
    } catch (error) {
      if (error instanceof FeedError && error.kind === 'out_of_credits') pending.push(this.account.markExhausted());
      throw error;
    } finally {
      await Promise.all(pending);
    }
  }
}
