import { Injectable, Logger } from '@nestjs/common';
import { roomName } from '@oddspulse/shared';
import { parseRealtimeChannel, RealtimeKeys } from '../redis/redis-keys';
import { RedisService } from '../redis/redis.service';

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
 * barrier goes on a sharded channel of the room's own slot. Control topics stay on classic channels there:
 * `live-state:changed` goes out in the same transaction or script as the write it announces, so a notice is never lost
 * while its write stands, and a sharded channel in that step would have to be in the write's slot (one per room, each
 * to be heard by every server); the others carry one short text per change (docs/scaling.md weighs it).
 */
@Injectable()
export class RealtimeBus {
  private readonly logger = new Logger(RealtimeBus.name);

  constructor(private readonly redis: RedisService) {}

  async publishControl(topic: ControlTopic, message: string): Promise<void> {
    await this.redis.client.publish(this.redis.key(...topic), message);
  }

  /** Publishes on a sharded channel (a full name), on a cluster only. */
  async publishSharded(channel: string, message: string): Promise<void> {
    await this.redis.client.spublish(channel, message);
  }

  /**
   * ioredis re-subscribes after a reconnect by itself (and this confirms it before telling `live`); a Redis that is down
   * when this opens is retried every 2 s.
   */
  listen(name: string, listeners: RealtimeListeners): RealtimeSubscription {
    const sharded = this.redis.cluster;
    const connection = this.redis.connect(name, { sharded });
    const prefix = `${this.redis.prefix}:`;
    const shardedHandlers = new Map<string, ((message: string) => void) | null>();
    const control = new Map(listeners.control.map(([topic, handler]) => [this.redis.key(...topic), handler]));
    const onMessage = listeners.message;
    let closed = false;
    let live = false;
    const setLive = (now: boolean) => {
      if (now === live) return;
      live = now;
      listeners.live?.(now);
    };
    const relay = (channel: string, raw: string) => {
      const parsed =
        onMessage && channel.startsWith(prefix) ? parseRealtimeChannel(channel.slice(prefix.length)) : null;
      if (parsed) onMessage?.(roomName(parsed.channel, parsed.key), raw);
    };
    if (onMessage && !sharded)
      connection.on('pmessage', (_pattern: string, channel: string, raw: string) => relay(channel, raw));
    if (sharded) {
      connection.on('smessage', (channel: string, raw: string) => {
        const handler = shardedHandlers.get(channel);
        if (handler) handler(raw);
        else if (handler === null) relay(channel, raw);
      });
    }
    connection.on('message', (channel: string, raw: string) => control.get(channel)?.(raw));
    let markReady!: () => void;
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    let subscribing = false;
    const subscribe = async (): Promise<void> => {
      subscribing = true;
      try {
        if (onMessage && !sharded) await connection.psubscribe(this.redis.key(...RealtimeKeys.pattern()));
        if (control.size) await connection.subscribe(...control.keys());
        subscribing = false;
        if (closed || connection.status !== 'ready') return;
        markReady();
        setLive(true);
      } catch (error) {
        subscribing = false;
        if (closed) return;
        this.logger.error({ msg: `${name} could not subscribe; retrying`, err: error });
        setTimeout(() => void subscribe(), 2000).unref();
      }
    };
    connection.on('close', () => setLive(false));
    // Back after a loss: ioredis has re-sent the subscriptions by now; one more confirms they are in place.
    connection.on('ready', () => {
      if (!live && !subscribing) void subscribe();
    });
    const attempted = subscribe();
    return {
      ready,
      attempted,
      hearSharded: async (channels) => {
        for (const [channel, handler] of channels) shardedHandlers.set(channel, handler);
        // one SSUBSCRIBE per channel: a command's channels must share a slot
        await Promise.all(channels.map(([channel]) => connection.ssubscribe(channel)));
      },
      forgetSharded: async (names) => {
        for (const channel of names) shardedHandlers.delete(channel);
        await Promise.all(names.map((channel) => connection.sunsubscribe(channel)));
      },
      close: async () => {
        closed = true;
        setLive(false);
        await connection
          .quit()
          .catch((error: Error) => this.logger.warn(`${name} connection quit failed: ${error.message}`));
      },
    };
  }
}
