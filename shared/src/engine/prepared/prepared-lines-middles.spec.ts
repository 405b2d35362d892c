import { NOW } from '../../testing/board-builder';
import { lineSetEvent } from '../../testing/line-set-event';
import { prepareEvent } from './prepared-event';
import { LineSet } from './prepared-lines';

// spec 001 §5 middles; middles.ts topTwoByLine() on the prepared path
describe('LineSet middles tops', () => {
  it('lists the best two quotes per line, Overs low and Unders high', () => {
    const set = new LineSet();
    set.load(prepareEvent(lineSetEvent()), NOW);
    const g = set.lGroup.findIndex((_, l) => l < set.lineCount && set.group(set.lGroup[l]).kind === 'total');
    const group = set.lGroup[g];
    const tops = set.middles;
    tops.collect(group, null);
    const describe = (from: number, count: number) => {
      const lines: string[] = [];
      for (let e = from; e < from + count; e++) {
        const best = set.quote(tops.first[e]);
        const second = tops.second[e] < 0 ? '-' : set.quote(tops.second[e]).book;
        lines.push(`${best.outcome} ${best.point} ${best.book}/${second}`);
      }
      return lines;
    };
    expect(describe(0, tops.low)).toEqual(['Over 44.5 a/e', 'Over 41 c/-', 'Over 46 d/-']);
    expect(describe(tops.highStart, tops.high)).toEqual(['Under 44.5 b/e', 'Under 41 c/-', 'Under 46 d/-']);
    // a book filter leaves the others out
    tops.collect(group, new Set(['c', 'd']));
    expect(describe(0, tops.low)).toEqual(['Over 41 c/-', 'Over 46 d/-']);
  });
});
