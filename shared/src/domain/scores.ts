import { isSoccer } from './sports';

/** The scores page's default sport (spec 002 §2): what GET /api/scores answers without one. */
export const DEFAULT_SCORES_SPORT = 'americanfootball_nfl';

/** A game's state as the scores page and settlement see it (spec 002 §3, §4). */
export type GameStatus = 'scheduled' | 'in_progress' | 'final';

/** The pre-game line a scoreboard carries (spec 002 §3 `odds{spread, overUnder, provider}`). */
export interface ScoreboardOdds {
  provider: string;
  /** The provider's own text, e.g. "TEN -5.5" or "CHW -155". */
  details?: string;
  /** The home team's spread (negative when home is favoured). */
  spread?: number;
  overUnder?: number;
  /** American moneylines, when the provider gives them. */
  moneyline?: { home?: number; away?: number; draw?: number };
}

/**
 * The scoreboard event of spec 002 §3, as every scores provider (ESPN, The Odds API, the simulator)
 * is mapped before it is stored or published. Scores are null before the game starts.
 */
export interface ScoreboardEvent {
  /** The scores provider's game id (ESPN's event id, The Odds API's or the simulator's). */
  id: string;
  /** The odds feed's event id for the same game, when the teams matched (spec 002 §5). */
  event_id?: string;
  /**
   * The books pricing the game on the odds board (canonical keys), once joined to it (spec 002 §3 game field);
   * the line-movement request sends them as its `bookmakers` (002 §7).
   */
  bookmakers?: string[];
  sport_key: string;
  league: string;
  commence_time: string;
  home_team: string;
  away_team: string;
  home_logo?: string;
  away_logo?: string;
  home_record?: string;
  away_record?: string;
  /** Poll rank (1–25) for ranked college teams. */
  home_rank?: number;
  away_rank?: number;
  scores: { home: number | null; away: number | null };
  home_score: number | null;
  away_score: number | null;
  completed: boolean;
  live: boolean;
  status: GameStatus;
  status_type: { name: string; detail: string; completed: boolean };
  /** Game clock as the provider shows it ("5:09", "90'+5'"), null when not running. */
  clock: string | null;
  period: number | null;
  season?: number;
  week?: number;
  venue?: string;
  odds?: ScoreboardOdds;
  source: 'espn' | 'theoddsapi' | 'simulator';
  last_update: string;
}

/** The current scoreboard of one sport, as kept in Redis. */
export interface SportScoreboard {
  sport_key: string;
  fetched_at: string;
  stale_since?: string;
  games: ScoreboardEvent[];
}

/** Spec 002 §4: completed or 'final' is final; live or 'in_progress' is in progress; else scheduled. */
export function gameStatus(game: { completed?: boolean; live?: boolean; status?: string }): GameStatus {
  if (game.completed || game.status === 'final') return 'final';
  if (game.live || game.status === 'in_progress') return 'in_progress';
  return 'scheduled';
}

/**
 * ESPN's statuses of a game that will not start (or go on) at its listed time: the word ESPN shows for each, and
 * whether the game is called off — it did not take place at its listed start: put back (STATUS_POSTPONED) or called off
 * (STATUS_CANCELED). Such a game has no result (spec 002 §4: it is never final) and no closing line at that start. A
 * delayed game (STATUS_DELAYED) is still to be played, and a suspended one (STATUS_SUSPENDED) was stopped after it
 * began: the prices standing at its start are its close.
 */
const OFF_SCHEDULE_STATUSES: ReadonlyMap<string, { word: string; calledOff: boolean }> = new Map([
  ['STATUS_POSTPONED', { word: 'Postponed', calledOff: true }],
  ['STATUS_CANCELED', { word: 'Canceled', calledOff: true }],
  ['STATUS_SUSPENDED', { word: 'Suspended', calledOff: false }],
  ['STATUS_DELAYED', { word: 'Delayed', calledOff: false }],
]);

/**
 * What a game shows in place of its start time when the start time no longer holds: ESPN's own detail ("Postponed",
 * "Canceled", "Suspended", "Delayed"); null for a game that starts as listed. Spec 002 §2 and §3 leave such a game
 * "upcoming" (no LIVE or FINAL badge, status scheduled, nothing settled) but show the game's status: its listed start
 * time alone read as a game still to be played then.
 */
export function offScheduleText(game: Pick<ScoreboardEvent, 'status_type'>): string | null {
  const status = OFF_SCHEDULE_STATUSES.get(game.status_type?.name ?? '');
  return status === undefined ? null : game.status_type.detail || status.word;
}

/** Whether the scoreboard says the game did not take place at its listed start (OFF_SCHEDULE_STATUSES). */
export function calledOff(game: Pick<ScoreboardEvent, 'status_type'>): boolean {
  return OFF_SCHEDULE_STATUSES.get(game.status_type?.name ?? '')?.calledOff ?? false;
}

/** ESPN's statuses of a soccer final after extra time, with or without a shootout. */
const EXTRA_TIME_FINALS: ReadonlySet<string> = new Set(['STATUS_FINAL_AET', 'STATUS_FINAL_PEN']);

/**
 * Whether a soccer game's final score counts extra time: ESPN's final after extra time or penalties, or a period past
 * the second half. A soccer bet settles on the 90 minutes and stoppage time, which such a score does not give (the
 * picks on it stay pending, settlement.ts). The Odds API's scores name no status or period: its finals cannot say.
 */
export function isAfterExtraTime(sport: string, game: Pick<ScoreboardEvent, 'status_type' | 'period'>): boolean {
  return isSoccer(sport) && (EXTRA_TIME_FINALS.has(game.status_type?.name ?? '') || (game.period ?? 0) > 2);
}

/** Innings a baseball game is scheduled for: its run lines and totals have action once the 9th is reached. */
const BASEBALL_INNINGS = 9;

/**
 * Whether an MLB final was called before 9 innings (rain, darkness): its last inning, ESPN's period ("Final/7"), short
 * of the 9th. A home team ahead after 8½ ends the game in the 9th, which counts. Such a game is official for the
 * moneyline, but run lines and totals have no action (the picks on them stay pending, settlement.ts). The Odds API's
 * scores name no period: its finals cannot say.
 */
export function isCalledEarly(sport: string, game: Pick<ScoreboardEvent, 'period'>): boolean {
  return sport === 'baseball_mlb' && game.period !== null && game.period < BASEBALL_INNINGS;
}
