import type { BoardMarket } from '../domain/odds';
import { sameFieldsBut, sameQuote } from './market-quote';

const market = (over: Partial<BoardMarket> = {}, price = 1.91): BoardMarket => ({
  key: 'spreads',
  last_update: '2026-11-28T12:00:00Z',
  outcomes: [
    { name: 'Home', price, point: -3.5 },
    { name: 'Away', price: 1.91, point: 3.5 },
  ],
  ...over,
});

describe('sameQuote', () => {
  it('reads two quotes that differ only in their update time as the same', () => {
    expect(sameQuote(market(), market({ last_update: '2026-11-28T12:00:30Z' }))).toBe(true);
  });

  it('tells a moved price, line, link or outcome list apart', () => {
    expect(sameQuote(market(), market({}, 1.95))).toBe(false);
    const moved = market();
    moved.outcomes[0] = { ...moved.outcomes[0], point: -4 };
    expect(sameQuote(market(), moved)).toBe(false);
    const linked = market();
    linked.outcomes[1] = { ...linked.outcomes[1], link: 'https://book.example/bet' };
    expect(sameQuote(market(), linked)).toBe(false);
    expect(sameQuote(market(), market({ outcomes: market().outcomes.slice(0, 1) }))).toBe(false);
  });
});

describe('sameFieldsBut', () => {
  it('compares every field but the skipped ones, on both sides', () => {
    expect(sameFieldsBut({ a: 1, b: 2 }, { a: 1, b: 2 })).toBe(true);
    expect(sameFieldsBut({ a: 1, b: 2 }, { a: 1, b: 3 })).toBe(false);
    expect(sameFieldsBut({ a: 1, b: 2, c: 3 }, { a: 1, b: 9, c: 8 }, 'b', 'c')).toBe(true);
    expect(sameFieldsBut({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameFieldsBut({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    // a skipped field on one side does not stand for another field on the other
    expect(sameFieldsBut({ a: 1, skipped: 2 }, { a: 1, other: 2 }, 'skipped')).toBe(false);
    expect(sameFieldsBut({ a: 1, skipped: 2 }, { a: 1 }, 'skipped')).toBe(true);
  });
});
