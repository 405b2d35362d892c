import type { ArbitrageOpportunity, EvBet, MiddleOpportunity, OpportunityLeg } from '../domain/opportunities';
import type { SteamAlert, SteamStaleBook } from '../domain/steam';

/** Opportunities as detection publishes them, for the alerts tests. */
const event = {
  eventId: 'evt-alert',
  sport: 'basketball_nba',
  sportTitle: 'NBA',
  game: 'Boston Celtics @ Los Angeles Lakers',
  homeTeam: 'Los Angeles Lakers',
  awayTeam: 'Boston Celtics',
  commenceTime: '2026-01-10T20:00:00.000Z',
};

export function alertLeg(book: string, outcome: string, price: number, ageSeconds = 5): OpportunityLeg {
  const decimal = price > 0 ? 1 + price / 100 : 1 + 100 / -price;
  return {
    book,
    bookTitle: book,
    market: 'h2h',
    outcome,
    price,
    decimal,
    impliedProb: 1 / decimal,
    commission: 0,
    stake: 50,
    payout: 50 * decimal,
    lastUpdate: '2026-01-10T17:59:55.000Z',
    ageSeconds,
  };
}

export function alertArbitrage(over: Partial<ArbitrageOpportunity> = {}): ArbitrageOpportunity {
  return {
    ...event,
    id: 'arb-1',
    type: 'arbitrage',
    kind: 'two_way',
    market: 'h2h',
    flags: [],
    ageSeconds: 5,
    timeFound: '2026-01-10T18:00:00.000Z',
    expiresIn: 1800,
    profitPct: 2.5,
    stakedProfitPct: 2.44,
    profitAmount: 2.44,
    totalStake: 100,
    totalImpliedProb: 0.975,
    legs: [alertLeg('draftkings', 'Los Angeles Lakers', 110), alertLeg('fanduel', 'Boston Celtics', 105)],
    ...over,
  };
}

export function middleOpportunity(over: Partial<MiddleOpportunity> = {}): MiddleOpportunity {
  return {
    ...event,
    id: 'mid-1',
    type: 'middle',
    market: 'totals',
    flags: [],
    ageSeconds: 5,
    timeFound: '2026-01-10T18:00:00.000Z',
    expiresIn: 1800,
    gap: 2,
    middleRange: { low: 220.5, high: 222.5 },
    probability: 16,
    totalStake: 100,
    maxProfit: 95,
    worstCase: -5,
    legs: [alertLeg('draftkings', 'Over', -110), alertLeg('betmgm', 'Under', -110)],
    ...over,
  };
}

export function evBet(over: Partial<EvBet> = {}): EvBet {
  return {
    ...event,
    id: 'ev-1',
    market: 'h2h',
    // the main line of its market unless told: a bet's market listed as the book lists it
    listedMarket: over.listedMarket ?? over.market ?? 'h2h',
    outcome: 'Los Angeles Lakers',
    book: 'draftkings',
    bookTitle: 'DraftKings',
    price: 120,
    decimal: 2.2,
    commission: 0,
    fairProbability: 0.48,
    fairDecimal: 2.083,
    fairPrice: 108,
    evPct: 5.6,
    method: 'multiplicative',
    fairBooks: 5,
    books: 8,
    isDfs: false,
    lastUpdate: '2026-01-10T17:59:55.000Z',
    ageSeconds: 5,
    timeFound: '2026-01-10T18:00:00.000Z',
    expiresIn: 1800,
    flags: [],
    ...over,
  };
}

/** A book still at the old price of a steam alert, at American `price` (its old price too) worth `evPct` against the fair line. */
export function staleBook(book: string, price: number, evPct: number): SteamStaleBook {
  const decimal = price > 0 ? 1 + price / 100 : 1 + 100 / -price;
  return {
    book,
    bookTitle: book,
    price,
    decimal,
    oldPrice: { price, decimal },
    commission: 0,
    evPct,
    link: `https://${book}.example/bet/evt-alert`,
    lastUpdate: '2026-01-10T17:59:30.000Z',
  };
}

/** A steam alert as detection raises it: Pinnacle takes the Lakers from −150 to −175, confirmed by Circa. */
export function steamAlert(over: Partial<SteamAlert> = {}): SteamAlert {
  const move = (book: string, to: number, at: string) => ({
    book,
    bookTitle: book,
    sharp: true,
    from: { price: -150, decimal: 1 + 100 / 150 },
    to: { price: to, decimal: 1 + 100 / -to },
    at,
  });
  return {
    ...event,
    type: 'steam',
    id: 'steam:evt-alert:h2h:Los%20Angeles%20Lakers:pinnacle:1768067940000',
    market: 'h2h',
    side: 'Los Angeles Lakers',
    origin: move('pinnacle', -175, '2026-01-10T17:59:00.000Z'),
    movedAt: '2026-01-10T17:59:00.000Z',
    confirmations: [move('circasports', -180, '2026-01-10T17:59:30.000Z')],
    confirmedAt: '2026-01-10T17:59:30.000Z',
    breadth: 2,
    fair: { probability: 0.623288, price: -165, decimal: 1 / 0.623288 },
    staleBooks: [staleBook('draftkings', -150, 3.88), staleBook('fanduel', -155, 2.54)],
    bestEvPct: 3.88,
    timeFound: '2026-01-10T18:00:00.000Z',
    ageSeconds: 60,
    status: 'active',
    ...over,
  };
}
