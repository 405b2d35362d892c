import type { BoardMarket } from '../domain/odds';
import { sameQuote } from './market-quote';

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
