import { headlineStats, roundOneDecimal, winRateText } from './stats';
import { computePickStats, type StatsPick } from '../testing/pick-stats.oracle';

const pick = (over: Partial<StatsPick>): StatsPick => ({
  status: 'pending',
  stakeCents: 10_000,
  potentialCents: null,
  actualPayoutCents: null,
  league: 'NFL',
  bookmaker: 'draftkings',
  market: 'Moneyline',
  edge: null,
  clv: null,
  dateAdded: '2026-10-01T12:00:00Z',
  settledAt: null,
  ...over,
});

// spec 002 §3 user stats, §9 rounding; DECISIONS 21 streaks and avgEdge. Figures computed by hand below.
describe('computePickStats', () => {
  const picks: StatsPick[] = [
    pick({ status: 'won', actualPayoutCents: 19_091, edge: 2.5, clv: 1.2, settledAt: '2026-10-02T00:00:00Z' }), // +90.91
    pick({ status: 'won', actualPayoutCents: 25_000, stakeCents: 10_000, edge: 4, settledAt: '2026-10-03T00:00:00Z' }), // +150
    pick({
      status: 'lost',
      actualPayoutCents: 0,
      stakeCents: 5_000,
      league: 'NBA',
      bookmaker: 'fanduel',
      market: 'Point Spread',
      settledAt: '2026-10-04T00:00:00Z',
    }), // -50
    pick({ status: 'push', actualPayoutCents: 2_000, stakeCents: 2_000, settledAt: '2026-10-05T00:00:00Z' }), // 0, skipped in streaks
    pick({
      status: 'lost',
      actualPayoutCents: 0,
      stakeCents: 10_000,
      dateAdded: '2026-11-02T00:00:00Z',
      settledAt: '2026-11-03T00:00:00Z',
      clv: -0.5,
    }), // -100
    pick({ status: 'pending', stakeCents: 7_500, dateAdded: '2026-11-04T00:00:00Z', edge: 1 }),
  ];
  const stats = computePickStats(picks);

  it('counts and sums settled money in cents', () => {
    expect(stats).toMatchObject({ totalBets: 6, wonBets: 2, lostBets: 2, pushBets: 1, pendingBets: 1 });
    expect(stats.totalStakedCents).toBe(37_000); // 100 + 100 + 50 + 20 + 100
    expect(stats.pendingStakedCents).toBe(7_500); // the pending $75, apart
    expect(stats.totalReturnsCents).toBe(46_091); // 190.91 + 250 + 0 + 20 + 0
    expect(stats.netProfitCents).toBe(9_091);
  });

  it('win rate excludes pushes; ROI is profit over settled stakes; both to one decimal', () => {
    expect(stats.winRate).toBe(50); // 2 of 4 decided
    expect(stats.roi).toBe(24.6); // 90.91 / 370 = 24.57%
  });

  it('avgEdge and avgClv average only the picks that carry one', () => {
    expect(stats.avgEdge).toBe(2.5); // (2.5 + 4 + 1) / 3
    expect(stats.avgClv).toBe(0.4); // (1.2 − 0.5) / 2 = 0.35 → 0.4
  });

  it('beat-the-close rate: the share of the picks with a CLV whose CLV is above nothing', () => {
    expect(stats.beatCloseRate).toBe(50); // 1.2 beat it, −0.5 did not
    expect(computePickStats([pick({ status: 'won', clv: 0 })]).beatCloseRate).toBe(0);
  });

  it('streaks: current run ends at the latest settled pick with pushes skipped; best is the longest win run', () => {
    expect(stats.bestStreak).toBe(2);
    expect(stats.currentStreak).toBe(2); // lost (Oct 4), push skipped, lost (Nov 3)
    expect(stats.streakType).toBe('loss');
  });

  it('breaks down by month and by league', () => {
    expect(stats.monthlyStats['2026-10']).toEqual({
      bets: 4,
      won: 2,
      lost: 1,
      push: 1,
      stakedCents: 27_000,
      returnsCents: 46_091,
      profitCents: 19_091,
    });
    expect(stats.monthlyStats['2026-11']).toEqual({
      bets: 2,
      won: 0,
      lost: 1,
      push: 0,
      stakedCents: 10_000,
      returnsCents: 0,
      profitCents: -10_000,
    });
    expect(stats.sportStats.NBA).toMatchObject({ bets: 1, lost: 1, winRate: 0 });
    expect(stats.sportStats.NFL.winRate).toBe(66.7); // 2 of 3
  });

  it('breaks down by book and by market', () => {
    expect(stats.bookStats.fanduel).toEqual({
      bets: 1,
      won: 0,
      lost: 1,
      push: 0,
      stakedCents: 5_000,
      returnsCents: 0,
      profitCents: -5_000,
      winRate: 0,
    });
    expect(stats.bookStats.draftkings).toMatchObject({ bets: 5, won: 2, lost: 1, push: 1, winRate: 66.7 });
    expect(Object.keys(stats.marketStats).sort()).toEqual(['Moneyline', 'Point Spread']);
    expect(stats.marketStats['Point Spread']).toMatchObject({ bets: 1, lost: 1 });
    expect(computePickStats([pick({ bookmaker: null, market: '' })]).bookStats).toHaveProperty('Other');
  });

  it("keeps a league, book or market named as an object's own property (__proto__, constructor) as its own bucket", () => {
    const named = computePickStats([
      pick({
        status: 'won',
        actualPayoutCents: 20_000,
        league: '__proto__',
        bookmaker: 'constructor',
        market: 'toString',
      }),
    ]);
    const bucket = {
      bets: 1,
      won: 1,
      lost: 0,
      push: 0,
      stakedCents: 10_000,
      returnsCents: 20_000,
      profitCents: 10_000,
    };
    expect(Object.getOwnPropertyDescriptor(named.sportStats, '__proto__')?.value).toEqual({ ...bucket, winRate: 100 });
    expect(Object.getOwnPropertyDescriptor(named.bookStats, 'constructor')?.value).toEqual({ ...bucket, winRate: 100 });
    expect(Object.getOwnPropertyDescriptor(named.marketStats, 'toString')?.value).toEqual({ ...bucket, winRate: 100 });
    expect(JSON.parse(JSON.stringify(named.sportStats))).toEqual({ ['__proto__']: { ...bucket, winRate: 100 } });
    expect(Object.prototype).not.toHaveProperty('bets');
  });

  it('is all zeros and nulls with no picks', () => {
    expect(computePickStats([])).toMatchObject({
      totalBets: 0,
      winRate: 0,
      roi: 0,
      avgEdge: null,
      beatCloseRate: null,
      bookStats: {},
      marketStats: {},
      bestStreak: 0,
      currentStreak: 0,
      streakType: null,
    });
  });

  it('rounds half away from zero', () => {
    expect(roundOneDecimal(24.55)).toBe(24.6);
    expect(roundOneDecimal(-0.35)).toBe(-0.4);
  });
});

// Empty statistics show "—", never "0.0%"; the dashboard and /picks read the same headline figures
describe('headlineStats', () => {
  it('shows "—" for win rate, ROI, edge and CLV with nothing settled', () => {
    expect(headlineStats(computePickStats([]))).toEqual({
      winRate: '—',
      roi: '—',
      avgEdge: '—',
      avgClv: '—',
      totalBets: '0',
    });
    const pendingOnly = computePickStats([pick({ status: 'pending', stakeCents: 1_000 })]);
    expect(headlineStats(pendingOnly)).toMatchObject({ winRate: '—', roi: '—', totalBets: '1' });
  });

  it('shows a real 0.0% once there is something to measure', () => {
    const lost = computePickStats([
      pick({ status: 'lost', actualPayoutCents: 0, stakeCents: 1_000, settledAt: '2026-10-02T00:00:00Z' }),
    ]);
    expect(headlineStats(lost)).toMatchObject({ winRate: '0.0%', roi: '-100.0%' });
    const push = computePickStats([
      pick({ status: 'push', actualPayoutCents: 1_000, stakeCents: 1_000, settledAt: '2026-10-02T00:00:00Z' }),
    ]);
    expect(headlineStats(push)).toMatchObject({ winRate: '—', roi: '0.0%' });
  });

  it('formats the figures to one decimal', () => {
    const picks: StatsPick[] = [
      pick({ status: 'won', actualPayoutCents: 19_091, edge: 2.5, clv: 1.2, settledAt: '2026-10-02T00:00:00Z' }),
      pick({ status: 'lost', actualPayoutCents: 0, stakeCents: 5_000, settledAt: '2026-10-04T00:00:00Z' }),
    ];
    expect(headlineStats(computePickStats(picks))).toEqual({
      winRate: '50.0%',
      roi: '27.3%',
      avgEdge: '2.5%',
      avgClv: '1.2%',
      totalBets: '2',
    });
    expect(winRateText({ won: 0, lost: 0, winRate: 0 })).toBe('—');
  });
});
