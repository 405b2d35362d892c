import type { ArbitrageOpportunity, MiddleOpportunity, OpportunityUpdate } from '@oddspulse/shared';
import { notificationsFor, NOTIFY_DEFAULTS, parseNotifySettings, serialiseNotifySettings } from './scanner-notify';
import { SCANNER_DEFAULTS } from './scanner-settings';

const leg = (book: string, outcome: string, decimal: number, point?: number) => ({
  book,
  bookTitle: book,
  market: point === undefined ? 'h2h' : 'totals',
  outcome,
  ...(point === undefined ? {} : { point }),
  price: 100,
  decimal,
  impliedProb: 1 / decimal,
  commission: 0,
  stake: 50,
  payout: 50 * decimal,
  lastUpdate: '2030-01-01T12:00:00Z',
  ageSeconds: 0,
});

const base = {
  eventId: 'e1',
  sport: 'basketball_nba',
  sportTitle: 'NBA',
  game: 'Away @ Home',
  homeTeam: 'Home',
  awayTeam: 'Away',
  commenceTime: '2030-01-01T13:00:00Z',
  flags: [],
  ageSeconds: 0,
  timeFound: '2030-01-01T12:00:00Z',
  expiresIn: 1800,
};

const arb = (id: string, profitPct: number): ArbitrageOpportunity => ({
  ...base,
  id,
  market: 'h2h',
  type: 'arbitrage',
  kind: 'two_way',
  profitPct,
  stakedProfitPct: 1,
  profitAmount: 1,
  totalStake: 100,
  totalImpliedProb: 0.98,
  legs: [leg('draftkings', 'Home', 2.08), leg('fanduel', 'Away', 2.0)],
});

const middle = (
  id: string,
  probability: number,
  books: [string, string] = ['draftkings', 'fanduel'],
): MiddleOpportunity => ({
  ...base,
  id,
  market: 'totals',
  type: 'middle',
  gap: 4,
  middleRange: { low: 218.5, high: 222.5 },
  probability,
  totalStake: 100,
  maxProfit: 90,
  worstCase: -5,
  legs: [leg(books[0], 'Over', 1.95, 218.5), leg(books[1], 'Under', 1.95, 222.5)],
});

const update = (
  action: OpportunityUpdate['action'],
  opportunity: ArbitrageOpportunity | MiddleOpportunity,
): OpportunityUpdate<ArbitrageOpportunity | MiddleOpportunity> => ({
  action,
  id: opportunity.id,
  event_id: 'e1',
  board: 'odds',
  time_found: opportunity.timeFound,
  expires_in: 1800,
  opportunity,
});

const user = { inputs: SCANNER_DEFAULTS, bankroll: 1000, books: [] as string[] };

// Optional browser notifications for new opportunities above what the user sets
describe('scanner notifications', () => {
  it('announces new middles at or above the probability the user set, not updates or lower ones', () => {
    const list = notificationsFor(
      'middles',
      [update('new', middle('m1', 30)), update('new', middle('m2', 20)), update('updated', middle('m3', 40))],
      { on: true, threshold: 25 },
      user,
    );
    expect(list).toEqual([
      {
        title: 'Middle 30% · gap 4',
        body: 'Away @ Home · Total · 218.5 to 222.5',
        tag: 'm1',
        path: '/sportsbooks?mode=middles&sport=basketball_nba&market=totals&books=draftkings,fanduel&q=Home&opportunity=m1',
      },
    ]);
  });

  it('announces only what the scanner would show: the user books and inputs apply', () => {
    const books = { ...user, books: ['draftkings', 'betmgm'] };
    expect(notificationsFor('middles', [update('new', middle('m1', 30))], { on: true, threshold: 25 }, books)).toEqual(
      [],
    );
    const strict = { ...user, inputs: { ...SCANNER_DEFAULTS, minProbability: 35 } };
    expect(notificationsFor('middles', [update('new', middle('m1', 30))], { on: true, threshold: 25 }, strict)).toEqual(
      [],
    );
  });

  it('announces nothing when off, and each scanner only its own kind', () => {
    expect(notificationsFor('middles', [update('new', middle('m1', 45))], { on: false, threshold: 5 }, user)).toEqual(
      [],
    );
    expect(notificationsFor('middles', [update('new', arb('a1', 9))], { on: true, threshold: 5 }, user)).toEqual([]);
    expect(
      notificationsFor('arbitrage', [update('new', middle('m1', 45))], { on: true, threshold: 0.1 }, user),
    ).toEqual([]);
  });

  it('announces new arbitrage above the profit the user set', () => {
    const list = notificationsFor(
      'arbitrage',
      [update('new', arb('a1', 3.2)), update('new', arb('a2', 1.5))],
      { on: true, threshold: 2 },
      user,
    );
    expect(list.map((n) => [n.tag, n.title])).toEqual([['a1', 'Arbitrage 3.20%']]);
    // a click opens the opportunity itself, as an alert's link does
    expect(list[0].path).toBe(
      '/sportsbooks?mode=arbitrage&sport=basketball_nba&market=h2h&books=draftkings,fanduel&q=Home&opportunity=a1',
    );
  });

  it('stores each scanner apart; the arbitrage setting keeps its earlier field name', () => {
    expect(serialiseNotifySettings('arbitrage', { on: true, threshold: 3 })).toBe('{"on":true,"minProfit":3}');
    expect(parseNotifySettings('arbitrage', '{"on":true,"minProfit":3}', true)).toEqual({ on: true, threshold: 3 });
    expect(
      parseNotifySettings('middles', serialiseNotifySettings('middles', { on: true, threshold: 30 }), true),
    ).toEqual({ on: true, threshold: 30 });
    // on only while the browser still allows notifications
    expect(parseNotifySettings('middles', '{"on":true,"threshold":30}', false)).toEqual({ on: false, threshold: 30 });
    expect(parseNotifySettings('middles', null, true)).toEqual({ on: false, threshold: NOTIFY_DEFAULTS.middles });
  });
});
