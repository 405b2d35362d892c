import { MetricsService } from '@oddspulse/core';
import { GatewayStats } from './gateway-stats';
import type { GatewayServer } from './sockets/socket-types';

const server = (rooms: Record<string, string[]>, sockets: number) =>
  ({
    sockets: {
      sockets: { size: sockets },
      adapter: { rooms: new Map(Object.entries(rooms).map(([room, ids]) => [room, new Set(ids)])) },
    },
  }) as unknown as GatewayServer;

// Live sockets per room on the operations page.
describe('GatewayStats', () => {
  it("counts sockets per realtime room, sums the users' own rooms, and leaves socket.io's own rooms out", () => {
    const stats = new GatewayStats(new MetricsService());
    expect(stats.connections()).toBe(0);
    stats.attach(
      server(
        {
          'odds:basketball_nba': ['a', 'b'],
          'ops:overview': ['c'],
          'user:u1': ['a'],
          'user:u2': ['b', 'd'],
          'account:u1': ['a'],
          a: ['a'],
        },
        4,
      ),
    );
    expect(stats.connections()).toBe(4);
    expect(stats.rooms()).toEqual({ 'odds:basketball_nba': 2, 'ops:overview': 1, 'user:*': 3 });
  });

  it('adds up the deliveries of every channel', async () => {
    const metrics = new MetricsService();
    const stats = new GatewayStats(metrics);
    metrics.delivered('odds', 5);
    metrics.delivered('scores', 2);
    metrics.delivered('odds', 1);
    expect(await stats.deliveries()).toBe(8);
  });
});
