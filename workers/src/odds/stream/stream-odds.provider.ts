import { Inject, Injectable } from '@nestjs/common';
import {
  CORE_SPORTS,
  snapshotState,
  streamBoard,
  streamBoardEvents,
  type BoardEvent,
  type OddsStreamState,
} from '@oddspulse/shared';
import { APP_CONFIG, type AppConfig } from '@oddspulse/core';
import { FeedError } from '../../feeds/feed-errors';
import { feedRequestPolicy, getJson } from '../../feeds/feed-http';
import type { EventIntake, OddsProvider } from '../../feeds/providers';
import { snapshotUrl } from './stream-connection';

/**
 * The odds stream's REST side (OpticOdds' `/fixtures/odds`): the snapshot a stream starts from and resyncs from, and
 * the games a stream message names that the worker has not seen. The stream itself is OddsStreamService's.
 */
@Injectable()
export class StreamOddsProvider implements OddsProvider {
  readonly name = 'stream' as const;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The key as a header, so the URLs that are logged carry none. */
  headers(): Record<string, string> {
    return this.config.ODDS_STREAM_KEY ? { 'x-api-key': this.config.ODDS_STREAM_KEY } : {};
  }

  /** The snapshot of a sport, or of some of its games, as a stream state. */
  async snapshot(sport: string, fixtureIds: readonly string[] | null = null): Promise<OddsStreamState> {
    const { body } = await getJson<unknown>({
      url: snapshotUrl(this.config.ODDS_STREAM_URL, sport, fixtureIds),
      headers: this.headers(),
      ...feedRequestPolicy(this.config),
    });
    const title = CORE_SPORTS.find((s) => s.key === sport)?.title ?? sport;
    const state = snapshotState({ sport, sportTitle: title, oddsFormat: 'decimal' }, body, null);
    if (typeof state === 'string') throw new FeedError('invalid_body', `Snapshot refused: ${state}`, true);
    return state;
  }

  async fetchOdds(sport: string, eventIds: readonly string[] | null, intake: EventIntake): Promise<BoardEvent[]> {
    const state = await this.snapshot(sport, eventIds);
    return (eventIds ? streamBoardEvents(state, eventIds) : streamBoard(state)).map(intake);
  }

  /** The odds stream carries straight bets: with it, props are not polled (the health names why). */
  async fetchProps(_sport: string): Promise<BoardEvent[]> {
    throw new FeedError(
      'paused',
      'Props are not on the odds stream (ODDS_PROVIDER=stream carries straight bets)',
      false,
    );
  }
}
