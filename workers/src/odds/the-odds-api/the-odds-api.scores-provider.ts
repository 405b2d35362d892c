import { Injectable } from '@nestjs/common';
import { InvalidOddsPayloadError, mapOddsApiScores, ScoreboardEvent } from '@oddspulse/shared';
import { FeedError } from '../../feeds/feed-errors';
import type { ScoresProvider } from '../../feeds/providers';
import { CreditLedgerService } from './credit-ledger.service';
import { TheOddsApiClient } from './the-odds-api.client';

/** Asking for yesterday's results too costs 2 credits instead of 1. */
const SCORES_COST = 2;

@Injectable()
export class TheOddsApiScoresProvider implements ScoresProvider {
  readonly name = 'theoddsapi' as const;

  constructor(
    private readonly client: TheOddsApiClient,
    private readonly ledger: CreditLedgerService,
  ) {}

  async fetchScores(sport: string): Promise<ScoreboardEvent[]> {
    const decision = await this.ledger.check(sport, SCORES_COST);
    if (!decision.allowed) throw new FeedError('paused', decision.reason, false);
    const raw = await this.client.get<unknown>(
      `/v4/sports/${encodeURIComponent(sport)}/scores`,
      { daysFrom: '1', dateFormat: 'iso' },
      sport,
    );
    try {
      return mapOddsApiScores(raw);
    } catch (error) {
      if (error instanceof InvalidOddsPayloadError) throw new FeedError('invalid_body', error.message, true);
      throw error;
    }
  }
}
