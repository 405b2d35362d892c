import { RealtimeChannel } from '@oddspulse/shared';
import type { AppConfig, RealtimeBus, RealtimePublisher, RealtimeSubscription, RedisService } from '@oddspulse/core';
import { McpNotifierService } from './mcp-notifier.service';

/** The notifier on a cluster, with a bus that records the sharded channels it is asked to hear. */
function onCluster(feedSports: string[]) {
  const heard: string[] = [];
  const subscription = {
    ready: Promise.resolve(),
    attempted: Promise.resolve(),
    hearSharded: async (channels: ReadonlyArray<readonly [string, unknown]>) => {
      heard.push(...channels.map(([name]) => name));
    },
    forgetSharded: async () => undefined,
    close: async () => undefined,
  } as RealtimeSubscription;
  const bus = { listen: () => subscription } as unknown as RealtimeBus;
  const publisher = { channelName: (channel: string, sport: string) => `${channel}:${sport}` } as RealtimePublisher;
  const redis = { cluster: {} } as unknown as RedisService;
  const notifier = new McpNotifierService(bus, publisher, redis, { FEED_SPORTS: feedSports } as AppConfig);
  return { notifier, heard };
}

describe('McpNotifierService on a Redis Cluster', () => {
  it('hears every opportunity feed of every sport polled, a sport past the core ones included', async () => {
    const { notifier, heard } = onCluster(['basketball_nba', 'soccer_epl']);
    const stop = await notifier.listen({
      userId: 'u1',
      access: () => ({}) as never,
      moved: () => undefined,
      recheck: () => undefined,
      close: () => undefined,
    });
    expect(heard.sort()).toEqual(
      [RealtimeChannel.Ev, RealtimeChannel.Arbitrage, RealtimeChannel.Middles]
        .flatMap((channel) => [`${channel}:basketball_nba`, `${channel}:soccer_epl`])
        .sort(),
    );
    stop();
  });
});
