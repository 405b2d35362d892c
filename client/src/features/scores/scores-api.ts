import {
  BOARD_STALE_SINCE_HEADER,
  boardHeaderTime,
  decodeLineHistory,
  type GameReactions,
  type LineHistoryBook,
  type ReactionAction,
  type ReactionEmoji,
} from '@oddspulse/shared';
import { queryOptions } from '@tanstack/react-query';
import { api, typedApi, type Answer } from '../../api/client';
import { answerOf } from '../../api/typed-client';
import { storedKey, writeStored } from '../../state/stored-value';
import {
  LOCAL_REACTIONS_KEY,
  mergeScoreUpdate,
  normaliseReactions,
  oddsHistoryQuery,
  readLocalReactions,
} from './scores-logic';

/**
 * GET /api/scores (spec 002 §7): public, so a visitor's page loads too. Its games, and since when the sport's scores
 * feed has been failing (the answer's stale header), so a page opened on a stale board says so from its first load.
 */
export async function fetchScores(sport: string): Promise<SportScores> {
  let staleSince: string | null = null;
  const games = await api.get<Answer<'get', '/api/scores'>>('/api/scores', {
    query: { sport },
    auth: 'optional',
    answerHeaders: (headers) => (staleSince = boardHeaderTime(headers.get(BOARD_STALE_SINCE_HEADER), sport)),
  });
  return { games, staleSince };
}

/** A sport's games as the page shows them, and since when its feed has been failing (null while it answers). */
export interface SportScores {
  games: Answer<'get', '/api/scores'>;
  staleSince: string | null;
}

/** The scores screen's cache: one entry per sport, so a sport seen before shows at once when chosen again. */
export const scoresKeys = {
  all: ['scores'] as const,
  sport: (sport: string) => [...scoresKeys.all, sport] as const,
};

/** A sport's games in start order, the sport's own only: the list the page shows and the socket's pushes merge into. */
export function scoresQuery(sport: string) {
  return queryOptions({
    queryKey: scoresKeys.sport(sport),
    queryFn: async (): Promise<SportScores> => {
      const { games, staleSince } = await fetchScores(sport);
      return { games: mergeScoreUpdate([], games, sport), staleSince };
    },
  });
}

/** The /api/reactions answer (spec 002 §7; DECISIONS 22): the game's reactions and the caller's own. */
export type ReactionsAnswer = Answer<'get', '/api/reactions/{gameKey}'>;

const reactionsPath = (gameKey: string) => `/api/reactions/${encodeURIComponent(gameKey)}`;

/** GET /api/reactions/{gameKey}: public; signed in, the answer names the caller's own reaction. */
export function fetchReactions(gameKey: string): Promise<ReactionsAnswer> {
  return api.get<ReactionsAnswer>(reactionsPath(gameKey), { auth: 'optional' });
}

export const reactionsKeys = {
  all: ['reactions'] as const,
  game: (gameKey: string) => [...reactionsKeys.all, gameKey] as const,
};

/** A copy of what the server answered (spec 000 §9 cache keys): a cleanup removes it first. */
const LOCAL_REACTIONS = storedKey(LOCAL_REACTIONS_KEY, 'cache');

/** The local copy of a game's reactions (spec 002 §7, oss_game_reactions), or null when this browser holds none. */
export function loadLocalReactions(gameKey: string): GameReactions | null {
  const entry = readLocalReactions(window.localStorage.getItem(LOCAL_REACTIONS_KEY))[gameKey];
  return entry ? normaliseReactions(entry.reactions) : null;
}

export function saveLocalReactions(gameKey: string, reactions: GameReactions, userReaction: ReactionEmoji | null) {
  const all = readLocalReactions(window.localStorage.getItem(LOCAL_REACTIONS_KEY));
  all[gameKey] = { reactions, userReaction, timestamp: Date.now() };
  writeStored(LOCAL_REACTIONS, JSON.stringify(all));
}

/**
 * A game's reactions. When the server cannot be reached they fall back to the local copy, silently (spec 002 §7,
 * §8); with no local copy either the read fails, and the query keeps what it showed before.
 */
export function reactionsQuery(gameKey: string) {
  return queryOptions({
    queryKey: reactionsKeys.game(gameKey),
    queryFn: async (): Promise<GameReactions> => {
      try {
        return normaliseReactions((await fetchReactions(gameKey)).reactions);
      } catch (error) {
        console.warn('Reactions unavailable; showing the local copy', error);
        const local = loadLocalReactions(gameKey);
        if (local) return local;
        throw error;
      }
    },
  });
}

/** POST /api/reactions/{gameKey}: the body of spec 002 §7; the server takes the reactor from the session, not the body. */
export function postReaction(
  gameKey: string,
  reaction: { userId: string; username: string; emoji: ReactionEmoji; action: ReactionAction },
): Promise<ReactionsAnswer> {
  return answerOf(typedApi.POST('/api/reactions/{gameKey}', { params: { path: { gameKey } }, body: reaction }));
}

/** GET /api/odds-history (spec 002 §7) for a game's line movement, in the chart's compact `series` view. */
export function fetchLineHistory(
  game: { sport: string; eventId: string; bookmakers?: readonly string[] },
  signal?: AbortSignal,
): Promise<LineHistoryBook[]> {
  return api.get<LineHistoryBook[]>('/api/odds-history', {
    query: { ...oddsHistoryQuery(game), view: 'series' },
    signal,
  });
}

/**
 * A game's line history with absolute times, for its line movement tab. Keyed by the user as well (only a signed-in
 * user reads it), and by the game's books, which decide what the server answers.
 */
export function lineHistoryQuery(
  userId: string,
  { sport, eventId, bookmakers }: { sport: string; eventId: string; bookmakers: string[] },
) {
  return queryOptions({
    queryKey: ['line-history', userId, sport, eventId, bookmakers] as const,
    queryFn: async ({ signal }) => {
      const answer = await fetchLineHistory({ sport, eventId, bookmakers }, signal);
      return Array.isArray(answer) ? decodeLineHistory(answer) : [];
    },
  });
}
