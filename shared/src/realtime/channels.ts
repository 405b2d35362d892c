import type { ArbitrageOpportunity, EvBet, MiddleOpportunity } from '../domain/opportunities';
import type { SportScoreboard, ScoreboardEvent } from '../domain/scores';
import type { BoardDiff } from './board-diff';
import type { GameReactions } from '../domain/reactions';
import type { UserPick } from '../picks/pick';
import type { Plan } from '../domain/accounts/plans';
import type { OpsOverview } from '../ops/ops-overview';
import type { SteamAlert } from '../domain/steam';

/**
 * The realtime feeds the workers publish, per sport. The gateway relays them to socket.io rooms of the
 * same names and the client subscribes by them: one definition for all three.
 */
export const RealtimeChannel = {
  /** Straight-bet board diffs. */
  Odds: 'odds',
  /** Player-prop board diffs. */
  Props: 'props',
  Ev: 'ev',
  Arbitrage: 'arbitrage',
  Middles: 'middles',
  /**
   * Steam alerts (DECISIONS 34): raised, updated as soft books catch up or take their line down and put it back (a
   * stale book `down`), expired when the last has caught up.
   */
  Steam: 'steam',
  Scores: 'scores',
  /** A game's emoji reactions, keyed by `reactionsTopic(gameKey)`. */
  Reactions: 'reactions',
  /** One user's own events (settlement, plan changes), keyed by the user id; only that user may listen. */
  User: 'user',
  /** The operations overview, one room (`OPS_OVERVIEW_KEY`); operations staff only. */
  Ops: 'ops',
} as const;
export type RealtimeChannel = (typeof RealtimeChannel)[keyof typeof RealtimeChannel];

export const REALTIME_CHANNELS: readonly RealtimeChannel[] = Object.values(RealtimeChannel);

export type OpportunityChannel =
  typeof RealtimeChannel.Ev | typeof RealtimeChannel.Arbitrage | typeof RealtimeChannel.Middles;
export type BoardChannel = typeof RealtimeChannel.Odds | typeof RealtimeChannel.Props;

/** A board's freshness: published when a feed starts failing (stale) and when it recovers. */
export interface BoardStatus {
  fetched_at: string;
  /** Set while the feed is failing; the board keeps its last data. */
  stale_since: string | null;
  error?: string;
}

/** What happened to an opportunity since the last update of its event. */
export type OpportunityAction = 'new' | 'updated' | 'gone';

export interface OpportunityUpdate<T = unknown> {
  action: OpportunityAction;
  /** Stable id: the same opportunity keeps its id across updates. */
  id: string;
  event_id: string;
  /** Which board it was found on: straight bets or player props. */
  board: 'odds' | 'props';
  /** When it was first found (ISO), kept across updates. */
  time_found: string;
  /** Seconds it is still shown for (spec 001 §9: 30 min), 0 when gone. */
  expires_in: number;
  /** The opportunity itself; absent when gone. */
  opportunity?: T;
}

export interface RealtimeMessageMap {
  odds: { type: 'board.diff'; data: BoardDiff } | { type: 'board.status'; data: BoardStatus };
  props: { type: 'board.diff'; data: BoardDiff } | { type: 'board.status'; data: BoardStatus };
  ev: { type: 'opportunities'; data: { updates: Array<OpportunityUpdate<EvBet>> } };
  arbitrage: { type: 'opportunities'; data: { updates: Array<OpportunityUpdate<ArbitrageOpportunity>> } };
  middles: { type: 'opportunities'; data: { updates: Array<OpportunityUpdate<MiddleOpportunity>> } };
  /**
   * `steam:update` carries the alert as it stands, its stale books that are taken down marked `down`; `steam:expired`
   * the alert as it ended (status `expired`, with `expiredAt` and `expiry`).
   */
  steam: { type: 'steam:alert' | 'steam:update' | 'steam:expired'; data: { alert: SteamAlert } };
  scores:
    /** The games new or changed since the last scoreboard, and the ids of those it no longer lists (a page drops them). */
    | { type: 'score.update'; data: { games: ScoreboardEvent[]; removed: string[] } }
    /** A game turned final: its own message (settlement listens for it). */
    | { type: 'game.final'; data: { game: ScoreboardEvent } }
    | {
        type: 'board.status';
        data: Pick<SportScoreboard, 'fetched_at'> & { stale_since: string | null; error?: string };
      };
  reactions: { type: 'reactions.update'; data: { gameKey: string; reactions: GameReactions } };
  user:
    | { type: 'plan.changed'; data: { plan: Plan; unlimited: boolean } }
    /** Picks of the user were settled by the settlement worker: the tracker shows "Auto-validated N bet(s)". */
    | { type: 'picks.settled'; data: { count: number; picks: UserPick[] } };
  /** The whole overview each time (a few KB every few seconds, only while an operator watches). */
  ops: { type: 'ops.overview'; data: OpsOverview };
}

/**
 * Where a message stands in its channel: `seq` counts from 1 without gaps within an `epoch`. The epoch is made with
 * the channel's counter, so when Redis loses the counter (a flush, a failover, a restart without persistence) the
 * numbers start again under a new epoch, and a client holding the old one knows to resynchronise instead of taking
 * seq 1 for a message it already has.
 */
export interface RealtimePosition {
  seq: number;
  epoch: string;
}

/**
 * Every message on a realtime channel: its place in the channel and its body. `key` names the channel's room
 * within its channel: the sport key (odds, props, ev, arbitrage, middles, steam, scores), the encoded game key
 * (reactions) or the user id (user).
 */
export type RealtimeEnvelope<C extends RealtimeChannel = RealtimeChannel> = {
  [K in C]: RealtimePosition & { channel: K; key: string; at: string } & RealtimeMessageMap[K];
}[C];

/** A message before the publisher gives it its place (seq and epoch). */
export type RealtimeMessage<C extends RealtimeChannel = RealtimeChannel> = {
  [K in C]: { channel: K; key: string; at: string } & RealtimeMessageMap[K];
}[C];

/** How many messages each channel keeps for replay. */
export const REALTIME_BUFFER_SIZE = 1000;
