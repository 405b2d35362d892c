import type { SportBoard } from '../domain/odds';
import type { ArbitrageOpportunity, EvBet, MiddleOpportunity } from '../domain/opportunities';
import type { SteamAlert } from '../domain/steam';
import type { Plan } from '../domain/accounts/plans';
import type { GameReactions } from '../domain/reactions';
import type { SportScoreboard } from '../domain/scores';
import type { ChannelRefusalCode } from './channel-access';
import { OPS_OVERVIEW_KEY, type OpsOverview } from '../ops/ops-overview';
import { RealtimeChannel, type OpportunityUpdate, type RealtimeEnvelope } from './channels';

/**
 * The socket.io contract between the gateway and the browser: one typed event map both sides use
 * (`Server<ClientToServerEvents, ServerToClientEvents>` and `Socket<ServerToClientEvents, ClientToServerEvents>`).
 */

/** Spec 000 §9: heartbeat 25000 ms, time-out 10000 ms, reconnect delays 1, 2, 5 and 10 s. */
export const SOCKET_PING_INTERVAL_MS = 25_000;
export const SOCKET_PING_TIMEOUT_MS = 10_000;
export const SOCKET_RECONNECT_DELAYS_MS: readonly number[] = [1000, 2000, 5000, 10000];
/** Served on the API's own origin; websocket transport only. */
export const SOCKET_PATH = '/socket.io';

export interface SubscribeRequest {
  channel: RealtimeChannel;
  /** Sport key for odds, props, ev, arbitrage, middles, steam and scores. */
  sport?: string;
  /** The game key (event id, else the documents' gameKey) for reactions. */
  eventId?: string;
  /**
   * The last seq the client applied on this channel. The gateway sends what was missed after it, in order,
   * or a snapshot when the gap is older than its buffer. 0 asks for everything (a snapshot unless the whole
   * history is still buffered). Absent: from now on; the ack's seq is where live messages continue from.
   */
  lastSeq?: number;
  /**
   * The epoch `lastSeq` belongs to. When the channel has started a new epoch since (Redis lost its counter), the
   * gateway sends a snapshot instead of a replay, since the old numbers mean nothing in the new epoch.
   */
  epoch?: string;
}

/** What an acknowledgement says when the gateway could not complete a request (Redis unreachable, a handler failed). */
export const LIVE_UPDATES_UNAVAILABLE = 'Live updates are unavailable right now. Please try again.';

/**
 * UNAVAILABLE: the gateway could not reach Redis to catch the socket up, or failed otherwise; try again (the
 * client's reconnect delays). RATE_LIMITED: the connection or its address sent too many events (a catch-up
 * costs what it replays); the ack then also has `retryAfter` in seconds.
 */
export type SubscribeErrorCode = ChannelRefusalCode | 'INVALID_SUBSCRIPTION' | 'UNAVAILABLE' | 'RATE_LIMITED';

export type SubscribeAck =
  | {
      ok: true;
      room: string;
      /** The last seq of the channel this socket has been sent (replayed, in a snapshot, or current when it joined): live messages follow from seq + 1. */
      seq: number;
      /** The epoch of `seq`; null while the channel has never carried a message (its first message starts one). */
      epoch: string | null;
      /** Messages sent to catch the socket up (from the buffer, or held while it joined) before live delivery. */
      replayed: number;
      /** True when a snapshot was sent instead of a replay. */
      snapshot: boolean;
    }
  | { ok: false; code: SubscribeErrorCode; message: string; retryAfter?: number };

export type UnsubscribeAck =
  | { ok: true; room: string }
  | { ok: false; code: 'INVALID_SUBSCRIPTION' | 'RATE_LIMITED'; message: string; retryAfter?: number };

/** A game's reactions as its room's snapshot carries them. */
export interface ReactionsSnapshot {
  gameKey: string;
  reactions: GameReactions;
}

/**
 * What a channel's snapshot holds: the pipeline's board (odds, props) or scoreboard (scores), null before the
 * pipeline made one; the current opportunities (ev, arbitrage, middles); the active steam alerts; a game's reactions;
 * nothing for `user` (its events are notifications with no state: the client refetches over REST).
 */
export interface RealtimeSnapshotMap {
  odds: SportBoard | null;
  props: SportBoard | null;
  ev: Array<OpportunityUpdate<EvBet>>;
  arbitrage: Array<OpportunityUpdate<ArbitrageOpportunity>>;
  middles: Array<OpportunityUpdate<MiddleOpportunity>>;
  /** The sport's active steam alerts. */
  steam: SteamAlert[];
  scores: SportScoreboard | null;
  reactions: ReactionsSnapshot;
  user: null;
  /** The last operations overview pushed, null before the first. */
  ops: OpsOverview | null;
}

/**
 * The channel's current state, sent instead of a replay when a gap is too old or the epoch changed. Messages up to
 * `seq` of `epoch` are already in it (epoch null: the channel has carried no message yet).
 */
export type RealtimeSnapshot<C extends RealtimeChannel = RealtimeChannel> = {
  [K in C]: {
    channel: K;
    /** The room's key: sport, encoded game key or user id. */
    key: string;
    seq: number;
    epoch: string | null;
    at: string;
    data: RealtimeSnapshotMap[K];
  };
}[C];

/** Sent when the socket's plan changed: the rooms it was removed from (a downgrade), and what it holds now. */
export interface EntitlementsNotice {
  plan: Plan;
  unlimited: boolean;
  removed: string[];
}

/**
 * Sent ahead of the expiry of the access token a socket was authorised with: the client refreshes its session and
 * answers with `reauth` and the new token, or the gateway closes the socket at `expires_at`.
 */
export interface ReauthNotice {
  /** When the socket's token expires, in seconds since the epoch (as the session's `expires_at`). */
  expires_at: number;
}

/**
 * Whether the server process the socket is connected to hears live updates. `live: false`: it lost Redis, so nothing
 * published reaches the socket from then on (not even a board's `board.status`, which travels the same way) and what
 * the socket shows may be going stale; sent to every socket of the process at the loss, and to one that connects
 * meanwhile. `live: true`: it hears them again; messages published in between are in the rooms' buffers, so the
 * client resubscribes each room with its last seq, as after a reconnect, to be caught up.
 */
export interface LiveNotice {
  live: boolean;
}

export interface ReauthRequest {
  /** A fresh access token of the socket's own user. */
  token: string;
}

export type ReauthAck =
  | { ok: true; expires_at: number }
  | { ok: false; code: 'AUTH_REQUIRED' | 'RATE_LIMITED'; message: string; retryAfter?: number };

export interface ServerToClientEvents {
  /** Every relayed message, in seq order per room; a client ignores seq ≤ the last it applied. */
  message: (envelope: RealtimeEnvelope) => void;
  snapshot: (snapshot: RealtimeSnapshot) => void;
  entitlements: (notice: EntitlementsNotice) => void;
  reauth: (notice: ReauthNotice) => void;
  live: (notice: LiveNotice) => void;
}

export interface ClientToServerEvents {
  subscribe: (request: SubscribeRequest, ack: (result: SubscribeAck) => void) => void;
  unsubscribe: (request: SubscribeRequest, ack: (result: UnsubscribeAck) => void) => void;
  reauth: (request: ReauthRequest, ack: (result: ReauthAck) => void) => void;
}

/** Reactions rooms and channels carry the game key encoded, so a key with ':' cannot split the channel name. */
export function reactionsTopic(gameKey: string): string {
  return encodeURIComponent(gameKey);
}

/** `{channel}:{key}`: the room name, and the Redis channel's name after `${prefix}:rt:` (so the relay maps one to the other by slicing). */
export function roomName(channel: RealtimeChannel, key: string): string {
  return `${channel}:${key}`;
}

export type RoomTarget = { ok: true; channel: RealtimeChannel; key: string } | { ok: false; message: string };

/** An epoch as the publisher makes them (`newEpoch`). */
const EPOCH = /^[a-z0-9]{1,32}$/;

const SPORT_KEY = /^[a-z0-9_]{2,64}$/;
const CHANNELS = Object.values(RealtimeChannel) as string[];

/**
 * Validates a subscribe request's shape and names its room. `userId` is the socket's own user (the only
 * key a `user` subscription may have), null when anonymous.
 */
export function subscriptionTarget(request: unknown, userId: string | null): RoomTarget {
  if (typeof request !== 'object' || request === null) return { ok: false, message: 'A subscription needs a channel' };
  const { channel, sport, eventId, lastSeq, epoch } = request as Record<string, unknown>;
  if (typeof channel !== 'string' || !CHANNELS.includes(channel))
    return { ok: false, message: `Unknown channel: use one of ${CHANNELS.join(', ')}` };
  if (lastSeq !== undefined && !(typeof lastSeq === 'number' && Number.isInteger(lastSeq) && lastSeq >= 0)) {
    return { ok: false, message: 'lastSeq must be a whole number, 0 or more' };
  }
  if (epoch !== undefined && !(typeof epoch === 'string' && EPOCH.test(epoch)))
    return { ok: false, message: 'epoch must be the epoch of a message received' };
  const typed = channel as RealtimeChannel;
  if (typed === RealtimeChannel.User) return { ok: true, channel: typed, key: userId ?? '' };
  if (typed === RealtimeChannel.Ops) return { ok: true, channel: typed, key: OPS_OVERVIEW_KEY };
  if (typed === RealtimeChannel.Reactions) {
    if (typeof eventId !== 'string' || !eventId.trim() || eventId.length > 200)
      return { ok: false, message: 'Reactions need an eventId (the game key)' };
    return { ok: true, channel: typed, key: reactionsTopic(eventId.trim()) };
  }
  if (typeof sport !== 'string' || !SPORT_KEY.test(sport))
    return { ok: false, message: `The ${typed} channel needs a sport key` };
  return { ok: true, channel: typed, key: sport };
}
