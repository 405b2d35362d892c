import type { Plan } from '../domain/plans';
import type { ChannelRefusalCode } from './channel-access';
import { RealtimeChannel, type RealtimeEnvelope } from './channels';

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
  /** Sport key for odds, props, ev, arbitrage, middles and scores. */
  sport?: string;
  /** The game key (event id, else the documents' gameKey) for reactions. */
  eventId?: string;
  /**
   * The last seq the client applied on this channel. The gateway sends what was missed after it, in order,
   * or a snapshot when the gap is older than its buffer. 0 asks for everything (a snapshot unless the whole
   * history is still buffered). Absent: from now on; the ack's seq is where live messages continue from.
   */
  lastSeq?: number;
}

/** What an acknowledgement says when the gateway could not complete a request (Redis unreachable, a handler failed). */
export const LIVE_UPDATES_UNAVAILABLE = 'Live updates are unavailable right now. Please try again.';

/** UNAVAILABLE: the gateway could not reach Redis to catch the socket up, or failed otherwise; try again (the client's reconnect delays). */
export type SubscribeErrorCode = ChannelRefusalCode | 'INVALID_SUBSCRIPTION' | 'UNAVAILABLE';

export type SubscribeAck =
  | {
      ok: true;
      room: string;
      /** The last seq of the channel this socket has been sent (replayed, in a snapshot, or current when it joined): live messages follow from seq + 1. */
      seq: number;
      /** Messages sent to catch the socket up (from the buffer, or held while it joined) before live delivery. */
      replayed: number;
      /** True when a snapshot was sent instead of a replay. */
      snapshot: boolean;
    }
  | { ok: false; code: SubscribeErrorCode; message: string };

export type UnsubscribeAck = { ok: true; room: string } | { ok: false; code: 'INVALID_SUBSCRIPTION'; message: string };

/**
 * The channel's current state, sent instead of a replay when a gap is too old: a SportBoard (odds, props),
 * a SportScoreboard (scores), the current opportunities (ev, arbitrage, middles), a game's reactions, or
 * null for `user` (refetch over REST). Messages with seq ≤ `seq` are already in it.
 */
export interface RealtimeSnapshot {
  channel: RealtimeChannel;
  /** The room's key: sport, encoded game key or user id. */
  key: string;
  seq: number;
  at: string;
  data: unknown;
}

/** Sent when the socket's plan changed: the rooms it was removed from (a downgrade), and what it holds now. */
export interface EntitlementsNotice {
  plan: Plan;
  unlimited: boolean;
  removed: string[];
}

export interface ServerToClientEvents {
  /** Every relayed message, in seq order per room; a client ignores seq ≤ the last it applied. */
  message: (envelope: RealtimeEnvelope) => void;
  snapshot: (snapshot: RealtimeSnapshot) => void;
  entitlements: (notice: EntitlementsNotice) => void;
}

export interface ClientToServerEvents {
  subscribe: (request: SubscribeRequest, ack: (result: SubscribeAck) => void) => void;
  unsubscribe: (request: SubscribeRequest, ack: (result: UnsubscribeAck) => void) => void;
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

const SPORT_KEY = /^[a-z0-9_]{2,64}$/;
const CHANNELS = Object.values(RealtimeChannel) as string[];

/**
 * Validates a subscribe request's shape and names its room. `userId` is the socket's own user (the only
 * key a `user` subscription may have), null when anonymous.
 */
export function subscriptionTarget(request: unknown, userId: string | null): RoomTarget {
  if (typeof request !== 'object' || request === null) return { ok: false, message: 'A subscription needs a channel' };
  const { channel, sport, eventId, lastSeq } = request as Record<string, unknown>;
  if (typeof channel !== 'string' || !CHANNELS.includes(channel)) return { ok: false, message: `Unknown channel: use one of ${CHANNELS.join(', ')}` };
  if (lastSeq !== undefined && !(typeof lastSeq === 'number' && Number.isInteger(lastSeq) && lastSeq >= 0)) {
    return { ok: false, message: 'lastSeq must be a whole number, 0 or more' };
  }
  const typed = channel as RealtimeChannel;
  if (typed === RealtimeChannel.User) return { ok: true, channel: typed, key: userId ?? '' };
  if (typed === RealtimeChannel.Reactions) {
    if (typeof eventId !== 'string' || !eventId.trim() || eventId.length > 200) return { ok: false, message: 'Reactions need an eventId (the game key)' };
    return { ok: true, channel: typed, key: reactionsTopic(eventId.trim()) };
  }
  if (typeof sport !== 'string' || !SPORT_KEY.test(sport)) return { ok: false, message: `The ${typed} channel needs a sport key` };
  return { ok: true, channel: typed, key: sport };
}
