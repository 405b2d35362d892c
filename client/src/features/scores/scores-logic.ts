import {
  CORE_SPORTS,
  gameMatchStrength,
  isSoccer,
  LINE_MOVEMENT_MARKETS,
  gameStatus,
  emptyReactions,
  REACTION_EMOJI_NAMES,
  splitGameText,
  type GameReactions,
  type ReactionEmoji,
  type Reactor,
  type ScoreboardEvent,
  type UserPick,
} from '@oddspulse/shared';
import type { ConnectionState } from '../../realtime/live-socket';

/** Spec 002 §2: the scores page's sports, NFL first and default: the core sports but soccer. */
export const SCORE_SPORTS = CORE_SPORTS.filter((sport) => !isSoccer(sport.key));

/** Spec 002 §4, §9: 15 s while any game is live, else 60 s (the fallback while the socket is down). */
export const LIVE_POLL_MS = 15_000;
export const IDLE_POLL_MS = 60_000;
/** Spec 002 §7, §9: reactions are read again every 10 s when they cannot be pushed. */
export const REACTIONS_POLL_MS = 10_000;

export function scoresPollInterval(games: readonly ScoreboardEvent[]): number {
  return games.some((g) => gameStatus(g) === 'in_progress') ? LIVE_POLL_MS : IDLE_POLL_MS;
}

/**
 * How the scores on screen stay current, in words that are true for this page now: pushed over the live connection
 * (DECISIONS 14) while it is connected, else read every `pollMs` (spec 002 §4) and why: a visitor has no live
 * connection, a signed-in user's is starting or lost. ("Refreshing every 15 seconds" and "Live updates every 30
 * seconds" were both shown of one pushed page.)
 */
export function scoresUpdateText(signedIn: boolean, connection: ConnectionState, pollMs: number): string {
  const every = `every ${pollMs / 1000} seconds`;
  if (!signedIn) return `Checking for new scores ${every}. Sign in for live updates.`;
  if (connection === 'connected') return 'Live: scores arrive over the live connection as they happen.';
  if (connection === 'reconnecting')
    return `Live connection lost, reconnecting: checking for new scores ${every} meanwhile.`;
  return `Connecting to live updates: checking for new scores ${every} meanwhile.`;
}

export type GameBadge = 'LIVE' | 'FINAL' | null;

/** Spec 002 §2: LIVE only when the status is in_progress and live is true; FINAL for final games. */
export function gameBadge(game: Pick<ScoreboardEvent, 'status' | 'live' | 'completed'>): GameBadge {
  if (game.status === 'in_progress' && game.live) return 'LIVE';
  if (gameStatus(game) === 'final') return 'FINAL';
  return null;
}

/**
 * Applies a pushed `score.update` (or `game.final`) to the games on screen: replaced by id, new ones added, those the
 * scoreboard no longer lists (`removed`) dropped, in start order.
 */
export function mergeScoreUpdate(
  games: readonly ScoreboardEvent[],
  updates: readonly ScoreboardEvent[],
  sport: string,
  removed: readonly string[] = [],
): ScoreboardEvent[] {
  const byId = new Map(games.map((g) => [g.id, g]));
  for (const id of removed) byId.delete(id);
  for (const game of updates) if (game.sport_key === sport) byId.set(game.id, game);
  return [...byId.values()].sort((a, b) => a.commence_time.localeCompare(b.commence_time) || a.id.localeCompare(b.id));
}

/** "-3.5" / "+3.5" / "PK" for a spread number. */
export function formatLine(value: number): string {
  if (value === 0) return 'PK';
  return value > 0 ? `+${value}` : String(value);
}

const DAY_MS = 86_400_000;

/**
 * The user's picks on a game: by the odds event id when the pick has one, else both teams matching
 * (spec 002 §5) and added within a day of the start (teams meet again in a series).
 */
export function picksOnGame(
  picks: readonly UserPick[],
  game: Pick<ScoreboardEvent, 'event_id' | 'id' | 'home_team' | 'away_team' | 'commence_time'>,
): UserPick[] {
  const start = Date.parse(game.commence_time);
  return picks.filter((pick) => {
    if (pick.eventId) return pick.eventId === game.event_id || pick.eventId === game.id;
    const teams = splitGameText(pick.game);
    if (!teams || gameMatchStrength(teams, game) === 0) return false;
    const when = Date.parse(pick.commenceTime ?? pick.dateAdded);
    return Number.isNaN(start) || Number.isNaN(when) || Math.abs(when - start) <= DAY_MS;
  });
}

// ---- reactions: the local fallback of spec 002 §7 (oss_game_reactions) ----

export const LOCAL_REACTIONS_KEY = 'oss_game_reactions';

export interface LocalReactionsEntry {
  reactions: GameReactions;
  userReaction: ReactionEmoji | null;
  timestamp: number;
}

/** Every emoji present, unknown ones dropped: what the server or the local copy holds, in one shape. */
export function normaliseReactions(raw: unknown): GameReactions {
  const result = emptyReactions();
  if (!raw || typeof raw !== 'object') return result;
  for (const name of REACTION_EMOJI_NAMES) {
    const list = (raw as Record<string, unknown>)[name];
    if (Array.isArray(list)) {
      result[name] = list
        .filter((r): r is Reactor => !!r && typeof r === 'object' && typeof (r as Reactor).userId === 'string')
        .map((r) => ({ userId: r.userId, username: r.username ?? 'Anonymous' }));
    }
  }
  return result;
}

/** The user's own emoji in a game's reactions, or null. */
export function ownReaction(reactions: GameReactions, userId: string | null): ReactionEmoji | null {
  if (!userId) return null;
  return REACTION_EMOJI_NAMES.find((name) => reactions[name].some((r) => r.userId === userId)) ?? null;
}

/** One reaction per user per game (spec 002 §4): adding replaces the user's previous one; remove takes it away. */
export function applyReaction(
  reactions: GameReactions,
  user: Reactor,
  emoji: ReactionEmoji,
  action: 'add' | 'remove',
): GameReactions {
  const next = emptyReactions();
  for (const name of REACTION_EMOJI_NAMES) next[name] = reactions[name].filter((r) => r.userId !== user.userId);
  if (action === 'add') next[emoji] = [...next[emoji], user];
  return next;
}

export function readLocalReactions(raw: string | null): Record<string, LocalReactionsEntry> {
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, LocalReactionsEntry>)
      : {};
  } catch (error) {
    console.warn(`${LOCAL_REACTIONS_KEY} is not JSON; starting afresh`, error);
    return {};
  }
}

// ---- line movement ----

/**
 * The GET /api/odds-history query of a game (spec 002 §7): sport, event id, the line-movement markets and the
 * books taken from the game (left out when the game carries none: then every recorded book).
 */
export function oddsHistoryQuery(game: {
  sport: string;
  eventId: string;
  bookmakers?: readonly string[];
}): Record<string, string> {
  const query: Record<string, string> = {
    sport: game.sport,
    eventId: game.eventId,
    markets: LINE_MOVEMENT_MARKETS.join(','),
  };
  if (game.bookmakers?.length) query.bookmakers = game.bookmakers.join(',');
  return query;
}
