import { parseConfig, type LiveStateRepository, type OpportunityCountersRepository } from '@oddspulse/core';
import { LANDING_STATS_CACHE_MS, LandingStatsService } from './landing-stats.service';

// DECISIONS 17 landing figures: read live, but at most once per cache period per process.
describe('LandingStatsService', () => {
  const noon = Date.parse('2026-03-01T12:00:00Z');
  let now: number;
  let boards: jest.Mocked<Pick<LiveStateRepository, 'boards'>>;
  let counters: jest.Mocked<Pick<OpportunityCountersRepository, 'day'>>;
  let service: LandingStatsService;

  beforeEach(() => {
    now = noon;
    boards = { boards: jest.fn().mockResolvedValue([]) };
    counters = { day: jest.fn().mockResolvedValue({ 'ev:found': '2', 'ev:edge_bp_sum': '300', 'ev:edge_n': '2' }) };
    service = new LandingStatsService(boards as never, counters as never, parseConfig({}), () => now);
  });

  it("reads today's counters and shares one read between concurrent requests", async () => {
    const [a, b] = await Promise.all([service.stats(), service.stats()]);
    expect(a).toBe(b);
    expect(counters.day).toHaveBeenCalledTimes(1);
    expect(counters.day).toHaveBeenCalledWith('2026-03-01');
    expect(a).toMatchObject({
      day: '2026-03-01',
      opportunities_today: { total: 2, ev: 2 },
      average_edge_pct_today: 1.5,
      as_of: '2026-03-01T12:00:00.000Z',
    });
  });

  it('serves the reading until the cache period ends', async () => {
    await service.stats();
    now = noon + LANDING_STATS_CACHE_MS - 1;
    await service.stats();
    expect(counters.day).toHaveBeenCalledTimes(1);
    now = noon + LANDING_STATS_CACHE_MS;
    await service.stats();
    expect(counters.day).toHaveBeenCalledTimes(2);
  });

  it('reads afresh when the UTC day turns, so yesterday is never shown as today', async () => {
    now = Date.parse('2026-03-01T23:59:59Z');
    await service.stats();
    now = Date.parse('2026-03-02T00:00:01Z');
    expect((await service.stats()).day).toBe('2026-03-02');
    expect(counters.day).toHaveBeenLastCalledWith('2026-03-02');
  });

  it('keeps no failed read: the next request tries again', async () => {
    counters.day.mockRejectedValueOnce(new Error('Connection is closed.'));
    await expect(service.stats()).rejects.toThrow('Connection is closed.');
    await expect(service.stats()).resolves.toMatchObject({ opportunities_today: { total: 2 } });
  });
});
