import { americanToDecimal } from '@oddspulse/shared';
import type { BookPrice } from '../rows/rows';
import { rowEdgeStart } from './row-edge';

const price = (over: Partial<BookPrice>): BookPrice => ({
  book: 'draftkings',
  title: 'DraftKings',
  decimal: americanToDecimal(-105),
  lastUpdate: '2026-12-01T20:00:00Z',
  locked: false,
  isDfs: false,
  commission: 0,
  evPct: 1.2,
  hold: 0.045,
  market: [
    { outcome: 'Over', decimal: americanToDecimal(-105) },
    { outcome: 'Under', decimal: americanToDecimal(-115) },
  ],
  ...over,
});

// spec 001 §5, DECISIONS 10: a DFS app's price is a fixed −119, and its cell in the table shows −119
describe('rowEdgeStart: the edge calculator opened from a row starts from the price the table shows', () => {
  it('a DFS app best: its fixed −119, no commission, no market of its own, not the feed quote', () => {
    // the feed quotes PrizePicks at +100; the table shows −119 and sizes at it
    const best = price({
      book: 'prizepicks',
      title: 'PrizePicks',
      decimal: 2,
      isDfs: true,
      hold: null,
      market: undefined,
    });
    const start = rowEdgeStart({ best, fairProbability: 0.55 });
    expect(start.initialBookOdds).toBe(-119);
    expect(start.exact.decimal).toBeCloseTo(americanToDecimal(-119), 12);
    expect(start).toMatchObject({ commission: 0, initialMarket: undefined, initialFairOdds: -122 });
  });

  it('a sportsbook or exchange best: its own price, commission and market', () => {
    const book = price({});
    expect(rowEdgeStart({ best: book, fairProbability: 0.5 })).toMatchObject({
      initialBookOdds: -105,
      exact: { decimal: book.decimal, fairProbability: 0.5 },
      commission: 0,
      initialMarket: book.market,
      initialFairOdds: 100,
    });
    const exchange = price({ book: 'novig', decimal: 2.1, commission: 0.02 });
    expect(rowEdgeStart({ best: exchange, fairProbability: null })).toMatchObject({
      initialBookOdds: 110,
      commission: 0.02,
      initialFairOdds: undefined,
    });
  });
});
