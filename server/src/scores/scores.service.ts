import { Inject, Injectable } from '@nestjs/common';
import {
  CORE_SPORTS,
  documentsGameKey,
  gameDay,
  unsupportedSportMessage,
  type ScoreboardEvent,
} from '@oddspulse/shared';
import { ApiErrors } from '../errors/api-errors';
import {
  APP_CONFIG,
  type AppConfig,
  type Database,
  LiveStateRepository,
  GameResultsRepository,
  type GameResultRow,
} from '@oddspulse/core';
import { freshness, type BoardFreshness } from '../odds/odds-view';
import { ViewCache, type View } from '../view-cache/view-cache';
import { LiveVersions } from '../view-cache/live-versions';
import type { ScoresQuery } from './scores.dto';

const DAY_MS = 86_400_000;

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
const SPORT_ALIASES = new Map<string, string>(Object.entries({ soccer_mls: 'soccer_usa_mls' }));

/** One scoreboard's games by reaction key (DECISIONS 22: event id, or the documents' gameKey), as of a revision. */
interface ReactionKeyIndex {
  revision: string | null;
  byEventId: Map<string, ScoreboardEvent>;
  byGameKey: Map<string, ScoreboardEvent>;
}

@Injectable()
export class ScoresService {
  /** Per sport, the reaction keys of its scoreboard at the last revision read (reactionKeysOf). */
  private readonly reactionIndexes = new Map<string, ReactionKeyIndex>();

  constructor(
    private readonly boards: LiveStateRepository,
    private readonly results: GameResultsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly views: ViewCache,
    private readonly versions: LiveVersions,
  ) {}

  /**
   * GET /api/scores through the view cache: the whole scoreboard is kept per scoreboard revision; a
   * day's games (which also read the finals kept in PostgreSQL) are built per request.
   */
  async scoresView(query: ScoresQuery, now = Date.now()): Promise<{ view: View; board: BoardFreshness }> {
    const revision = query.date
      ? null
      : await this.versions.scoreboardRevision(SPORT_ALIASES.get(query.sport) ?? query.sport);
    const key = revision && `scores|${query.sport}|${revision}`;
    const { view, meta } = await this.views.view(
      key,
      async () => {
        const { games, board } = await this.scores(query, now);
        return { body: games, meta: board };
      },
      now,
    );
    return { view, board: meta };
  }

  /**
   * GET /api/scores?sport&date (spec 002 §7). Without a date: the current scoreboard from Redis. With one: that
   * (US Eastern) day's games, as the validation routine asks for today and each of the previous 7 days: the
   * current scoreboard's games of the day and, for today and past days, the finals the settlement worker keeps in
   * PostgreSQL once the live scoreboard has moved on (the scoreboard's own copy of a game wins: it has more).
   */
  async scores(query: ScoresQuery, now = Date.now()): Promise<{ games: ScoreboardEvent[]; board: BoardFreshness }> {
    const sport = SPORT_ALIASES.get(query.sport) ?? query.sport;
    const supported =
      (SCOREBOARD_SPORTS as readonly string[]).includes(sport) || this.config.FEED_SPORTS.includes(sport);
    if (!supported) throw ApiErrors.validation(unsupportedSportMessage(query.sport), 'UNSUPPORTED_SPORT');
    const day = query.date;
    const scoreboard = await this.boards.scoreboard(sport);
    const board = freshness(sport, scoreboard);
    const today = gameDay(now);
    const past = day !== null && day < today;
    // a past day can be answered from what was kept; today, a future day or the whole board need the scoreboard
    if (!scoreboard && !past) throw ApiErrors.boardUnavailable('scores', [sport]);
    if (!day) return { games: scoreboard!.games, board };
    const games = new Map<string, ScoreboardEvent>();
    if (day <= today) for (const result of await this.resultsOn(sport, day)) games.set(result.id, result);
    for (const game of scoreboard?.games ?? []) if (gameDay(game.commence_time) === day) games.set(game.id, game);
    return {
      games: [...games.values()].sort(
        (a, b) => a.commence_time.localeCompare(b.commence_time) || a.id.localeCompare(b.id),
      ),
      board,
    };
  }

  /**
   * The game a reaction key names (DECISIONS 22: its event id, or the documents' gameKey): on a current scoreboard, else
   * among the finals kept in PostgreSQL; null when none. `db` is the transaction of a caller holding one, which reads
   * the kept finals in it rather than wait for another connection.
   */
  async gameByReactionKey(key: string, db?: Database): Promise<ScoreboardEvent | null> {
    const sports = [...new Set([...SCOREBOARD_SPORTS, ...this.config.FEED_SPORTS])];
    // Redis's revisions, not LiveVersions' kept ones: a reaction reads this under its game's lock, just after the scores
    // pipeline may have saved a board under it, before that save's notice is heard here
    const revisions = await this.boards.scoreboardRevisions(sports);
    const indexes = await Promise.all(sports.map((sport, i) => this.reactionKeysOf(sport, revisions[i])));
    const game =
      indexes.find((index) => index.byEventId.has(key))?.byEventId.get(key) ??
      indexes.find((index) => index.byGameKey.has(key))?.byGameKey.get(key);
    if (game) return game;
    const kept = await this.results.findByReactionKey(key, db);
    return kept ? scoreboardEventFromResult(kept) : null;
  }

  /**
   * A scoreboard's games by the keys a reaction names them with, built once per scoreboard revision as scoresView keeps
   * its answer: a reaction read every board and parsed it (eight GETs of whole boards) to find one game. A board read
   * after its revision is at least that new; one written before revisions were counted (null) is read every time.
   */
  private async reactionKeysOf(sport: string, revision: string | null): Promise<ReactionKeyIndex> {
    const kept = this.reactionIndexes.get(sport);
    if (revision !== null && kept?.revision === revision) return kept;
    const games = (await this.boards.scoreboard(sport))?.games ?? [];
    const index: ReactionKeyIndex = { revision, byEventId: new Map(), byGameKey: new Map() };
    // the first game of a key wins, as a search of the board in order found it
    for (const game of games) {
      if (game.event_id && !index.byEventId.has(game.event_id)) index.byEventId.set(game.event_id, game);
      const gameKey = documentsGameKey(game);
      if (!index.byGameKey.has(gameKey)) index.byGameKey.set(gameKey, game);
    }
    if (revision !== null) this.reactionIndexes.set(sport, index);
    return index;
  }

  /** The finals kept for a sport's games of one US Eastern day (the query's window spans every offset of that zone). */
  private async resultsOn(sport: string, day: string): Promise<ScoreboardEvent[]> {
    const start = Date.parse(day);
    const rows = await this.results.findBetween(sport, new Date(start - DAY_MS), new Date(start + 2 * DAY_MS));
    return rows.filter((row) => gameDay(row.commence_time) === day).map(scoreboardEventFromResult);
  }
}

/**
 * A kept final as a scoreboard event (spec 002 §3): the teams, the score, the start and the source, which is all a
 * result holds (logos, records, ranks and odds are the live scoreboard's only).
 */
export function scoreboardEventFromResult(row: GameResultRow): ScoreboardEvent {
  const game: ScoreboardEvent = {
    id: row.game_id,
    sport_key: row.sport_key,
    league: CORE_SPORTS.find((s) => s.key === row.sport_key)?.title ?? row.sport_key,
    commence_time: row.commence_time.toISOString(),
    home_team: row.home_team,
    away_team: row.away_team,
    scores: { home: row.home_score, away: row.away_score },
    home_score: row.home_score,
    away_score: row.away_score,
    completed: true,
    live: false,
    status: 'final',
    status_type: { name: 'STATUS_FINAL', detail: 'Final', completed: true },
    clock: null,
    period: null,
    source: row.source as ScoreboardEvent['source'],
    last_update: row.recorded_at.toISOString(),
  };
  if (row.event_id) game.event_id = row.event_id;
  return game;
}
