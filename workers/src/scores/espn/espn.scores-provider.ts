import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ScoreboardEvent } from '@oddspulse/shared';
import { APP_CONFIG, type AppConfig } from '@oddspulse/core';
import { FeedError } from '../../feeds/feed-errors';
import { feedRequestPolicy, getJson, loggedFeedPath } from '../../feeds/feed-http';
import type { ScoresProvider } from '../../feeds/providers';
import { ESPN_LEAGUES, mapEspnScoreboard } from './espn-scoreboard.mapper';

/** ESPN's public scoreboard (site.api.espn.com/apis/site/v2/sports/{sport}/{league}/scoreboard). */
@Injectable()
export class EspnScoresProvider implements ScoresProvider {
  readonly name = 'espn' as const;
  private readonly logger = new Logger(EspnScoresProvider.name);

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  fetchScores(sport: string): Promise<ScoreboardEvent[]> {
    return this.scoreboard(sport, null);
  }

  /** ESPN lists its scoreboards by US Eastern day: `?dates=YYYYMMDD` (a game at 21:07 ET on the 17th is the 17th's). */
  fetchScoresOn(sport: string, day: string): Promise<ScoreboardEvent[]> {
    return this.scoreboard(sport, day);
  }

  /** The current scoreboard (`day` null, ESPN's default: today's) or one day's, with the feeds' time-out and retries. */
  private async scoreboard(sport: string, day: string | null): Promise<ScoreboardEvent[]> {
    const league = ESPN_LEAGUES.get(sport);
    if (!league) throw new FeedError('invalid_request', `Unsupported sport for backend scoreboard: ${sport}`, false);
    const url = new URL(`${this.config.ESPN_BASE_URL.replace(/\/$/, '')}/${league}/scoreboard`);
    if (day) url.searchParams.set('dates', day.replaceAll('-', ''));
    const { body } = await getJson<unknown>({
      url,
      ...feedRequestPolicy(this.config),
      onRetry: (error, attempt, delayMs) =>
        this.logger.debug(
          { sport, path: loggedFeedPath(url), kind: error.kind, attempt, delayMs },
          `ESPN: ${error.message}; retry ${attempt} in ${delayMs} ms`,
        ),
    });
    try {
      return mapEspnScoreboard(body, sport);
    } catch (error) {
      throw new FeedError('invalid_body', `Invalid ESPN scoreboard: ${(error as Error).message}`, false);
    }
  }
}
