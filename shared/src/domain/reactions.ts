import { canonicalIsoTime } from '../engine/odds/iso-time';
import type { ScoreboardEvent } from './scores';

/**
 * Game reactions (spec 002 §3, §4, §7; DECISIONS 22): one emoji per user per game, six emojis, keyed by the
 * odds feed's event id when there is one, else by the documents' gameKey (away team, home team and start
 * time joined).
 */
export const REACTION_EMOJIS = {
  fire: '🔥',
  money: '💰',
  confident: '😎',
  thinking: '🤔',
  nervous: '😬',
  electric: '⚡',
} as const;

export type ReactionEmoji = keyof typeof REACTION_EMOJIS;
export const REACTION_EMOJI_NAMES = Object.keys(REACTION_EMOJIS) as ReactionEmoji[];

export type ReactionAction = 'add' | 'remove';

export interface Reactor {
  userId: string;
  username: string;
}

/** A game's reactions: every emoji, each with the users who chose it (spec 002 §3 "keyed by emoji"). */
export type GameReactions = Record<ReactionEmoji, Reactor[]>;

/** A game nobody has reacted to yet: every emoji, no one behind it. */
export function emptyReactions(): GameReactions {
  return Object.fromEntries(REACTION_EMOJI_NAMES.map((name) => [name, [] as Reactor[]])) as GameReactions;
}

/** The longest game key accepted (an event id, or two team names and a time). */
export const MAX_GAME_KEY_LENGTH = 200;

export const ReactionMessages = {
  invalidEmoji: `Unknown reaction: use one of ${REACTION_EMOJI_NAMES.join(', ')}`,
  invalidAction: 'Reaction action must be add or remove',
  invalidGameKey: 'A game key is required',
  gameNotFound:
    'No game on the scoreboard has this key: use its event id, or its away team, home team and start time joined by _',
} as const;

/** Accepts the emoji's name ('fire') or its character ('🔥'); null for anything else. */
export function parseReactionEmoji(value: unknown): ReactionEmoji | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if ((REACTION_EMOJI_NAMES as string[]).includes(trimmed.toLowerCase())) return trimmed.toLowerCase() as ReactionEmoji;
  const byChar = REACTION_EMOJI_NAMES.find(
    (name) => REACTION_EMOJIS[name] === trimmed || REACTION_EMOJIS[name] === trimmed.replace(/\uFE0F/g, ''),
  );
  return byChar ?? null;
}

export function parseReactionAction(value: unknown): ReactionAction | null {
  return value === 'add' || value === 'remove' ? value : null;
}

/** A trimmed game key of sensible length, or null. */
export function parseGameKey(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const key = value.trim();
  return key.length > 0 && key.length <= MAX_GAME_KEY_LENGTH ? key : null;
}

/** The documents' gameKey (spec 002 §7): away team, home team and start time joined; a game's key until it has an event id. */
export function documentsGameKey(game: Pick<ScoreboardEvent, 'away_team' | 'home_team' | 'commence_time'>): string {
  return [game.away_team, game.home_team, game.commence_time].join('_');
}

/**
 * The teams (`{away}_{home}`) and start of a documents' gameKey, its start being what follows the last `_`; null when
 * that is no time (an event id). The start is read only in the scoreboards' own ISO form: any spelling Date reads would
 * name one game by many keys.
 */
export function parseDocumentsGameKey(key: string): { teams: string; start: Date } | null {
  const at = key.lastIndexOf('_');
  const start = canonicalIsoTime(key.slice(at + 1));
  return at > 0 && !Number.isNaN(start) ? { teams: key.slice(0, at), start: new Date(start) } : null;
}

/** DECISIONS 22: a game's reactions are keyed by the odds event id when there is one, else by the documents' gameKey. */
export function reactionGameKey(
  game: Pick<ScoreboardEvent, 'event_id' | 'away_team' | 'home_team' | 'commence_time'>,
): string {
  return game.event_id || documentsGameKey(game);
}

/**
 * Reactions a game's first event id takes over: those kept under the `from` keys (the documents' gameKeys its page
 * reacted under until then) move to `to`, its event id.
 */
export interface ReactionKeyMove {
  from: string[];
  to: string;
}

/** Empty lists for every emoji, then each reactor under theirs. */
export function groupReactions(rows: ReadonlyArray<{ emoji: ReactionEmoji } & Reactor>): GameReactions {
  const grouped = Object.fromEntries(REACTION_EMOJI_NAMES.map((name) => [name, [] as Reactor[]])) as GameReactions;
  for (const row of rows) grouped[row.emoji].push({ userId: row.userId, username: row.username });
  return grouped;
}

/** The name shown next to a reaction (spec 002 §7): the username, else the e-mail's local part, else 'Anonymous'. */
export function reactorName(username: string | null | undefined, email: string | null | undefined): string {
  if (username) return username;
  const local = email?.split('@')[0];
  return local || 'Anonymous';
}

/** A game's reactions as the API answers and pushes them (spec 002 §7): by emoji, each reactor named. */
export function gameReactionsOf(
  rows: ReadonlyArray<{ emoji: ReactionEmoji; userId: string; username: string | null; email: string | null }>,
): GameReactions {
  return groupReactions(
    rows.map((row) => ({ emoji: row.emoji, userId: row.userId, username: reactorName(row.username, row.email) })),
  );
}
