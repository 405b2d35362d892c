import type { ScoreboardEvent } from '../domain/scores';

/**
 * A game as a scoreboard holds it, scheduled: New York Yankees @ Milwaukee Brewers (MLB 2022-09-17, 18:10 UTC) as the
 * ESPN mapper gives it, with `over` set.
 */
export function scoreboardGame(over: Partial<ScoreboardEvent> = {}): ScoreboardEvent {
  return {
    id: '401356378',
    sport_key: 'baseball_mlb',
    league: 'MLB',
    commence_time: '2022-09-17T18:10:00.000Z',
    home_team: 'Milwaukee Brewers',
    away_team: 'New York Yankees',
    scores: { home: null, away: null },
    home_score: null,
    away_score: null,
    completed: false,
    live: false,
    status: 'scheduled',
    status_type: { name: 'STATUS_SCHEDULED', detail: '9/17 - 2:10 PM EDT', completed: false },
    clock: null,
    period: null,
    source: 'espn',
    last_update: '2022-09-17T12:00:00.000Z',
    ...over,
  };
}
