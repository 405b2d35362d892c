/**
 * The one live connection (DESIGN: socket.io push). Reconnects with the spec's delays (000 §9: 1, 2, 5,
 * then 10 s) and, on every (re)connect, re-subscribes each channel from the last sequence number it saw,
 * so the gateway can replay what was missed. Every pushed message is an envelope `{channel, seq, ...}`.
 * It connects only while someone is signed in (start/stop) and some screen listens to a channel.
 * The socket.io transport is injected, so this logic is tested without a server.
 */

import { reactionsTopic } from '@oddspulse/shared';

export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10000] as const;
/** Heartbeat and connect time-out of the realtime connection (spec 000 §9). */
export const HEARTBEAT_MS = 25_000;
export const CONNECT_TIMEOUT_MS = 10_000;

export function reconnectDelay(failures: number): number {
  return RECONNECT_DELAYS_MS[Math.min(Math.max(failures - 1, 0), RECONNECT_DELAYS_MS.length - 1)];
}

export interface Envelope {
  channel: string;
  seq: number;
  /** The sport of per-sport channels (odds, props, ev, arbitrage, middles, scores). */
  sport?: string;
  [field: string]: unknown;
}

/**
 * What a listener subscribes to: a channel, per sport for the per-sport channels or per game for reactions.
 * Sequence numbers are per room, so each topic keeps its own.
 */
export interface Topic {
  channel: string;
  sport?: string;
  eventId?: string;
}

/**
 * The topic's key, named as the gateway names its rooms (`roomName`): a socket has one `user` room (the
 * gateway keys it by the signed-in user), and a game's reactions room carries the encoded game key.
 */
export function topicKey(topic: string | Topic): string {
  if (typeof topic === 'string') return topic;
  return deliveryKey(topic.channel, topic.channel === 'reactions' && topic.eventId ? reactionsTopic(topic.eventId) : topic.sport ?? topic.eventId);
}

/** The key of a pushed message or snapshot: its channel and room key, as the gateway sends them. */
function deliveryKey(channel: string, key: string | undefined): string {
  if (channel === 'user') return 'user';
  return key ? `${channel}:${key}` : channel;
}

/** The gateway's `snapshot` event: the room's state when a gap was too old to replay (issue 6). */
interface SnapshotPayload {
  channel: string;
  key: string;
  seq: number;
  at: string;
  data: unknown;
}

const isSnapshot = (value: unknown): value is SnapshotPayload =>
  !!value && typeof value === 'object' && typeof (value as SnapshotPayload).channel === 'string' && typeof (value as SnapshotPayload).key === 'string' && Number.isInteger((value as SnapshotPayload).seq);

export function isEnvelope(value: unknown): value is Envelope {
  return !!value && typeof value === 'object' && typeof (value as Envelope).channel === 'string' && Number.isInteger((value as Envelope).seq);
}

/** The slice of a socket.io client socket this module uses. */
export interface TransportSocket {
  connected: boolean;
  auth: unknown;
  connect(): unknown;
  disconnect(): unknown;
  emit(event: string, payload: unknown): unknown;
  on(event: string, listener: (...args: never[]) => void): unknown;
  onAny(listener: (event: string, ...args: unknown[]) => void): unknown;
}

export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'reconnecting';

export interface LiveSocketDeps {
  transport: TransportSocket;
  token: () => string | null;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  onState: (state: ConnectionState) => void;
}

type Listener = (envelope: Envelope) => void;

export class LiveSocket {
  private readonly lastSeq = new Map<string, number>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly topics = new Map<string, Topic>();
  private failures = 0;
  private timer: unknown = null;
  private wanted = false;
  private state: ConnectionState = 'idle';

  constructor(private readonly deps: LiveSocketDeps) {
    const { transport } = deps;
    transport.on('connect', () => {
      this.failures = 0;
      this.setState('connected');
      for (const channel of this.listeners.keys()) this.sendSubscribe(channel);
    });
    transport.on('connect_error', () => this.scheduleReconnect());
    transport.on('disconnect', (reason: never) => {
      // The server closing us on purpose (sign-out, plan change) is not retried; a lost link is.
      if ((reason as string) === 'io client disconnect') return;
      this.scheduleReconnect();
    });
    transport.onAny((event, payload) => {
      // A snapshot replaces the room's state; listeners see it as `type: 'snapshot'` at its seq.
      if (event === 'snapshot' && isSnapshot(payload)) {
        this.deliver(deliveryKey(payload.channel, payload.key), { channel: payload.channel, seq: payload.seq, at: payload.at, type: 'snapshot', data: payload.data }, true);
        return;
      }
      if (isEnvelope(payload)) this.deliver(deliveryKey(payload.channel, payload.sport), payload, false);
    });
  }

  connectionState(): ConnectionState {
    return this.state;
  }

  /** Allows the connection (signed in); it opens once a channel is listened to. */
  start(): void {
    this.wanted = true;
    this.openIfNeeded();
  }

  stop(): void {
    this.wanted = false;
    this.close();
  }

  subscribe(topic: string | Topic, listener: Listener): () => void {
    const key = topicKey(topic);
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
      this.topics.set(key, typeof topic === 'string' ? { channel: topic } : topic);
      if (this.deps.transport.connected) this.sendSubscribe(key);
      else this.openIfNeeded();
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) {
        this.listeners.delete(key);
        const request = this.topics.get(key);
        this.topics.delete(key);
        if (this.deps.transport.connected) this.deps.transport.emit('unsubscribe', { ...request });
        if (this.listeners.size === 0) this.close();
      }
    };
  }

  lastSequence(topic: string | Topic): number | undefined {
    return this.lastSeq.get(topicKey(topic));
  }

  private openIfNeeded(): void {
    if (!this.wanted || this.listeners.size === 0) return;
    if (this.deps.transport.connected || this.timer !== null || this.state === 'connecting') return;
    this.open();
  }

  private close(): void {
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
    this.failures = 0;
    this.deps.transport.disconnect();
    this.setState('idle');
  }

  private open(): void {
    this.timer = null;
    this.setState(this.failures === 0 ? 'connecting' : 'reconnecting');
    this.deps.transport.auth = { token: this.deps.token(), resume: Object.fromEntries(this.lastSeq) };
    this.deps.transport.connect();
  }

  private scheduleReconnect(): void {
    if (!this.wanted || this.listeners.size === 0 || this.timer !== null) return;
    this.failures++;
    this.setState('reconnecting');
    this.timer = this.deps.setTimer(() => this.open(), reconnectDelay(this.failures));
  }

  /** The gateway's SubscribeRequest: the topic and, after a first message, the last seq seen (it replays the rest). */
  private sendSubscribe(key: string): void {
    const last = this.lastSeq.get(key);
    this.deps.transport.emit('subscribe', { ...this.topics.get(key), ...(last === undefined ? {} : { lastSeq: last }) });
  }

  private deliver(key: string, envelope: Envelope, snapshot: boolean): void {
    const last = this.lastSeq.get(key);
    // A replayed or duplicated message (seq already seen) is dropped; a snapshot resets the room's seq.
    if (!snapshot && last !== undefined && envelope.seq <= last) return;
    this.lastSeq.set(key, envelope.seq);
    for (const listener of this.listeners.get(key) ?? []) listener(envelope);
  }

  private setState(state: ConnectionState): void {
    if (state === this.state) return;
    this.state = state;
    this.deps.onState(state);
  }
}
