import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  mapOddsApiScores,
  normaliseOddsApiV4,
  type ScoreboardEvent,
  type SportBoard,
  type SportScoreboard,
} from '@oddspulse/shared';
import { LiveStateRepository, type RedisService } from '@oddspulse/core';

/** The recorded responses beside the repository (HELPER_CONTEXT: never copied in). */
export const FIXTURES = path.join(__dirname, '..', '..', '..', 'shared', 'fixtures');

export function readOddsApiFixture(name: string): unknown {
  return JSON.parse(readFileSync(path.join(FIXTURES, 'the-odds-api', name), 'utf8'));
}

const TIME_KEYS = new Set(['commence_time', 'last_update']);

function newestUpdate(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((max: number, v) => Math.max(max, newestUpdate(v)), 0);
  if (value && typeof value === 'object') {
    return Object.entries(value).reduce(
      (max, [k, v]) => Math.max(max, k === 'last_update' && typeof v === 'string' ? Date.parse(v) : newestUpdate(v)),
      0,
    );
  }
  return 0;
}

function shift(value: unknown, deltaMs: number): unknown {
  if (Array.isArray(value)) return value.map((v) => shift(v, deltaMs));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        TIME_KEYS.has(k) && typeof v === 'string' ? new Date(Date.parse(v) + deltaMs).toISOString() : shift(v, deltaMs),
      ]),
    );
  }
  return value;
}

/**
 * A recording replayed as if it had just been fetched: every time moved by the same amount so its newest
 * update is `ageMs` old, keeping each game's start, live state and book lags as they were relative to the recording.
 */
export function asOfNow(payload: unknown, now = Date.now(), ageMs = 5_000): unknown {
  return shift(payload, now - ageMs - newestUpdate(payload));
}

/** Normalised with the engine's normaliser into the board the pipeline keeps. */
export function boardFromFixture(sport: string, payload: unknown, fetchedAt = new Date().toISOString()): SportBoard {
  const { events } = normaliseOddsApiV4(payload);
  return { sport_key: sport, fetched_at: fetchedAt, events: events.filter((e) => e.sport_key === sport) };
}

/** Written where and how the pipeline writes it: the pipeline's own LiveStateRepository (the board and its freshness). */
export async function writeBoard(redis: RedisService, kind: 'odds' | 'props', board: SportBoard): Promise<void> {
  await new LiveStateRepository(redis).saveBoard(kind, board);
}

export async function writeScoreboard(redis: RedisService, board: SportScoreboard): Promise<void> {
  await new LiveStateRepository(redis).saveScoreboard(board);
}

/** A game its scoreboard shows final, 110–101 after four periods, as the scores pipeline writes one. */
export function finalGame(
  game: Pick<ScoreboardEvent, 'id' | 'sport_key' | 'league' | 'commence_time' | 'home_team' | 'away_team'> &
    Partial<ScoreboardEvent>,
): ScoreboardEvent {
  return {
    scores: { home: 110, away: 101 },
    home_score: 110,
    away_score: 101,
    completed: true,
    live: false,
    status: 'final',
    status_type: { name: 'STATUS_FINAL', detail: 'Final', completed: true },
    clock: null,
    period: 4,
    source: 'simulator',
    last_update: new Date().toISOString(),
    ...game,
  };
}

/** The Odds API /scores recording as the pipeline's own mapper reads it (spec 002 §3 scoreboard events). */
export function scoreboardFromOddsApiScores(sport: string, payload: unknown, now = Date.now()): SportScoreboard {
  return { sport_key: sport, fetched_at: new Date(now).toISOString(), games: mapOddsApiScores(payload, now) };
}

export const NFL_FIXTURE =
  'v4_odds_americanfootball_nfl_us-plus-betfair_h2h-spreads-totals-h2h_lay_american_2022-08-24.json';
export const NBA_PROPS_FIXTURES = [
  'v4_event_odds_basketball_nba_player_points_us_american_2024-02-22_ORL-at-CLE.json',
  'v4_event_odds_basketball_nba_player_points_us_american_2024-02-22_BKN-at-TOR.json',
];
export const MLB_SCORES_FIXTURE = 'v4_scores_baseball_mlb_daysFrom_completed-live-upcoming_2022-08-27.json';

/** The recorded NFL board (straight bets), NBA player points (props) and MLB scores, written to Redis as of now. */
export async function loadFixtureBoards(redis: RedisService, now = Date.now()) {
  const nflRaw = asOfNow(readOddsApiFixture(NFL_FIXTURE), now);
  const nfl = boardFromFixture('americanfootball_nfl', nflRaw, new Date(now).toISOString());
  const props = boardFromFixture(
    'basketball_nba',
    NBA_PROPS_FIXTURES.map((name) => asOfNow(readOddsApiFixture(name), now)),
    new Date(now).toISOString(),
  );
  const scores = scoreboardFromOddsApiScores('baseball_mlb', readOddsApiFixture(MLB_SCORES_FIXTURE), now);
  await writeBoard(redis, 'odds', nfl);
  await writeBoard(redis, 'props', props);
  await writeScoreboard(redis, scores);
  return {
    nflRaw: nflRaw as Array<{
      id: string;
      bookmakers: Array<{
        key: string;
        markets: Array<{ key: string; outcomes: Array<{ name: string; price: number; point?: number }> }>;
      }>;
    }>,
    nfl,
    props,
    scores,
  };
}
