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
  message?(room: string, raw: string): void;
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
  close(): Promise<void>;
}

/**
 * Pub/sub between processes on Redis: one connection per listener hears every realtime channel and its control
 * topics, in the order Redis delivers them (so a control message published after a realtime one is heard
 * after it: the relay's barrier relies on it).
 */
@Injectable()
export class RealtimeBus {
  private readonly logger = new Logger(RealtimeBus.name);

  constructor(private readonly redis: RedisService) {}

  async publishControl(topic: ControlTopic, message: string): Promise<void> {
    await this.redis.client.publish(this.redis.key(...topic), message);
  }

  /**
   * ioredis re-subscribes after a reconnect by itself (and this confirms it before telling `live`); a Redis that is down
   * when this opens is retried every 2 s.
   */
  listen(name: string, listeners: RealtimeListeners): RealtimeSubscription {
    const connection = this.redis.connect(name);
    const prefix = `${this.redis.prefix}:`;
    const control = new Map(listeners.control.map(([topic, handler]) => [this.redis.key(...topic), handler]));
    const onMessage = listeners.message;
    let closed = false;
    let live = false;
    const setLive = (now: boolean) => {
      if (now === live) return;
      live = now;
      listeners.live?.(now);
    };
    if (onMessage) {
      connection.on('pmessage', (_pattern: string, channel: string, raw: string) => {
        const parsed = channel.startsWith(prefix) ? parseRealtimeChannel(channel.slice(prefix.length)) : null;
        if (parsed) onMessage(roomName(parsed.channel, parsed.key), raw);
      });
    }
    connection.on('message', (channel: string, raw: string) => control.get(channel)?.(raw));
    let markReady!: () => void;
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    let subscribing = false;
    const subscribe = async (): Promise<void> => {
      subscribing = true;
      try {
        if (onMessage) await connection.psubscribe(this.redis.key(...RealtimeKeys.pattern()));
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
      close: async () => {
        closed = true;
        setLive(false);
        await connection.quit().catch((error: Error) => this.logger.warn(`${name} connection quit failed: ${error.message}`));
      },
    };
  }
}
