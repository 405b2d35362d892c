import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { roomName, type RealtimeChannel } from '@oddspulse/shared';
import {
  DependencyUnavailableError,
  RealtimeBus,
  RealtimePublisher,
  RedisKeys,
  RedisService,
  TimedOutError,
  withTimeout,
  type ControlTopic,
  type RealtimeSubscription,
} from '@oddspulse/core';
import { RealtimeSnapshots } from './realtime-snapshots.service';
import { RelayedMessage, RoomBroadcaster } from './room-broadcaster';
import { SharedTurns } from './shared-turns';
import type { GatewayServer, GatewaySocket } from './sockets/socket-types';

export interface CatchUpResult {
  /** The last seq sent to the socket for this room, and its epoch (null while the channel has carried nothing). */
  seq: number;
  epoch: string | null;
  replayed: number;
  snapshot: boolean;
}

/** Where the client says it stands in the room: its last seq and that seq's epoch (absent from older clients). */
export interface ResumeFrom {
  lastSeq: number;
  epoch: string | null;
}

/**
 * Relays what the workers publish to the sockets of this process: ONE pattern subscription per process on
 * `${prefix}:rt:*`, each message's text relayed as published (never parsed on this path) to the room of the same
 * name (`rt:{channel}:{key}` → `{channel}:{key}`) by `RoomBroadcaster`. Every process hears every message, so each
 * emits to its local sockets only; the Redis adapter is not on this path. No business logic: what to publish was
 * decided by the workers.
 *
 * Reconnects: a socket that subscribes with its last seq is caught up from the publisher's buffer (or a
 * snapshot when the gap is older than the buffer) before it joins the room; what is published meanwhile is
 * held for it and sent after, so it receives every seq once, in order. A pub/sub delivery can trail the
 * buffer read, so before joining the relay publishes a barrier to itself: Redis delivers messages in the
 * order they were published, so once the barrier arrives every message up to the replay has been heard.
 * Sockets subscribing at once (a reconnect storm) share barriers. A client whose position is of an older epoch
 * (Redis lost the channel's counter since) is sent a snapshot: its numbers mean nothing in the new epoch.
 *
 * On a Redis Cluster the rooms' channels are sharded (RealtimeBus): the process hears a room from the first local
 * socket that subscribes to it until its last one leaves, and each room's barrier goes on a sharded channel of the
 * room's slot, which its shard delivers after everything it delivered before (order holds per shard, not across them).
 */
@Injectable()
export class RealtimeRelay implements OnApplicationShutdown {
  private readonly logger = new Logger(RealtimeRelay.name);
  private server: GatewayServer | null = null;
  private subscription: RealtimeSubscription | null = null;
  /** Rooms with sockets being caught up: the live messages they would have missed, per socket. */
  private readonly holding = new Map<string, Set<RelayedMessage[]>>();
  private readonly processId = randomUUID();
  /** This process's own barrier topic. */
  private readonly barrierTopic = RedisKeys.relayBarrier(this.processId);
  private readonly barriers = new Map<string, () => void>();
  /** Sockets subscribing at once (a reconnect storm) share barriers. */
  private readonly barriersInTurn = new SharedTurns(() =>
    this.sendBarrier((id) => this.bus.publishBarrier(this.barrierTopic, id)),
  );
  /** On a cluster: the rooms this process hears, each with its barrier channel and the barriers its sockets share. */
  /** Rooms heard on a cluster; `heard` settles once their subscription is confirmed (every joiner waits for it). */
  private readonly heardRooms = new Map<string, { channels: string[]; barriers: SharedTurns; heard: Promise<void> }>();

  constructor(
    private readonly bus: RealtimeBus,
    private readonly publisher: RealtimePublisher,
    private readonly snapshots: RealtimeSnapshots,
    private readonly broadcaster: RoomBroadcaster,
    private readonly redis: RedisService,
  ) {}

  /**
   * Starts relaying to `server`; `control` are topics whose messages go to a handler instead of a room, and `live` is
   * told whether they are heard (RealtimeListeners.live).
   */
  async attach(
    server: GatewayServer,
    control: ReadonlyArray<readonly [ControlTopic, (message: string) => void]> = [],
    live?: (live: boolean) => void,
  ): Promise<void> {
    this.server = server;
    this.subscription = this.bus.listen('realtime-relay', {
      message: (room, raw) => this.relay(room, raw),
      control: [...control, [this.barrierTopic, (id) => this.barriers.get(id)?.()]],
      live,
      barriers: true,
    });
    if (this.redis.cluster) server.of('/').adapter.on('delete-room', (room: string) => void this.forgetRoom(room));
    await this.subscription.attempted;
  }

  /** Resolves once every message published before this call (on the room's channel) has reached this process's subscriber. */
  private barrier(channel: RealtimeChannel, key: string): Promise<void> {
    return (this.heardRooms.get(roomName(channel, key))?.barriers ?? this.barriersInTurn).run();
  }

  /** On a cluster: hears the room's sharded channel, and this process's barrier channel of the room's slot. */
  private async hearRoom(channel: RealtimeChannel, key: string): Promise<void> {
    const room = roomName(channel, key);
    const subscription = this.subscription;
    if (!this.redis.cluster || !subscription) return;
    // a second socket joining while the first's subscription is on its way waits for it too: before it is confirmed, a
    // message published to the room, or this process's barrier, could pass the shard unheard
    const already = this.heardRooms.get(room);
    if (already) return already.heard;
    const roomChannel = this.publisher.channelName(channel, key);
    const barrierChannel = `${roomChannel}:barrier:${this.processId}`;
    const barriers = new SharedTurns(() => this.sendBarrier((id) => this.bus.publishBarrier(barrierChannel, id)));
    const heard = subscription.hearSharded([
      [roomChannel, null],
      [barrierChannel, (id) => this.barriers.get(id)?.()],
    ]);
    this.heardRooms.set(room, { channels: [roomChannel, barrierChannel], barriers, heard });
    try {
      await heard;
    } catch (error) {
      this.heardRooms.delete(room);
      throw error;
    }
  }

  /** On a cluster: stops hearing a room no local socket is in or joining. */
  private async forgetRoom(room: string): Promise<void> {
    const heard = this.heardRooms.get(room);
    if (!heard || this.holding.has(room) || this.server?.of('/').adapter.rooms.get(room)?.size) return;
    this.heardRooms.delete(room);
    await this.subscription
      ?.forgetSharded(heard.channels)
      .catch((error: Error) => this.logger.warn(`Could not stop hearing ${room}: ${error.message}`));
  }

  /**
   * Publishes a barrier and waits to hear it back on this process's subscription. Not heard in time, it is the bus
   * that is away or behind (DependencyUnavailableError): the socket is told to retry, as for any outage. The time-out
   * is judged after the loop has read what arrived (withTimeout), so a loop held by a reconnect storm's catch-ups does
   * not refuse a barrier already in the socket; and it times the barrier's own round trip, as barriers go out on a
   * connection of their own (RealtimeBus.publishBarrier), not behind the storm's reads on the command connection. A
   * barrier sent there after its callers' reads were answered still follows them in Redis's order.
   */
  private async sendBarrier(publish: (id: string) => Promise<void>, timeoutMs = 2000): Promise<void> {
    const id = randomUUID();
    const arrived = new Promise<void>((resolve) => this.barriers.set(id, resolve));
    const sent = async () => {
      await (this.subscription?.ready ?? Promise.reject(new Error('Relay not attached')));
      await publish(id);
      await arrived;
    };
    try {
      await withTimeout(sent(), timeoutMs, 'the relay barrier').catch((error: unknown) => {
        throw error instanceof TimedOutError
          ? new DependencyUnavailableError(`Relay barrier not heard within ${timeoutMs} ms`)
          : error;
      });
    } finally {
      this.barriers.delete(id);
    }
  }

  private relay(room: string, raw: string): void {
    if (!this.server) return;
    const message = RelayedMessage.read(raw);
    if (!message) {
      this.logger.error({ msg: 'Unreadable realtime message dropped', room, text: raw.slice(0, 80) });
      return;
    }
    for (const queue of this.holding.get(room) ?? []) queue.push(message);
    this.broadcaster.emit(this.server, room, message);
  }

  /**
   * Joins `socket` to the room after sending what it missed since `from`: the buffered messages in order, or a
   * snapshot when they are gone, when the client's epoch is not the channel's (Redis lost the counter since), or
   * when it claims a seq the channel never reached. With no `from` the socket starts from the channel's current
   * position, read once the socket's queue is in place, so whatever is published after that read is held for it.
   * A socket already in the room (resubscribing to resynchronise) leaves it first, so the catch-up is its only
   * source until it joins again. `mayJoin` is asked before anything is sent and again at the end, so a plan change or
   * an unsubscribe of the room during the catch-up is honoured: nothing more is sent, and the socket does not join (null).
   */
  async catchUpAndJoin(
    socket: GatewaySocket,
    channel: RealtimeChannel,
    key: string,
    from: ResumeFrom | null,
    mayJoin: () => boolean,
  ): Promise<CatchUpResult | null> {
    const room = roomName(channel, key);
    await socket.leave(room);
    const queue: RelayedMessage[] = [];
    const holders = this.holding.get(room) ?? new Set<RelayedMessage[]>();
    holders.add(queue);
    this.holding.set(room, holders);
    try {
      await this.hearRoom(channel, key);
      let sent = from?.lastSeq ?? 0;
      let epoch: string | null = null;
      let replayed = 0;
      let snapshot = false;
      const replay = from === null ? null : await this.publisher.replay(channel, key, from.lastSeq);
      if (!mayJoin()) return null;
      // A client that does not say its epoch is taken at its word (the numbers of the current one).
      const sameEpoch = from === null || from.epoch === null || from.epoch === replay?.epoch;
      if (replay === null) {
        ({ seq: sent, epoch } = await this.publisher.position(channel, key));
      } else if (replay.complete && sent <= replay.lastSeq && sameEpoch) {
        epoch = replay.epoch;
        for (const message of replay.messages) {
          if (message.seq <= sent) continue;
          socket.emit('message', message);
          sent = message.seq;
          replayed++;
        }
      } else {
        const position = await this.publisher.position(channel, key);
        const state = await this.snapshots.load(channel, key, position, new Date().toISOString());
        if (!mayJoin()) return null;
        socket.emit('snapshot', state);
        ({ seq: sent, epoch } = position);
        snapshot = true;
      }
      await this.barrier(channel, key);
      if (!mayJoin()) return null;
      for (const message of queue.sort((a, b) => a.seq - b.seq)) {
        if (message.seq <= sent) continue;
        this.broadcaster.send(socket, message);
        sent = message.seq;
        // The first message of a channel that had none brings its epoch.
        epoch ??= message.envelope.epoch;
        replayed++;
      }
      // Synchronously after the flush: nothing can be published to this socket in between. The Redis adapters add a
      // socket to a room at once (join answers a promise only for an adapter that adds asynchronously).
      void socket.join(room);
      return { seq: sent, epoch, replayed, snapshot };
    } finally {
      holders.delete(queue);
      if (!holders.size) {
        this.holding.delete(room);
        // a socket that did not join (refused, or failed on the way) leaves no reason to hear the room
        void this.forgetRoom(room);
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    this.server = null;
    await subscription?.close();
  }
}
