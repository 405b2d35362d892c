import type { ControlTopic, RealtimeBus, RealtimeSubscription } from '@oddspulse/core';
import type { BusCache } from './bus-cache';

/**
 * The BusCaches one control topic keeps: each of its messages drops the tag it names in every one, and every one is
 * trusted exactly while the topic is heard (BusCache). A process that changes the data itself drops the tag at once
 * (`invalidate`) rather than waiting to hear its own message.
 */
export class BusCaches {
  private subscription: RealtimeSubscription | null = null;

  constructor(private readonly caches: ReadonlyArray<BusCache<unknown>>) {}

  /** Hears `topic` on the bus as `name`; `heard` runs for each message once its tag is dropped everywhere. */
  listen(bus: RealtimeBus, name: string, topic: ControlTopic, heard?: (tag: string) => void): void {
    this.subscription = bus.listen(name, {
      control: [
        [
          topic,
          (tag) => {
            this.invalidate(tag);
            heard?.(tag);
          },
        ],
      ],
      live: (live) => {
        for (const cache of this.caches) cache.setLive(live);
      },
    });
  }

  /** Whether the topic is heard now: only then is anything served from memory. */
  get hearing(): boolean {
    return this.caches.every((cache) => cache.isLive);
  }

  invalidate(tag: string): void {
    for (const cache of this.caches) cache.invalidate(tag);
  }

  async close(): Promise<void> {
    await this.subscription?.close();
  }
}
