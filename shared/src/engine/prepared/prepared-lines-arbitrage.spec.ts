import { NOW } from '../../testing/board-builder';
import { lineSetEvent } from '../../testing/line-set-event';
import { arbitrageProfit } from '../opportunities/arbitrage';
import { prepareEvent } from './prepared-event';
import { LineSet } from './prepared-lines';

function totalsLine(set: LineSet, value: number): number {
  for (let l = 0; l < set.lineCount; l++)
    if (set.group(set.lGroup[l]).kind === 'total' && set.lLine[l] === value) return l;
  throw new Error(`no total at ${value}`);
}

// spec 001 §5 arbitrage, DECISIONS 11; arbitrage.ts bestLegs() on the prepared path
describe('LineSet arbitrage legs', () => {
  const set = new LineSet();
  const legs = new Int32Array(3);

  it.each([
    ['prepared (no book filter)', null],
    ['made for a book filter', new Set(['a', 'b', 'c'])],
  ])('finds the best price per side on a complete two-way line, %s', (_, allowed) => {
    set.load(prepareEvent(lineSetEvent()), NOW);
    const count = set.arbitrage.find(totalsLine(set, 44.5), allowed, legs);
    expect(count).toBe(2);
    const quotes = [set.quote(legs[0]), set.quote(legs[1])];
    expect(quotes.map((q) => `${q.outcome} ${q.book}`).sort()).toEqual(['Over a', 'Under b']);
    expect(set.arbitrage.profitOf(legs, 2)).toBeCloseTo(arbitrageProfit(quotes.map((q) => q.decimal)), 12);
  });

  it('has no legs on a line only one side of which is quoted', () => {
    set.load(prepareEvent(lineSetEvent()), NOW);
    // books c and d quote their own totals alone: one book per side, the same book on both
    expect(set.arbitrage.find(totalsLine(set, 41), null, legs)).toBe(0);
  });
});
