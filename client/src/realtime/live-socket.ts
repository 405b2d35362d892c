/**
 * The one live connection (DESIGN: socket.io push). Reconnects with the spec's delays (000 §9: 1, 2, 5,
 * then 10 s, each spread by RECONNECT_JITTER) and, on every (re)connect, re-subscribes each room from the last position it applied, so the
 * gateway can replay what was missed. Messages are judged by the shared sequence rule (`RoomSequences`): a
 * duplicate is dropped; a gap, or a new epoch (Redis lost the channel's counter), resubscribes the room from
 * where it stands and the gateway sends the replay or a snapshot. A subscribe the gateway could not serve
 * (UNAVAILABLE, or no answer) is retried with the same delays; until a room is accepted again its listeners may hear
 * that its live updates are interrupted (InterruptionListener). It connects only while someone is signed in
 * (start/stop) and some screen listens to a room. The socket.io transport is injected, so this logic is tested
 * without a server.
 */

import {
  reactionsTopic,
  roomName,
  RoomSequences,
  SOCKET_RECONNECT_DELAYS_MS,
  type BoardPositions,
  type RealtimeChannel,
  type RealtimeEnvelope,
  type RealtimeSnapshot,
  type ReauthAck,
  type RoomPosition,
  type ServerToClientEvents,
  type SubscribeAck,
  type SubscribeRequest,
} from '@oddspulse/shared';

/** Connect time-out of the realtime connection (spec 000 §9), and how long a subscribe waits for its answer. */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * How far a reconnect delay strays from the spec's value, either way (±50 %, so on average it is the spec's): a deploy
 * drops every socket at once, and without it thousands of browsers would come back in the same instant, again and again.
 */
export const RECONNECT_JITTER = 0.5;

/** The wait before attempt `failures + 1`: the spec's delay for it, scaled by a `random()` in [0, 1) into ±RECONNECT_JITTER. */
export function reconnectDelay(failures: number, random: () => number): number {
  const base = SOCKET_RECONNECT_DELAYS_MS[Math.min(Math.max(failures - 1, 0), SOCKET_RECONNECT_DELAYS_MS.length - 1)];
  return Math.floor(base * (1 - RECONNECT_JITTER + 2 * RECONNECT_JITTER * random()));
}

/**
 * What a listener subscribes to: a channel, per sport for the per-sport channels or per game for reactions; the
 * user channel is the signed-in user's own (the gateway keys it by the socket's user).
 */
export type Topic<C extends RealtimeChannel = RealtimeChannel> = { channel: C } & (C extends 'user'
  ? { sport?: never; eventId?: never }
  : C extends 'reactions'
    ? { eventId: string; sport?: never }
    : { sport: string; eventId?: never });

/** A channel whose rooms are per sport. */
export type SportChannel = Exclude<RealtimeChannel, 'user' | 'reactions'>;

/** A room's snapshot as its listeners get it: the room's whole state at `seq` (after a gap or a new epoch). */
export type SnapshotMessage = RealtimeSnapshot & { type: 'snapshot' };

/** What a listener of a channel hears: the channel's messages, typed by channel, and the room's snapshots. */
export type LiveMessage<C extends RealtimeChannel = RealtimeChannel> = Extract<
  RealtimeEnvelope | SnapshotMessage,
  { channel: C }
>;

export type LiveListener<C extends RealtimeChannel = RealtimeChannel> = (message: LiveMessage<C>) => void;

/**
 * Hears whether a room's live updates are interrupted: true while the link is down (after it dropped, or a connect
 * failed), a gap or a new epoch awaits its catch-up, or a refused subscribe is being retried; false once the gateway
 * has accepted the room again. A room's first join is not an interruption.
 */
export type InterruptionListener = (interrupted: boolean) => void;

/**
 * The room a topic listens to, named as the gateway names rooms (`roomName`), except that a socket has one
 * `user` room whatever its user's id.
 */
export function topicKey(topic: Topic): string {
  if (topic.channel === 'user') return 'user';
  if (topic.eventId !== undefined) return roomName(topic.channel, reactionsTopic(topic.eventId));
  return roomName(topic.channel, topic.sport ?? '');
}

/** The room of a pushed message or snapshot (the user channel's key is the user id: the socket's one user room). */
function deliveryKey(channel: RealtimeChannel, key: string): string {
  return channel === 'user' ? 'user' : roomName(channel, key);
}

function isOf<C extends RealtimeChannel>(
  message: RealtimeEnvelope | SnapshotMessage,
  channel: C,
): message is LiveMessage<C> {
  return message.channel === channel;
}

/** The connection's own events and the gateway's, as the transport reports them. */
export interface TransportHandlers {
  connect(): void;
  connectError(error: Error): void;
  disconnect(reason: string): void;
  message: ServerToClientEvents['message'];
  snapshot: ServerToClientEvents['snapshot'];
  reauth: ServerToClientEvents['reauth'];
  live: ServerToClientEvents['live'];
}

/** What LiveSocket needs of a socket.io client socket (`socketIoTransport` adapts the real one). */
export interface LiveTransport {
  readonly connected: boolean;
  listen(handlers: TransportHandlers): void;
  /** Connects with this handshake auth. */
  open(auth: { token: string | null }): void;
  close(): void;
  /** Resolves with the gateway's answer; rejects when none came within `timeoutMs` (or the link dropped). */
  subscribe(request: SubscribeRequest, timeoutMs: number): Promise<SubscribeAck>;
  unsubscribe(request: SubscribeRequest): void;
  /** Presents a fresh access token to the gateway (the socket stays bound to a live credential); resolves with its answer. */
  reauth(token: string, timeoutMs: number): Promise<ReauthAck>;
}

export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'reconnecting';

export interface LiveSocketDeps {
  transport: LiveTransport;
  token: () => string | null;
  /** Refreshes the session and gives its new access token (null when signed out), for the gateway's `reauth`. */
  freshToken: () => Promise<string | null>;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  onState: (state: ConnectionState) => void;
  /** Uniform in [0, 1) (Math.random): spreads the retry delays. */
  random: () => number;
}

interface Room {
  request: SubscribeRequest;
  channel: RealtimeChannel;
  listeners: Set<(message: RealtimeEnvelope | SnapshotMessage) => void>;
  /** Counts subscribes, so an answer to one superseded by a newer one (a reconnect) is ignored. */
  attempt: number;
  /** Subscribes refused as UNAVAILABLE (or unanswered) in a row: the retry delay grows with them. */
  refusals: number;
  retry: unknown;
  /** A resubscribe is under way to catch the room up after a gap or a new epoch. */
  resyncing: boolean;
  /** A subscribe was sent and its answer has not come. */
  answering: boolean;
  /** Its live updates stopped until an accepted subscribe (InterruptionListener). */
  interrupted: boolean;
  watchers: Set<InterruptionListener>;
}

const UNANSWERED: SubscribeAck = { ok: false, code: 'UNAVAILABLE', message: 'No answer to the subscription' };

export class LiveSocket {
  private readonly sequences = new RoomSequences();
  private readonly rooms = new Map<string, Room>();
  private failures = 0;
  private timer: unknown = null;
  private wanted = false;
  private state: ConnectionState = 'idle';

  constructor(private readonly deps: LiveSocketDeps) {
    deps.transport.listen({
      connect: () => {
        this.failures = 0;
        this.setState('connected');
        for (const key of this.rooms.keys()) this.sendSubscribe(key);
      },
      connectError: () => this.scheduleReconnect(),
      disconnect: (reason) => {
        for (const room of this.rooms.values()) this.stopRetrying(room);
        // The server closing us on purpose (sign-out, plan change) is not retried; a lost link is.
        if (reason === 'io client disconnect') return;
        this.scheduleReconnect();
      },
      message: (envelope) => this.receive(envelope),
      snapshot: (snapshot) => this.receiveSnapshot(snapshot),
      reauth: () => this.reauth(),
      live: ({ live }) => this.heardLive(live),
    });
  }

  connectionState(): ConnectionState {
    return this.state;
  }

  /** Allows the connection (signed in); it opens once a room is listened to. */
  start(): void {
    this.wanted = true;
    this.openIfNeeded();
  }

  stop(): void {
    this.wanted = false;
    this.close();
  }

  /**
   * Listens to a room; the listener gets the channel's messages typed by channel, and `interruption` whether its live
   * updates are interrupted (at once when they are). Returns the unsubscribe.
   */
  subscribe<C extends RealtimeChannel>(
    topic: Topic<C>,
    listener: LiveListener<C>,
    interruption?: InterruptionListener,
  ): () => void {
    const key = topicKey(topic);
    const channel: C = topic.channel;
    const heard = (message: RealtimeEnvelope | SnapshotMessage) => {
      if (isOf(message, channel)) listener(message);
    };
    let room = this.rooms.get(key);
    if (!room) {
      room = {
        request: { ...topic },
        channel,
        listeners: new Set(),
        attempt: 0,
        refusals: 0,
        retry: null,
        resyncing: false,
        answering: false,
        // joined while the link is being restored: nothing comes until it is
        interrupted: this.state === 'reconnecting',
        watchers: new Set(),
      };
      this.rooms.set(key, room);
      if (this.deps.transport.connected) this.sendSubscribe(key);
      else this.openIfNeeded();
    }
    const joined = room;
    joined.listeners.add(heard);
    if (interruption) {
      joined.watchers.add(interruption);
      if (joined.interrupted) interruption(true);
    }
    return () => {
      joined.listeners.delete(heard);
      if (interruption) joined.watchers.delete(interruption);
      if (joined.listeners.size || this.rooms.get(key) !== joined) return;
      this.rooms.delete(key);
      this.stopRetrying(joined);
      if (this.deps.transport.connected) this.deps.transport.unsubscribe({ ...joined.request });
      if (this.rooms.size === 0) this.close();
    };
  }

  /**
   * A listener's data now stands at `from` (a load read with its channel's position): from here on the room
   * delivers every message after it once and none the data holds. A room not joined yet, or not asked for yet, asks
   * from `from` when it is; one level with or behind it in the same numbering only skips what the data holds. One
   * ahead of it (its messages reached the data the load replaced), of another epoch, or with a subscribe still
   * unanswered (which may join later than `from`) resubscribes from `from`, and the gateway replays the rest or sends
   * a snapshot.
   */
  catchUp(topic: Topic, from: RoomPosition): void {
    const key = topicKey(topic);
    const at = this.sequences.position(key);
    this.sequences.startAt(key, from);
    const room = this.rooms.get(key);
    const level = at !== undefined && (at.epoch === null || at.epoch === from.epoch) && at.seq <= from.seq;
    if (!room || (!room.answering && (at === undefined || level))) return;
    room.resyncing = true;
    this.sendSubscribe(key);
  }

  /**
   * catchUp for the rooms of a per-sport channel, each from the position a first load read its sport's data at (the
   * `positions` of GET /api/boards, /api/arbitrage, /api/middles, /api/steam).
   */
  catchUpSports(channel: SportChannel, positions: BoardPositions): void {
    for (const [sport, from] of Object.entries(positions)) this.catchUp({ channel, sport }, from);
  }

  /** The last seq applied in a topic's room (undefined before any). */
  lastSequence(topic: Topic): number | undefined {
    return this.sequences.lastSeq(topicKey(topic));
  }

  /**
   * The gateway asks for a fresh token before the socket's expires. Without one (signed out) or when it is refused,
   * nothing more is needed: the gateway closes the socket at the expiry, and the reconnect handshakes with the token
   * there is then.
   */
  private reauth(): void {
    this.deps
      .freshToken()
      .then((token) =>
        token && this.deps.transport.connected ? this.deps.transport.reauth(token, CONNECT_TIMEOUT_MS) : null,
      )
      .catch((error: unknown) => console.warn('The live socket could not present a fresh token', error));
  }

  private openIfNeeded(): void {
    if (!this.wanted || this.rooms.size === 0) return;
    if (this.deps.transport.connected || this.timer !== null || this.state === 'connecting') return;
    this.open();
  }

  private close(): void {
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
    this.failures = 0;
    for (const room of this.rooms.values()) this.stopRetrying(room);
    this.deps.transport.close();
    this.setState('idle');
  }

  private open(): void {
    this.timer = null;
    this.setState(this.failures === 0 ? 'connecting' : 'reconnecting');
    this.deps.transport.open({ token: this.deps.token() });
  }

  private scheduleReconnect(): void {
    if (!this.wanted || this.rooms.size === 0 || this.timer !== null) return;
    this.failures++;
    this.setState('reconnecting');
    for (const room of this.rooms.values()) this.interrupt(room, true);
    this.timer = this.deps.setTimer(() => this.open(), reconnectDelay(this.failures, this.deps.random));
  }

  /** The gateway's SubscribeRequest: the topic and, once the room has a position, where it stands (the gateway replays the rest). */
  private sendSubscribe(key: string): void {
    const room = this.rooms.get(key);
    if (!room || !this.deps.transport.connected) return;
    this.stopRetrying(room);
    const attempt = ++room.attempt;
    room.answering = true;
    this.deps.transport.subscribe({ ...room.request, ...this.sequences.resume(key) }, CONNECT_TIMEOUT_MS).then(
      (ack) => this.answered(key, room, attempt, ack),
      () => this.answered(key, room, attempt, UNANSWERED),
    );
  }

  private answered(key: string, room: Room, attempt: number, ack: SubscribeAck): void {
    if (this.rooms.get(key) !== room || room.attempt !== attempt) return;
    room.answering = false;
    if (ack.ok) {
      this.sequences.subscribed(ack, key);
      room.refusals = 0;
      room.resyncing = false;
      this.interrupt(room, false);
      return;
    }
    // Refused for the plan or the request: asking again would be refused again.
    if (ack.code !== 'UNAVAILABLE' && ack.code !== 'RATE_LIMITED') {
      room.resyncing = false;
      return;
    }
    room.refusals++;
    this.interrupt(room, true);
    // Too many events: not before the gateway's own retry-after, however short the backoff is.
    const delay = Math.max(
      reconnectDelay(room.refusals, this.deps.random),
      ack.code === 'RATE_LIMITED' ? (ack.retryAfter ?? 1) * 1000 : 0,
    );
    room.retry = this.deps.setTimer(() => {
      room.retry = null;
      this.sendSubscribe(key);
    }, delay);
  }

  private stopRetrying(room: Room): void {
    if (room.retry !== null) this.deps.clearTimer(room.retry);
    room.retry = null;
  }

  private receive(envelope: RealtimeEnvelope): void {
    const key = deliveryKey(envelope.channel, envelope.key);
    const verdict = this.sequences.receive(envelope, key);
    if (verdict === 'apply') this.deliver(key, envelope);
    else if (verdict === 'gap' || verdict === 'epoch') this.resync(key);
  }

  private receiveSnapshot(snapshot: RealtimeSnapshot): void {
    const key = deliveryKey(snapshot.channel, snapshot.key);
    this.sequences.snapshot(snapshot, key);
    this.deliver(key, { ...snapshot, type: 'snapshot' });
  }

  /** Messages were missed or the numbering started again: subscribe from where the room stands; until the catch-up arrives, what comes is not applied. */
  private resync(key: string): void {
    const room = this.rooms.get(key);
    if (!room || room.resyncing) return;
    room.resyncing = true;
    this.interrupt(room, true);
    this.sendSubscribe(key);
  }

  /**
   * The server process lost Redis (`live: false`): nothing reaches any room from then on, so each is interrupted. It
   * hears it again (`live: true`): each room resubscribes from where it stands, and the gateway replays what was
   * published meanwhile; the accepted subscribe ends the interruption (ServerToClientEvents' `live`).
   */
  private heardLive(live: boolean): void {
    for (const [key, room] of this.rooms) {
      if (live) this.sendSubscribe(key);
      else this.interrupt(room, true);
    }
  }

  private interrupt(room: Room, interrupted: boolean): void {
    if (room.interrupted === interrupted) return;
    room.interrupted = interrupted;
    for (const watcher of room.watchers) watcher(interrupted);
  }

  private deliver(key: string, message: RealtimeEnvelope | SnapshotMessage): void {
    for (const listener of this.rooms.get(key)?.listeners ?? []) listener(message);
  }

  private setState(state: ConnectionState): void {
    if (state === this.state) return;
    this.state = state;
    this.deps.onState(state);
  }
}
