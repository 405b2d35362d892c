import type { UserPick } from '@oddspulse/shared';
import { clvChartData, clvSummary, edgeRange, oddsBand, performanceBy, roiChartData, roiSeries } from './analytics';

const pick = (over: Partial<UserPick>): UserPick =>
  ({
    id: 'p',
    game: 'A @ B',
    league: 'NFL',
    sport: 'americanfootball_nfl',
    market: 'Moneyline',
    selection: 'B',
    odds: '+100',
    bookmaker: 'DraftKings',
    stakeCents: 1000,
    potentialCents: 2000,
    actualPayoutCents: null,
    status: 'pending',
    type: 'single',
    edge: null,
    note: null,
    dateAdded: '2026-11-20T12:00:00Z',
    settledDate: null,
    clv: null,
    closingOdds: null,
    ...over,
  }) as UserPick;

// /analytics for Platinum: ROI and profit by sport, book, market, odds band and edge; CLV and its beat rate
describe('analytics', () => {
  it('bands odds and edges', () => {
    expect(oddsBand('-250')).toBe('−200 or shorter');
    expect(oddsBand('-150')).toBe('−199 to −121');
    expect(oddsBand('-110')).toBe('−120 to +120');
    expect(oddsBand('+200')).toBe('+121 to +250');
    expect(oddsBand('+400')).toBe('Longer than +250');
    expect(oddsBand('evens')).toBe('Unknown odds');
    expect(edgeRange(null)).toBe('No edge recorded');
    expect(edgeRange(-1)).toBe('Below 0%');
    expect(edgeRange(1.5)).toBe('0–2%');
    expect(edgeRange(3)).toBe('2–5%');
    expect(edgeRange(5)).toBe('5% or more');
  });

  it('adds up settled, staked picks per group: profit, ROI and win rate without pushes', () => {
    const picks = [
      pick({ status: 'won', actualPayoutCents: 2000 }),
      pick({ status: 'lost', actualPayoutCents: 0 }),
      pick({ status: 'push', actualPayoutCents: 1000 }),
      pick({ status: 'won', actualPayoutCents: 3000, league: 'NBA', stakeCents: 1000 }),
      pick({ status: 'pending' }),
      pick({ status: 'won', stakeCents: 0, actualPayoutCents: 0 }),
    ];
    expect(performanceBy(picks, 'sport')).toEqual([
      { key: 'NFL', bets: 3, stakedCents: 3000, profitCents: 0, roiPct: 0, winRatePct: 50 },
      { key: 'NBA', bets: 1, stakedCents: 1000, profitCents: 2000, roiPct: 200, winRatePct: 100 },
    ]);
  });

  it('groups a book by its name whether a pick stored its key or its name', () => {
    const picks = [
      pick({ status: 'won', actualPayoutCents: 2000, bookmaker: 'draftkings' }),
      pick({ status: 'lost', actualPayoutCents: 0, bookmaker: 'DraftKings' }),
      pick({ status: 'lost', actualPayoutCents: 0, bookmaker: 'williamhill_us' }),
    ];
    expect(performanceBy(picks, 'book').map((row) => [row.key, row.bets])).toEqual([
      ['DraftKings', 2],
      ['Caesars', 1],
    ]);
  });

  it('gives the mean CLV, the share that beat the close, and a daily series', () => {
    const summary = clvSummary([
      pick({ clv: 2, dateAdded: '2026-11-21T10:00:00Z' }),
      pick({ clv: -1, dateAdded: '2026-11-20T10:00:00Z' }),
      pick({ clv: 3, dateAdded: '2026-11-21T18:00:00Z' }),
      pick({ clv: null }),
    ]);
    expect(summary).toEqual({
      picks: 3,
      meanClvPct: 4 / 3,
      beatRatePct: (2 / 3) * 100,
      series: [
        { day: '2026-11-20', meanClvPct: -1, picks: 1 },
        { day: '2026-11-21', meanClvPct: 2.5, picks: 2 },
      ],
    });
    expect(clvSummary([])).toEqual({ picks: 0, meanClvPct: null, beatRatePct: null, series: [] });
  });
});

describe('the CLV chart’s data', () => {
  it('puts each day at its UTC midnight in epoch seconds with its mean CLV', () => {
    const series = [
      { day: '2026-11-01', meanClvPct: 1.5, picks: 2 },
      { day: '2026-11-03', meanClvPct: -0.5, picks: 1 },
    ];
    expect(clvChartData(series)).toEqual({
      times: [Date.UTC(2026, 10, 1) / 1000, Date.UTC(2026, 10, 3) / 1000],
      means: [1.5, -0.5],
    });
  });

  it('follows ROI over time: profit so far over stake so far at each settlement, pending and unstaked picks left out', () => {
    const series = roiSeries([
      pick({ id: 'b', status: 'lost', stakeCents: 1000, settledDate: '2026-11-21T10:00:00Z' }),
      pick({ id: 'a', status: 'won', stakeCents: 1000, potentialCents: 2000, settledDate: '2026-11-20T10:00:00Z' }),
      pick({ id: 'c', status: 'pending', stakeCents: 5000 }),
      pick({ id: 'd', status: 'won', stakeCents: 0, potentialCents: 0, settledDate: '2026-11-22T10:00:00Z' }),
      pick({ id: 'e', status: 'won', stakeCents: 2000, potentialCents: 5000, settledDate: '2026-11-23T10:00:00Z' }),
    ]);
    expect(series.map((p) => [p.bets, p.stakedCents, p.profitCents, p.roiPct])).toEqual([
      [1, 1000, 1000, 100],
      [2, 2000, 0, 0],
      [3, 4000, 3000, 75],
    ]);
    expect(roiChartData(series).times).toEqual([
      Date.parse('2026-11-20T10:00:00Z') / 1000,
      Date.parse('2026-11-21T10:00:00Z') / 1000,
      Date.parse('2026-11-23T10:00:00Z') / 1000,
    ]);
  });

  // A new user's first picks validated together share one instant: one point, the ROI after them all
  it('draws the picks settled in one instant as one point', () => {
    const series = roiSeries([
      pick({ id: 'a', status: 'won', stakeCents: 1000, potentialCents: 2000, settledDate: '2026-11-20T10:00:00.000Z' }),
      pick({ id: 'b', status: 'lost', stakeCents: 1000, settledDate: '2026-11-20T10:00:00.050Z' }),
    ]);
    const data = roiChartData(series);
    expect(data.times).toEqual([Date.parse('2026-11-20T10:00:00Z') / 1000]);
    expect(data.rois).toEqual([0]);
    expect(data.points).toEqual([series[1]]);
  });
});
