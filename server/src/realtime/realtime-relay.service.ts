import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RealtimeKeys, roomName, type RealtimeChannel, type RealtimeEnvelope } from '@oddspulse/shared';
import { RedisService } from '../redis/redis.service';
import { RealtimePublisher } from './realtime-publisher.service';
import { RealtimeSnapshots } from './realtime-snapshots.service';
import { RoomBroadcaster } from './room-broadcaster';
import { SharedTurns } from './shared-turns';
import type { GatewayServer, GatewaySocket } from './socket-types';

export interface CatchUpResult {
  /** The last seq sent to the socket for this room. */
  seq: number;
  replayed: number;
  snapshot: boolean;
}

/**
 * Relays what the workers publish to the sockets of this process: ONE pattern subscription per process on
 * `${prefix}:rt:*`, each message emitted as is to the room of the same name (`rt:{channel}:{key}` →
 * `{channel}:{key}`) by `RoomBroadcaster`. Every process hears every message, so each emits to its local
 * sockets only; the Redis adapter is not on this path. No business logic: what to publish was decided by the workers.
 *
 * Reconnects: a socket that subscribes with its last seq is caught up from the publisher's buffer (or a
 * snapshot when the gap is older than the buffer) before it joins the room; what is published meanwhile is
 * held for it and sent after, so it receives every seq once, in order. A pub/sub delivery can trail the
 * buffer read, so before joining the relay publishes a barrier to itself: Redis delivers messages in the
 * order they were published, so once the barrier arrives every message up to the replay has been heard.
 * Sockets subscribing at once (a reconnect storm) share barriers.
 */
@Injectable()
export class RealtimeRelay implements OnApplicationShutdown {
  private readonly logger = new Logger(RealtimeRelay.name);
  private server: GatewayServer | null = null;
  private subscriber: Redis | null = null;
  private readonly topicPrefix: string;
  /** Rooms with sockets being caught up: the live messages they would have missed, per socket. */
  private readonly holding = new Map<string, Set<RealtimeEnvelope[]>>();
  private readonly controlHandlers = new Map<string, (message: string) => void>();
  private readonly barrierChannel: string;
  private readonly barriers = new Map<string, () => void>();
  /** Sockets subscribing at once (a reconnect storm) share barriers. */
  private readonly barriersInTurn = new SharedTurns(() => this.sendBarrier());
  /** Settles once the subscriptions are in place: a catch-up's barrier is only heard after that. */
  private readonly subscribed: Promise<void>;
  private markSubscribed!: () => void;

  constructor(
    private readonly redis: RedisService,
    private readonly publisher: RealtimePublisher,
    private readonly snapshots: RealtimeSnapshots,
    private readonly broadcaster: RoomBroadcaster,
  ) {
    // `${prefix}:rt:*` without its `*`: what precedes the room name in every realtime channel.
    this.topicPrefix = this.redis.key(...RealtimeKeys.pattern()).slice(0, -1);
    this.barrierChannel = this.redis.key('gateway', 'barrier', randomUUID());
    this.subscribed = new Promise((resolve) => (this.markSubscribed = resolve));
  }

  /** Starts relaying to `server`; `control` are plain channels (under the prefix) whose messages go to a handler. */
  async attach(server: GatewayServer, control: Record<string, (message: string) => void> = {}): Promise<void> {
    this.server = server;
    const subscriber = this.redis.connect('realtime-relay');
    this.subscriber = subscriber;
    subscriber.on('pmessage', (_pattern: string, channel: string, message: string) => this.relay(channel, message));
    subscriber.on('message', (channel: string, message: string) => this.controlHandlers.get(channel)?.(message));
    for (const [channel, handler] of Object.entries(control)) this.controlHandlers.set(channel, handler);
    this.controlHandlers.set(this.barrierChannel, (id) => this.barriers.get(id)?.());
    await this.subscribe(subscriber);
  }

  /** ioredis re-subscribes after a reconnect by itself; this covers Redis being down when the process starts. */
  private async subscribe(subscriber: Redis): Promise<void> {
    try {
      await subscriber.psubscribe(this.redis.key(...RealtimeKeys.pattern()));
      await subscriber.subscribe(...this.controlHandlers.keys());
      this.markSubscribed();
    } catch (error) {
      if (this.subscriber !== subscriber) return;
      this.logger.error({ msg: 'Realtime relay could not subscribe; retrying', error: (error as Error).message });
      setTimeout(() => void this.subscribe(subscriber), 2000).unref();
    }
  }

  /** Resolves once every message published before this call has reached this process's subscriber. */
  private barrier(): Promise<void> {
    return this.barriersInTurn.run();
  }

  private async sendBarrier(timeoutMs = 2000): Promise<void> {
    const id = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Relay barrier not heard within ${timeoutMs} ms`)), timeoutMs);
    });
    const arrived = new Promise<void>((resolve) => this.barriers.set(id, resolve));
    try {
      await Promise.race([this.subscribed, timedOut]);
      await Promise.race([this.redis.client.publish(this.barrierChannel, id), timedOut]);
      await Promise.race([arrived, timedOut]);
    } finally {
      clearTimeout(timer);
      this.barriers.delete(id);
    }
  }

  private relay(channelName: string, raw: string): void {
    if (!this.server || !channelName.startsWith(this.topicPrefix)) return;
    const room = channelName.slice(this.topicPrefix.length);
    let envelope: RealtimeEnvelope;
    try {
      envelope = JSON.parse(raw) as RealtimeEnvelope;
    } catch (error) {
      this.logger.error({ msg: 'Unreadable realtime message dropped', channel: channelName, error: (error as Error).message });
      return;
    }
    for (const queue of this.holding.get(room) ?? []) queue.push(envelope);
    this.broadcaster.emit(this.server, room, envelope);
  }

  /**
   * Joins `socket` to the room after sending what it missed since `lastSeq`: the buffered messages in order,
   * or a snapshot when they are gone (or the client claims a seq the channel never reached). With no `lastSeq`
   * the socket starts from the channel's current seq, read once the socket's queue is in place, so whatever is
   * published after that read is held for it. `mayJoin` is asked again at the end, so a plan change during the
   * catch-up is honoured.
   */
  async catchUpAndJoin(socket: GatewaySocket, channel: RealtimeChannel, key: string, lastSeq: number | null, mayJoin: () => boolean): Promise<CatchUpResult | null> {
    const room = roomName(channel, key);
    const queue: RealtimeEnvelope[] = [];
    const holders = this.holding.get(room) ?? new Set<RealtimeEnvelope[]>();
    holders.add(queue);
    this.holding.set(room, holders);
    try {
      let sent = lastSeq ?? 0;
      let replayed = 0;
      let snapshot = false;
      const replay = lastSeq === null ? null : await this.publisher.replay(channel, key, lastSeq);
      if (replay === null) {
        sent = await this.snapshots.currentSeq(channel, key);
      } else if (replay.complete && sent <= replay.lastSeq) {
        for (const message of replay.messages) {
          if (message.seq <= sent) continue;
          socket.emit('message', message);
          sent = message.seq;
          replayed++;
        }
      } else {
        const seq = await this.snapshots.currentSeq(channel, key);
        const data = await this.snapshots.load(channel, key);
        socket.emit('snapshot', { channel, key, seq, at: new Date().toISOString(), data });
        sent = seq;
        snapshot = true;
      }
      await this.barrier();
      if (!mayJoin()) return null;
      for (const message of queue.sort((a, b) => a.seq - b.seq)) {
        if (message.seq <= sent) continue;
        socket.emit('message', message);
        sent = message.seq;
        replayed++;
      }
      // Synchronously after the flush: nothing can be published to this socket in between.
      socket.join(room);
      return { seq: sent, replayed, snapshot };
    } finally {
      holders.delete(queue);
      if (!holders.size) this.holding.delete(room);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = null;
    this.server = null;
    if (subscriber) await subscriber.quit().catch((error: Error) => this.logger.warn(`Relay connection quit failed: ${error.message}`));
  }
}
