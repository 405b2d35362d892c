import { Inject, Injectable } from '@nestjs/common';
import type { ScoreboardEvent } from '@oddspulse/shared';
import { AccountErrors } from '../accounts/http-errors';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { LiveBoardsRepository } from '../odds/live-boards.repository';
import { boardUnavailable } from '../odds/odds-errors';
import { gameDay, type BoardFreshness } from '../odds/odds-view';
import type { Query } from '../odds/odds.service';

/** Spec 002 §7 sport keys (NFL, NBA, MLB, NHL, NCAAF, NCAAB, WNBA, MLS); the documents' MLS key is the feed's soccer_usa_mls. */
export const SCOREBOARD_SPORTS = [
  'americanfootball_nfl',
  'basketball_nba',
  'baseball_mlb',
  'icehockey_nhl',
  'americanfootball_ncaaf',
  'basketball_ncaab',
  'basketball_wnba',
  'soccer_usa_mls',
] as const;
const SPORT_ALIASES: Record<string, string> = { soccer_mls: 'soccer_usa_mls' };
/** The scores page's default sport (spec 002 §2). */
export const DEFAULT_SCORES_SPORT = 'americanfootball_nfl';

@Injectable()
export class ScoresService {
  constructor(
    private readonly boards: LiveBoardsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** GET /api/scores?sport&date: the current scoreboard from Redis, optionally one (US Eastern) day of it. */
  async scores(query: Query): Promise<{ games: ScoreboardEvent[]; board: BoardFreshness }> {
    const raw = typeof query.sport === 'string' && query.sport.trim() ? query.sport.trim() : DEFAULT_SCORES_SPORT;
    const sport = SPORT_ALIASES[raw] ?? raw;
    const supported = (SCOREBOARD_SPORTS as readonly string[]).includes(sport) || this.config.FEED_SPORTS.includes(sport);
    if (!supported) throw AccountErrors.validation(`Unsupported sport for backend scoreboard: ${raw}`, 'UNSUPPORTED_SPORT');
    const day = parseDay(query.date);
    const scoreboard = await this.boards.scoreboard(sport);
    if (!scoreboard) throw boardUnavailable('scores', [sport]);
    const games = day ? scoreboard.games.filter((g) => gameDay(g.commence_time) === day) : scoreboard.games;
    return { games, board: { sport, fetched_at: scoreboard.fetched_at, stale_since: scoreboard.stale_since ?? null } };
  }
}

/** YYYY-MM-DD, or the compact yyyymmdd the validation routine builds (spec 002 §7); null when absent. */
function parseDay(raw: unknown): string | null {
  if (raw === undefined || raw === '') return null;
  const text = typeof raw === 'string' ? raw.trim() : '';
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  const day = compact ? `${compact[1]}-${compact[2]}-${compact[3]}` : text;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day))) throw AccountErrors.validation('date must be YYYY-MM-DD', 'INVALID_DATE');
  return day;
}
