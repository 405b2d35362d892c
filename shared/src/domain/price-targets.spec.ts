import { book, event } from '../testing/board-builder';
import { priceTargetSummary } from './alerts';
import { describePriceTarget, priceTargetHits, priceTargetTransition, type PriceTarget } from './price-targets';

const target = (fields: Partial<PriceTarget>): PriceTarget => ({
  sport: 'basketball_nba',
  eventId: 'evt1',
  game: 'Away @ Home',
  homeTeam: 'Home',
  commenceTime: '2026-01-10T19:00:00Z',
  market: 'h2h',
  outcome: 'Home',
  point: null,
  price: 150,
  ...fields,
});

describe('priceTargetHits', () => {
  it('finds the books at the target price or better, best first, within the books asked for', () => {
    const game = event([
      book('draftkings', { h2h: [['Home', 145]] }),
      book('fanduel', { h2h: [['Home', 155]] }),
      book('betmgm', { h2h: [['Home', 150]] }),
      book('prizepicks', { h2h: [['Home', 200]] }),
    ]);
    game.bookmakers[1].markets[0].outcomes[0].link = 'https://sportsbook.fanduel.com/bet/1';
    expect(priceTargetHits(target({}), game, []).map((h) => [h.book, h.price, h.link])).toEqual([
      ['fanduel', 155, 'https://sportsbook.fanduel.com/bet/1'],
      ['betmgm', 150, undefined],
    ]);
    expect(priceTargetHits(target({}), game, ['draftkings', 'betmgm']).map((h) => h.book)).toEqual(['betmgm']);
    expect(priceTargetHits(target({}), { ...game, completed: true }, [])).toEqual([]);
  });

  it('takes a spread at the line or more points, at the price or better', () => {
    const game = event([
      book('draftkings', { spreads: [['Home', -105, -3]] }),
      book('fanduel', { spreads: [['Home', -110, -3.5]] }),
      book('betmgm', { spreads: [['Home', -100, -4]] }),
      book('williamhill_us', { spreads: [['Home', -105, -3.5]] }),
    ]);
    const spread = target({ market: 'spreads', point: -3.5, price: -105 });
    expect(priceTargetHits(spread, game, []).map((h) => [h.book, h.point])).toEqual([
      ['draftkings', -3],
      ['williamhill_us', -3.5],
    ]);
  });

  it('takes Over at the total or lower and Under at the total or higher', () => {
    const game = event([
      book('draftkings', {
        totals: [
          ['Over', -110, 220],
          ['Under', -110, 220],
        ],
      }),
      book('fanduel', {
        totals: [
          ['Over', -105, 221],
          ['Under', -115, 221],
        ],
      }),
    ]);
    const over = target({ market: 'totals', outcome: 'Over', point: 220.5, price: -110 });
    expect(priceTargetHits(over, game, []).map((h) => h.book)).toEqual(['draftkings']);
    const under = target({ market: 'totals', outcome: 'Under', point: 220.5, price: -115 });
    expect(priceTargetHits(under, game, []).map((h) => h.book)).toEqual(['fanduel']);
  });
});

describe('priceTargetTransition', () => {
  it('crosses once, and again only after it uncrossed', () => {
    expect(priceTargetTransition(false, true)).toBe('cross');
    expect(priceTargetTransition(true, true)).toBeNull();
    expect(priceTargetTransition(true, false)).toBe('uncross');
    expect(priceTargetTransition(false, false)).toBeNull();
  });
});

describe('describing a price target', () => {
  it('words the target and the best book with its link', () => {
    expect(describePriceTarget(target({}))).toBe('Home moneyline +150 or better');
    expect(describePriceTarget(target({ market: 'spreads', point: -3.5, price: -105 }))).toBe(
      'Home -3.5 at -105 or better',
    );
    expect(describePriceTarget(target({ market: 'totals', outcome: 'Over', point: 220.5, price: -110 }))).toBe(
      'Over 220.5 at -110 or better',
    );
    const summary = priceTargetSummary('rule-1', 2, target({}), [
      {
        book: 'fanduel',
        bookTitle: 'FanDuel',
        price: 155,
        decimal: 2.55,
        link: 'https://fd.example/b',
        lastUpdate: '',
      },
      { book: 'betmgm', bookTitle: 'BetMGM', price: 150, decimal: 2.5, lastUpdate: '' },
    ]);
    expect(summary).toMatchObject({
      kind: 'price_target',
      opportunityId: 'price-target:rule-1:2',
      title: 'Price target: Home moneyline +150 or better',
      text: 'Price target: Home moneyline +150 or better (Away @ Home): +155 at FanDuel (and 1 more) https://fd.example/b',
      link: 'https://fd.example/b',
    });
  });

  it('signs the best book’s spread line as the target itself is worded', () => {
    const summary = priceTargetSummary('rule-1', 1, target({ market: 'spreads', point: 3.5, price: -110 }), [
      { book: 'fanduel', bookTitle: 'FanDuel', price: -105, decimal: 1.95, point: 4.5, lastUpdate: '' },
    ]);
    expect(summary.text).toBe('Price target: Home +3.5 at -110 or better (Away @ Home): +4.5 -105 at FanDuel');
  });
});
