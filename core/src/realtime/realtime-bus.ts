import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { roomName } from '@oddspulse/shared';
import { parseRealtimeChannel, RealtimeKeys, ShardedControl } from '../redis/redis-keys';
import { type RedisClient, RedisService } from '../redis/redis.service';
import { closeOrForce } from '../util/close-or-force';
import { DependencyUnavailableError } from '../util/dependency-errors';
import { ClusterControlCarrier } from './cluster-control-carrier';

/** A control topic's name parts below the instance prefix (`RedisKeys.planChanged`, `RedisKeys.relayBarrier(id)`). */
export type ControlTopic = readonly string[];

export interface RealtimeListeners {
  /**
   * A message of a realtime channel, by room (`{channel}:{key}`), as published (JSON text, parsed only if needed).
   * Without it the connection subscribes to the control topics alone.
   */
  message?: (room: string, raw: string) => void;
  /** Control topics and their handlers: unsequenced messages between processes, never relayed to browsers. */
  control: ReadonlyArray<readonly [ControlTopic, (message: string) => void]>;
  /**
   * False when the connection is lost (what is published from then on is not heard), true once every subscription is
   * in place again: a listener that keeps what messages invalidate trusts it only in between.
   */
  live?(live: boolean): void;
  /** Whether the listener sends itself barriers (publishBarrier): their connection is opened with it, ready for the first. */
  barriers?: boolean;
}

export interface RealtimeSubscription {
  /** Settles once the subscriptions are in place (a message published before then may not be heard). */
  readonly ready: Promise<void>;
  /** Settles after the first attempt to subscribe, whether it succeeded or is being retried. */
  readonly attempted: Promise<void>;
  /**
   * On a cluster: starts hearing sharded channels (full names), once SSUBSCRIBE is confirmed. A realtime channel's
   * messages go to `message`, any other channel's to its handler. On a single Redis the pattern hears every realtime
   * channel already, and this is not called.
   */
  hearSharded(
    channels: ReadonlyArray<readonly [name: string, handler: ((message: string) => void) | null]>,
  ): Promise<void>;
  /** On a cluster: stops hearing sharded channels. */
  forgetSharded(names: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * Pub/sub between processes on Redis: one connection per listener hears every realtime channel and its control
 * topics, in the order Redis delivers them (so a control message published after a realtime one is heard
 * after it: the relay's barrier relies on it).
 *
 * On a Redis Cluster the realtime channels are sharded (SPUBLISH/SSUBSCRIBE, Redis 7): a room's messages travel
 * through the primary of its slot only, instead of being copied to every node, so the traffic spreads with the rooms.
 * SSUBSCRIBE takes no pattern: the listener hears the rooms it asks for (`hearSharded`). Order holds per shard, so a
 * barrier goes on a sharded channel of the room's own slot. The control topics every server hears whole
 * (`principal-changed`, `plan-changed`) are sharded there too, all in one slot (ShardedControl); the others stay
 * classic: `live-state:changed` goes out in the same transaction or script as the write it announces, so a notice is
 * never lost while its write stands, and a sharded channel in that step would have to be in the write's slot (one per
 * room, each to be heard by every server); a relay's barrier topic is its own. A listener's control subscriptions, both
 * kinds, ride one connection of its own to the control slot's primary (ClusterControlCarrier), whose loss it is told of
 * at once: ioredis's cluster subscribers never tell it. docs/scaling.md weighs it.
 */
@Injectable()
export class RealtimeBus implements OnApplicationShutdown {
  private readonly logger = new Logger(RealtimeBus.name);
  /** The connection barriers go out on (publishBarrier), made on the first. */
  private barriers: RedisClient | null = null;
  /** Shut down: a barrier sent after (a subscribe still in flight) is refused rather than open a connection anew. */
  private closed = false;

  constructor(private readonly redis: RedisService) {}

  async publishControl(topic: ControlTopic, message: string): Promise<void> {
    const { name, sharded } = this.controlChannel(topic);
    if (sharded) await this.redis.client.spublish(name, message);
    else await this.redis.client.publish(name, message);
  }

  /**
   * Publishes a barrier: a message a listener sends itself to learn that it has heard everything published before it
   * (RealtimeRelay), on a control topic, or on a cluster on a sharded channel (a full name) of a room's slot. It goes out
   * on a connection of its own, on which nothing but barriers waits, so a barrier's time-out judges Redis's round trip
   * and not the process's commands queued ahead of it on the command connection: a reconnect storm queues a thousand
   * there at once, and barriers sent behind them were not heard within 2 s while Redis answered all along. A command
   * while that connection is down fails at once, as on the command connection (RedisService).
   */
  async publishBarrier(to: ControlTopic | string, message: string): Promise<void> {
    const connection = this.barrierConnection();
    if (typeof to === 'string') {
      await connection.spublish(to, message);
      return;
    }
    const { name, sharded } = this.controlChannel(to);
    if (sharded) await connection.spublish(name, message);
    else await connection.publish(name, message);
  }

  /**
   * The connection of publishBarrier, opened on the first call (a listener with `barriers` opens it as it starts).
   * After shutdown none is opened: nothing would close it, and the process would not exit.
   */
  private barrierConnection(): RedisClient {
    if (this.closed) throw new DependencyUnavailableError('The realtime bus is shut down: no barrier goes out');
    if (this.barriers) return this.barriers;
    this.barriers = this.redis.connect('barriers', { failFastWhenDown: true });
    return this.barriers;
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    const barriers = this.barriers;
    this.barriers = null;
    if (barriers) await this.quit('barriers', barriers);
  }

  /**
   * ioredis re-subscribes after a reconnect by itself (and this confirms it before telling `live`); a Redis that is down
   * when this opens is retried every 2 s. On a cluster the control topics are carried as ClusterControlCarrier says.
   */
  listen(name: string, listeners: RealtimeListeners): RealtimeSubscription {
    const barriers = listeners.barriers ? firstAttempt(this.barrierConnection()) : null;
    const subscription = this.redis.cluster ? this.listenOnCluster(name, listeners) : this.listenOnOne(name, listeners);
    // A listener that sends itself barriers has their connection's first attempt made before it is attempted: a first
    // barrier sent while it still connects had the connect inside its 2 s, and on a loaded machine a whole turn of
    // subscribes sharing it was refused UNAVAILABLE.
    return barriers
      ? { ...subscription, attempted: Promise.all([subscription.attempted, barriers]).then(() => undefined) }
      : subscription;
  }

  /**
   * QUIT, or the connection dropped when Redis does not answer it in time (closeOrForce): a Redis that stopped
   * answering never answers QUIT, and the shutdown waiting on it never ended.
   */
  private quit(name: string, connection: RedisClient): Promise<void> {
    return closeOrForce(connection.quit(), () => connection.disconnect(), `the quit of Redis (${name})`, this.logger);
  }

  /** A control topic's full channel name, and whether it is sharded (on a cluster, ShardedControl's topics). */
  private controlChannel(topic: ControlTopic): { name: string; sharded: boolean } {
    const sharded = this.redis.cluster && ShardedControl.topics.some((one) => one.join(':') === topic.join(':'));
    return { name: sharded ? this.redis.key(ShardedControl.tag, ...topic) : this.redis.key(...topic), sharded };
  }

  private listenOnOne(name: string, listeners: RealtimeListeners): RealtimeSubscription {
    const connection = this.redis.connect(name);
    const prefix = `${this.redis.prefix}:`;
    const control = new Map(listeners.control.map(([topic, handler]) => [this.redis.key(...topic), handler]));
    const onMessage = listeners.message;
    let closed = false;
    const live = liveState(listeners);
    if (onMessage)
      connection.on('pmessage', (_pattern: string, channel: string, raw: string) => {
        const parsed = channel.startsWith(prefix) ? parseRealtimeChannel(channel.slice(prefix.length)) : null;
        if (parsed) onMessage(roomName(parsed.channel, parsed.key), raw);
      });
    connection.on('message', (channel: string, raw: string) => control.get(channel)?.(raw));
    let subscribing = false;
    const subscribe = async (): Promise<void> => {
      subscribing = true;
      try {
        if (onMessage) await connection.psubscribe(this.redis.key(...RealtimeKeys.pattern()));
        if (control.size) await connection.subscribe(...control.keys());
        subscribing = false;
        if (closed || connection.status !== 'ready') return;
        live.set(true);
      } catch (error) {
        subscribing = false;
        if (closed) return;
        this.logger.error({ msg: `${name} could not subscribe; retrying`, err: error });
        setTimeout(() => void subscribe(), 2000).unref();
      }
    };
    connection.on('close', () => live.set(false));
    // Back after a loss: ioredis has re-sent the subscriptions by now; one more confirms they are in place.
    connection.on('ready', () => {
      if (!live.now && !subscribing) void subscribe();
    });
    const attempted = subscribe();
    const unsupported = () => Promise.reject(new Error('Sharded channels are for a Redis Cluster'));
    return {
      ready: live.ready,
      attempted,
      hearSharded: unsupported,
      forgetSharded: unsupported,
      close: async () => {
        closed = true;
        live.set(false);
        await this.quit(name, connection);
      },
    };
  }

  private listenOnCluster(name: string, listeners: RealtimeListeners): RealtimeSubscription {
    const prefix = `${this.redis.prefix}:`;
    const onMessage = listeners.message;
    const live = liveState(listeners);
    const handlers = new Map<string, (message: string) => void>();
    const channels = { classic: [] as string[], sharded: [] as string[] };
    for (const [topic, handler] of listeners.control) {
      const { name: channel, sharded } = this.controlChannel(topic);
      handlers.set(channel, handler);
      (sharded ? channels.sharded : channels.classic).push(channel);
    }
    const carrier =
      channels.classic.length || channels.sharded.length
        ? new ClusterControlCarrier(
            this.redis,
            name,
            channels,
            (channel, raw) => handlers.get(channel)?.(raw),
            (now) => live.set(now),
          )
        : null;
    // The rooms: the cluster client's sharded subscribers (a subscriber per primary), asked for room by room.
    const rooms = onMessage ? this.redis.connect(`${name}:rooms`, { sharded: true }) : null;
    const roomHandlers = new Map<string, ((message: string) => void) | null>();
    rooms?.on('smessage', (channel: string, raw: string) => {
      const handler = roomHandlers.get(channel);
      if (handler) return handler(raw);
      const parsed =
        handler === null && channel.startsWith(prefix) ? parseRealtimeChannel(channel.slice(prefix.length)) : null;
      if (parsed) onMessage?.(roomName(parsed.channel, parsed.key), raw);
    });
    const withRooms = (): NonNullable<typeof rooms> => {
      if (!rooms) throw new Error(`${name} hears no realtime channels`);
      return rooms;
    };
    if (!carrier) live.set(true);
    const attempted = carrier ? carrier.open() : Promise.resolve();
    return {
      ready: live.ready,
      attempted,
      hearSharded: async (sharded) => {
        const connection = withRooms();
        for (const [channel, handler] of sharded) roomHandlers.set(channel, handler);
        // one SSUBSCRIBE per channel: a command's channels must share a slot
        await Promise.all(sharded.map(([channel]) => connection.ssubscribe(channel)));
      },
      forgetSharded: async (names) => {
        const connection = withRooms();
        for (const channel of names) roomHandlers.delete(channel);
        await Promise.all(names.map((channel) => connection.sunsubscribe(channel)));
      },
      close: async () => {
        live.set(false);
        await carrier?.close();
        if (rooms) await this.quit(`${name}:rooms`, rooms);
      },
    };
  }
}

/** Settles once `connection` is ready or its first attempt has failed (it then goes on retrying by itself). */
function firstAttempt(connection: RedisClient): Promise<void> {
  if (connection.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const settle = () => {
      for (const event of ['ready', 'error', 'end'] as const) connection.off(event, settle);
      resolve();
    };
    for (const event of ['ready', 'error', 'end'] as const) connection.on(event, settle);
  });
}

/** A listener's `live`, told only of changes, and `ready` settled at the first `true`. */
function liveState(listeners: RealtimeListeners) {
  let markReady!: () => void;
  const state = {
    now: false,
    ready: new Promise<void>((resolve) => (markReady = resolve)),
    set(now: boolean) {
      if (now) markReady();
      if (now === state.now) return;
      state.now = now;
      listeners.live?.(now);
    },
  };
  return state;
}
