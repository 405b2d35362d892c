import type { ArbitrageOpportunity, MiddleOpportunity, OpportunityUpdate } from '@oddspulse/shared';
import { alertTargetMessage, alertTargetState } from './alert-target';
import {
  applyUpdate,
  arbitrageForUser,
  FADE_MS,
  hiddenByBooks,
  initialFeed,
  middleForUser,
  settleFeed,
  shownOutside,
  sizedForUser,
} from './opportunity-feed';

const leg = (book: string, outcome: string, decimal: number, point?: number) => ({
  book,
  bookTitle: book,
  market: point === undefined ? 'h2h' : 'totals',
  outcome,
  ...(point === undefined ? {} : { point }),
  price: decimal >= 2 ? Math.round((decimal - 1) * 100) : Math.round(-100 / (decimal - 1)),
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

const arb = (
  id: string,
  profitPct: number,
  books: [string, string] = ['draftkings', 'fanduel'],
): ArbitrageOpportunity => ({
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
  legs: [leg(books[0], 'Home', 2.08), leg(books[1], 'Away', 2.0)],
});

const update = (
  action: OpportunityUpdate['action'],
  opportunity: ArbitrageOpportunity,
): OpportunityUpdate<ArbitrageOpportunity> => ({
  action,
  id: opportunity.id,
  event_id: 'e1',
  board: 'odds',
  time_found: opportunity.timeFound,
  expires_in: action === 'gone' ? 0 : 1800,
  ...(action === 'gone' ? {} : { opportunity }),
});

describe('scanner feed (new appear, updated change in place, gone fade out)', () => {
  it('adds new ones first, updates in place and fades gone ones out', () => {
    let feed = initialFeed([arb('a', 1), arb('b', 2)], 0);
    feed = applyUpdate(feed, update('new', arb('c', 3)), 10);
    expect(feed.map((i) => [i.opportunity.id, i.status])).toEqual([
      ['c', 'new'],
      ['a', 'current'],
      ['b', 'current'],
    ]);
    feed = applyUpdate(feed, update('updated', arb('a', 1.5)), 20);
    expect(feed[1]).toMatchObject({ status: 'updated', opportunity: { id: 'a', profitPct: 1.5 } });
    feed = applyUpdate(feed, update('gone', arb('b', 2)), 30);
    expect(feed[2].status).toBe('gone');
    expect(settleFeed(feed, 30 + FADE_MS - 1).map((i) => i.opportunity.id)).toEqual(['c', 'a', 'b']);
    expect(settleFeed(feed, 30 + FADE_MS).map((i) => i.opportunity.id)).toEqual(['c', 'a']);
  });

  it('applies the user inputs: minimum profit, books, and the engine stake split of min(max stake, bankroll) (spec 001 §5)', () => {
    expect(arbitrageForUser(arb('a', 0.4), { minProfit: 0.5, maxStake: 100, bankroll: 1000, books: [] })).toBeNull();
    expect(
      arbitrageForUser(arb('a', 2, ['draftkings', 'pinnacle']), {
        minProfit: 0.5,
        maxStake: 100,
        bankroll: 1000,
        books: ['draftkings', 'fanduel'],
      }),
    ).toBeNull();
    const sized = arbitrageForUser(arb('a', 2), {
      minProfit: 0.5,
      maxStake: 500,
      bankroll: 300,
      books: ['caesars', 'draftkings', 'fanduel'],
    })!;
    expect(sized.totalStake).toBe(300);
    expect(sized.legs.map((l) => l.stake).reduce((a, b) => a + b, 0)).toBeCloseTo(300, 2);
    // stakes in proportion to implied probability: the longer price gets less
    expect(sized.legs[0].stake).toBeLessThan(sized.legs[1].stake);
  });

  it('sizes a middle at min(max stake, 10 % of bankroll), split 50/50, and filters by gap and probability', () => {
    const middle: MiddleOpportunity = {
      ...base,
      id: 'm',
      market: 'totals',
      type: 'middle',
      gap: 3,
      middleRange: { low: 220.5, high: 223.5 },
      probability: 24,
      totalStake: 100,
      maxProfit: 90,
      worstCase: -5,
      legs: [leg('draftkings', 'Over', 1.91, 220.5), leg('fanduel', 'Under', 1.91, 223.5)],
    };
    const inputs = { minGap: 3, minProbability: 15, maxStake: 1000, bankroll: 1000, books: [] };
    const sized = middleForUser(middle, inputs)!;
    expect(sized.totalStake).toBe(100);
    expect(sized.legs.map((l) => l.stake)).toEqual([50, 50]);
    expect(middleForUser(middle, { ...inputs, minGap: 3.5 })).toBeNull();
    expect(middleForUser(middle, { ...inputs, minProbability: 25 })).toBeNull();
  });
});

// DECISIONS 28: the scanner says how many opportunities the book filter hides
describe('hiddenByBooks', () => {
  const inputs = { minProfit: 0.5, maxStake: 100, minGap: 3, minProbability: 15, middleStake: 1000 };
  const feed = initialFeed(
    [
      arb('a', 2),
      arb('b', 2, ['pinnacle', 'bovada']),
      arb('c', 2, ['draftkings', 'pinnacle']),
      arb('d', 0.2, ['pinnacle', 'bovada']),
    ],
    0,
  );

  it("counts what every book would show at the same inputs that the user's books do not", () => {
    const user = { inputs, bankroll: 1000, books: ['draftkings', 'fanduel'] };
    expect(sizedForUser(feed, user).map((i) => i.opportunity.id)).toEqual(['a']);
    expect(hiddenByBooks(feed, user)).toBe(2); // b and c; d is below the minimum profit anyway
  });

  it('is zero without a book filter, and leaves out what is fading out as gone', () => {
    expect(hiddenByBooks(feed, { inputs, bankroll: 1000, books: [] })).toBe(0);
    const fading = applyUpdate(feed, update('gone', arb('b', 2, ['pinnacle', 'bovada'])), 5);
    expect(hiddenByBooks(fading, { inputs, bankroll: 1000, books: ['draftkings', 'fanduel'] })).toBe(1);
  });
});

// an empty scanner under a search says how many of the other games' opportunities it leaves out (as Steam's list does)
describe('shownOutside', () => {
  const inputs = { minProfit: 0.5, maxStake: 100, minGap: 3, minProbability: 15, middleStake: 1000 };
  const user = { inputs, bankroll: 1000, books: ['draftkings', 'fanduel'] };
  const feed = initialFeed(
    [arb('a', 2), arb('b', 2), arb('c', 2, ['pinnacle', 'bovada']), arb('d', 0.2), arb('e', 2)],
    0,
  );
  const searched = (o: { id: string }) => o.id === 'e';

  it('counts the opportunities outside the search the user would see at their inputs and books', () => {
    // a and b; c is at other books, d below the minimum profit, e the searched game's
    expect(shownOutside(feed, searched, user)).toBe(2);
  });

  it('leaves out what is fading out as gone', () => {
    expect(shownOutside(applyUpdate(feed, update('gone', arb('a', 2)), 5), searched, user)).toBe(1);
  });
});

// An alert's link (opportunity=<id>) is scrolled to, or the scanner says what became of it
describe('alertTargetState', () => {
  const feed = initialFeed([arb('a', 2), arb('b', 2, ['pinnacle', 'bovada'])], 0);
  const visible = feed.slice(0, 1);
  const now = Date.parse('2030-01-01T12:05:00Z');

  it('is shown, hidden by the filters, expired or gone', () => {
    expect(alertTargetState('a', feed, visible, now)).toBe('shown');
    expect(alertTargetState('b', feed, visible, now)).toBe('hidden');
    expect(alertTargetState('a', feed, visible, Date.parse('2030-01-01T12:31:00Z'))).toBe('expired');
    expect(alertTargetState('zzz', feed, visible, now)).toBe('gone');
    expect(alertTargetState('a', applyUpdate(feed, update('gone', arb('a', 2)), 1), visible, now)).toBe('gone');
  });

  it('says clearly what it cannot show', () => {
    expect(alertTargetMessage('shown')).toBeNull();
    expect(alertTargetMessage('gone')).toMatch(/is gone/);
    expect(alertTargetMessage('expired')).toMatch(/has expired/);
    expect(alertTargetMessage('hidden')).toMatch(/hide it/);
  });
});
