import { Injectable } from '@nestjs/common';
import { CORE_SPORTS, ScoreboardEvent, gameStatus } from '@oddspulse/shared';
import { FeedError } from '../../feeds/feed-errors';
import type { ScoresProvider } from '../../feeds/providers';
import { CreditLedgerService } from './credit-ledger.service';
import { TheOddsApiClient } from './the-odds-api.client';

interface RawScoreGame {
  id: string;
  sport_key: string;
  commence_time: string;
  completed: boolean;
  home_team: string;
  away_team: string;
  scores: Array<{ name: string; score: string }> | null;
  last_update: string | null;
}

/** Asking for yesterday's results too costs 2 credits instead of 1. */
const SCORES_COST = 2;

/** Maps GET /v4/sports/{sport}/scores to scoreboard events; pure. */
export function mapOddsApiScores(raw: unknown, now = Date.now()): ScoreboardEvent[] {
  if (!Array.isArray(raw)) throw new FeedError('invalid_body', 'Invalid response format from server', true);
  return (raw as RawScoreGame[])
    .filter((g) => g && g.id && g.home_team && g.away_team)
    .map((g) => {
      const score = (team: string) => {
        const entry = g.scores?.find((s) => s.name === team);
        const n = entry ? Number(entry.score) : NaN;
        return Number.isFinite(n) ? n : null;
      };
      const home = score(g.home_team);
      const away = score(g.away_team);
      const started = Date.parse(g.commence_time) <= now;
      const live = !g.completed && started && g.scores !== null;
      const status = gameStatus({ completed: g.completed, live });
      return {
        id: g.id,
        event_id: g.id,
        sport_key: g.sport_key,
        league: CORE_SPORTS.find((s) => s.key === g.sport_key)?.title ?? g.sport_key,
        commence_time: g.commence_time,
        home_team: g.home_team,
        away_team: g.away_team,
        scores: { home, away },
        home_score: home,
        away_score: away,
        completed: g.completed,
        live,
        status,
        status_type: {
          name: status === 'final' ? 'STATUS_FINAL' : live ? 'STATUS_IN_PROGRESS' : 'STATUS_SCHEDULED',
          detail: status === 'final' ? 'Final' : live ? 'In Progress' : 'Scheduled',
          completed: g.completed,
        },
        clock: null,
        period: null,
        source: 'theoddsapi' as const,
        last_update: g.last_update ?? new Date(now).toISOString(),
      };
    });
}

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
    const raw = await this.client.get<unknown>(`/v4/sports/${encodeURIComponent(sport)}/scores`, { daysFrom: '1', dateFormat: 'iso' }, sport);
    return mapOddsApiScores(raw);
  }
}
