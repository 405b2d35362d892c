import type { EvBet } from '@oddspulse/shared';
import type { BookPrice } from '../odds';
import { comparedPrices, confidenceOf, MAX_SHOWN, recommendations } from './recommendations';

const NOW = new Date(2030, 2, 10, 12, 0).getTime();
const at = (hours: number) => new Date(NOW + hours * 3_600_000).toISOString();

const bet = (id: string, evPct: number, overrides: Partial<EvBet> = {}): EvBet =>
  ({
    id,
    eventId: `e-${id}`,
    sport: 'basketball_nba',
    sportTitle: 'NBA',
    game: 'Away @ Home',
    homeTeam: 'Home',
    awayTeam: 'Away',
    commenceTime: at(3),
    market: 'h2h',
    outcome: 'Home',
    book: 'draftkings',
    bookTitle: 'DraftKings',
    price: 120,
    decimal: 2.2,
    fairProbability: 0.47,
    fairDecimal: 2.13,
    fairPrice: 113,
    evPct,
    method: 'multiplicative',
    fairBooks: 5,
    books: 6,
    isDfs: false,
    lastUpdate: at(0),
    ageSeconds: 5,
    flags: [],
    ...overrides,
  }) as EvBet;

describe('dashboard recommendations (spec 001 §5, DECISIONS 13)', () => {
  it('confidence: High above 8, Medium above 4, else Low', () => {
    expect([9, 8, 5, 4, 1].map(confidenceOf)).toEqual(['High', 'Medium', 'Medium', 'Low', 'Low']);
  });

  it("keeps at most 5 of today's +EV bets, best first, one per outcome, without DFS apps or stale and suspect prices", () => {
    const list = recommendations(
      [
        bet('a', 2),
        bet('b', 6),
        bet('b2', 7, { eventId: 'e-b', book: 'fanduel' }),
        bet('c', 3),
        bet('d', 1),
        bet('e', 4),
        bet('f', 5),
        bet('tomorrow', 9, { commenceTime: at(30) }),
        bet('dfs', 12, { isDfs: true }),
        bet('suspect', 14, { flags: ['suspect'] }),
        bet('stale', 6.5, { flags: ['stale'] }),
        bet('negative', -1),
      ],
      NOW,
    );
    expect(list.map((b) => b.id)).toEqual(['b2', 'f', 'e', 'c', 'a']);
  });

  it('spreads the picks over games: each game’s best before a second bet of any game', () => {
    const oneGame = { eventId: 'e-x', game: 'Ravens @ Steelers', book: 'draftkings' };
    const list = recommendations(
      [
        bet('x-h2h', 9, oneGame),
        bet('x-spread', 8, { ...oneGame, market: 'spreads', point: -3.5 }),
        bet('x-total', 7, { ...oneGame, market: 'totals', outcome: 'Over', point: 44.5 }),
        bet('y', 5),
        bet('z', 4),
      ],
      NOW,
    );
    expect(list.map((b) => b.id)).toEqual(['x-h2h', 'y', 'z', 'x-spread', 'x-total']);
    expect(new Set(list.slice(0, MAX_SHOWN).map((b) => b.eventId)).size).toBe(MAX_SHOWN);
  });

  it('counts a game in play as today', () => {
    expect(recommendations([bet('live', 3, { commenceTime: at(-1) })], NOW)).toHaveLength(1);
  });
});

describe('Compare Odds (DECISIONS 36)', () => {
  const price = (book: string, decimal: number) => ({ book, decimal }) as BookPrice;
  const row = {
    isCombinedProp: false,
    allBooks: [price('draftkings', 1.9), price('pinnacle', 2.02), price('novig', 2.05), price('fanduel', 1.95)],
  };

  it("shows the prices at the user's saved books only, best first", () => {
    expect(comparedPrices(row, 'Home', ['draftkings', 'pinnacle', 'fanduel']).map((b) => b.book)).toEqual([
      'pinnacle',
      'fanduel',
      'draftkings',
    ]);
    expect(comparedPrices(row, 'Home', ['novig']).map((b) => b.book)).toEqual(['novig']);
  });

  it("a combined prop shows the bet's side", () => {
    const prop = {
      isCombinedProp: true,
      allBooks: [],
      overBooks: [price('draftkings', 1.9)],
      underBooks: [price('draftkings', 1.8)],
    };
    expect(comparedPrices(prop, 'Under', ['draftkings'])[0].decimal).toBe(1.8);
    expect(comparedPrices(prop, 'Over', ['draftkings'])[0].decimal).toBe(1.9);
  });
});
