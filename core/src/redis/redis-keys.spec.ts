import calculateSlot from 'cluster-key-slot';
import { parseRealtimeChannel, RealtimeKeys, RedisKeys } from './redis-keys';

const key = (parts: readonly string[]) => ['oddspulse', ...parts].join(':');
const slotsOf = (...keys: Array<readonly string[]>) => new Set(keys.map((parts) => calculateSlot(key(parts))));

// A Redis Cluster refuses a command, transaction or script whose keys are in several slots (CROSSSLOT): the keys
// each one touches together must share a hash tag (docs/scaling.md).
describe('the key map on a Redis Cluster', () => {
  const NBA = 'basketball_nba';

  it("keeps a board's room together: counter, epoch, buffer, channel, board (by market, and whole as stored before), stamp and outbox (the publish script)", () => {
    for (const kind of ['odds', 'props'] as const)
      expect(
        slotsOf(
          RealtimeKeys.sequence(kind, NBA),
          RealtimeKeys.epoch(kind, NBA),
          RealtimeKeys.numberedBy(kind, NBA),
          RealtimeKeys.buffer(kind, NBA),
          RealtimeKeys.channel(kind, NBA),
          RedisKeys.boardMarkets(kind, NBA),
          RedisKeys.board(kind, NBA),
          RedisKeys.boardFreshness(kind, NBA),
          RedisKeys.oddsHistoryOutbox(kind, NBA),
        ).size,
      ).toBe(1);
  });

  it("keeps a scoreboard with its revision, a sport's opportunities with theirs and their alerts outbox, a day's statistics and the credit state together", () => {
    expect(slotsOf(RedisKeys.scoreboard(NBA), RedisKeys.scoreboardRevision(NBA)).size).toBe(1);
    for (const kind of ['ev', 'arbitrage', 'middles'] as const)
      expect(
        slotsOf(
          RedisKeys.opportunities(kind, NBA),
          RedisKeys.opportunitiesRevision(kind, NBA),
          RedisKeys.alertsOutbox(kind, NBA),
        ).size,
      ).toBe(1);
    expect(
      slotsOf(RedisKeys.opportunitiesFoundDaily('2026-03-01'), RedisKeys.opportunitiesSeenDaily('2026-03-01', 'ev'))
        .size,
    ).toBe(1);
    expect(
      slotsOf(RedisKeys.oddsApiCredits, RedisKeys.oddsApiCreditsBySport, RedisKeys.oddsApiCreditSamples).size,
    ).toBe(1);
    expect(slotsOf(RedisKeys.oddsPlanned, RedisKeys.oddsHeld).size).toBe(1);
  });

  it("keeps a sport's steam room together: its channel, active alerts, record outbox and alerts outbox (the publish script)", () => {
    expect(
      slotsOf(
        RealtimeKeys.sequence('steam', NBA),
        RealtimeKeys.buffer('steam', NBA),
        RealtimeKeys.channel('steam', NBA),
        RedisKeys.steamAlerts(NBA),
        RedisKeys.steamRecordOutbox(NBA),
        RedisKeys.alertsOutbox('steam', NBA),
      ).size,
    ).toBe(1);
  });

  it("spreads the rooms: each sport's board is a slot of its own, not one slot for all", () => {
    const sports = [
      'americanfootball_nfl',
      'americanfootball_ncaaf',
      'basketball_nba',
      'basketball_ncaab',
      'icehockey_nhl',
      'baseball_mlb',
    ];
    expect(slotsOf(...sports.map((sport) => RedisKeys.board('odds', sport))).size).toBe(sports.length);
  });

  it('reads a tagged channel name back into its room', () => {
    expect(parseRealtimeChannel(RealtimeKeys.channel('odds', NBA).join(':'))).toEqual({ channel: 'odds', key: NBA });
    expect(parseRealtimeChannel(RealtimeKeys.sequence('odds', NBA).join(':'))).toBeNull();
    expect(parseRealtimeChannel('rt:{nope:x}')).toBeNull();
  });
});
