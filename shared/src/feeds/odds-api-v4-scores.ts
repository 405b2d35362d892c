import { CORE_SPORTS } from '../domain/sports';
import { gameStatus, type ScoreboardEvent } from '../domain/scores';
import { InvalidOddsPayloadError } from './odds-api-v4';

/** One game of The Odds API v4 `GET /v4/sports/{sport}/scores` (spec 002 §7). */
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

/** Maps GET /v4/sports/{sport}/scores to scoreboard events; pure. */
export function mapOddsApiScores(raw: unknown, now = Date.now()): ScoreboardEvent[] {
  if (!Array.isArray(raw)) throw new InvalidOddsPayloadError();
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
