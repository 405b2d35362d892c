import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { channelAccess, RealtimeChannel, type PlanAccess, type RealtimeChannel as Channel } from '@oddspulse/shared';
import {
  APP_CONFIG,
  type AppConfig,
  RealtimeBus,
  RealtimePublisher,
  RedisKeys,
  RedisService,
  type RealtimeSubscription,
} from '@oddspulse/core';

/** The feeds the opportunities resource is read from: a message on one of them may change what it says. */
export const OPPORTUNITY_CHANNELS: readonly Channel[] = [
  RealtimeChannel.Ev,
  RealtimeChannel.Arbitrage,
  RealtimeChannel.Middles,
];

/** A listening stream: whose it is, what its key's plan may see, and what to do when a feed it may see moved. */
export interface OpportunityListener {
  userId: string;
  access: () => PlanAccess;
  moved: (channel: Channel) => void;
  /**
   * Checks the stream's key and plan again now: its user's principal changed (a key revoked or rotated, a plan
   * changed), or the announcements were not heard for a while and one may have been missed.
   */
  recheck: () => void;
  /** Ends the stream: the server is shutting down, and an open stream would hold its HTTP server open. */
  close: () => void;
}

/**
 * Tells this process's open MCP streams that the opportunities moved: one subscription to the opportunity feeds for
 * the whole process (opened with the first stream, closed with the last), each message passed to the streams whose
 * key's plan may see its feed — the same channel rule the socket applies (channelAccess), so a stream never hears of
 * a feed REST would refuse. It relays; the stream decides whether its session subscribed.
 *
 * The same subscription hears `accounts:principal-changed`, as the socket gateway does (docs/security.md "Sockets are
 * bound to their credentials"): a key revoked or rotated, or a plan changed, on any process, has that user's streams
 * re-check their key at once rather than at their next periodic check; after the bus was lost, every stream does.
 */
@Injectable()
export class McpNotifierService implements OnModuleDestroy {
  private readonly listeners = new Set<OpportunityListener>();
  private subscription: RealtimeSubscription | null = null;

  constructor(
    private readonly bus: RealtimeBus,
    private readonly publisher: RealtimePublisher,
    private readonly redis: RedisService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Starts telling `listener`; the returned function stops. Resolves once the feeds are heard. */
  async listen(listener: OpportunityListener): Promise<() => void> {
    this.listeners.add(listener);
    const subscription = this.subscription ?? this.open();
    await subscription.ready;
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) void this.close();
    };
  }

  private open(): RealtimeSubscription {
    let lost = false;
    const subscription = this.bus.listen('mcp-notifier', {
      message: (room) => {
        const channel = room.slice(0, room.indexOf(':')) as Channel;
        if (!OPPORTUNITY_CHANNELS.includes(channel)) return;
        for (const listener of this.listeners)
          if (channelAccess(listener.access(), channel).allowed) listener.moved(channel);
      },
      control: [
        [
          RedisKeys.principalChanged,
          (userId) => {
            for (const listener of this.listeners) if (listener.userId === userId) listener.recheck();
          },
        ],
      ],
      live: (live) => {
        if (!live) {
          lost = true;
          return;
        }
        if (!lost) return;
        lost = false;
        for (const listener of this.listeners) listener.recheck();
      },
    });
    // On a cluster the feeds are sharded channels, heard by name: each feed's room of every sport polled, the sports
    // the scanners answer for (a deployment's FEED_SPORTS may go past the core ones)
    if (this.redis.cluster)
      void subscription.hearSharded(
        OPPORTUNITY_CHANNELS.flatMap((channel) =>
          this.config.FEED_SPORTS.map((sport) => [this.publisher.channelName(channel, sport), null] as const),
        ),
      );
    this.subscription = subscription;
    return subscription;
  }

  private async close(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.close();
  }

  async onModuleDestroy(): Promise<void> {
    for (const listener of [...this.listeners]) listener.close();
    this.listeners.clear();
    await this.close();
  }
}
