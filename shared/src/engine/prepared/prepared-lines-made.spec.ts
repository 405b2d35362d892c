import { book, event, NOW } from '../../testing/board-builder';
import { buildEventIndex, groupLines } from '../../testing/market-lines.oracle';
import { prepareEvent } from './prepared-event';
import { LineSet } from './prepared-lines';

/**
 * Book a quotes the total at 44.5 in its main and alternate markets: at the same price on the Over (a tie)
 * and a better one on the alternate Under; book b's total at 44.52 is on the same line at 0.05.
 */
const tiedEvent = () =>
  event([
    book('a', {
      totals: [
        ['Over', -110, 44.5],
        ['Under', -110, 44.5],
      ],
      alternate_totals: [
        ['Over', -110, 44.5],
        ['Under', 105, 44.5],
      ],
    }),
    book('b', {
      totals: [
        ['Over', -105, 44.52],
        ['Under', -115, 44.52],
      ],
    }),
  ]);

// spec 001 §5 line grouping (LineSet split by idea; each book's best price per side stated once)
describe('LineSet lines made at scan time', () => {
  it('keeps each book’s best price per side, the first on a tie, as the object path does', () => {
    const set = new LineSet();
    set.loadAllOpen(prepareEvent(tiedEvent()));
    expect(set.lineCount).toBe(1);
    const sides: string[] = [];
    for (let s = set.sidesOf(0); s < set.sidesOf(0) + set.lSideCount[0]; s++) {
      for (let k = set.sStart[s]; k < set.sStart[s] + set.sLength[s]; k++) {
        const q = set.quote(set.pool[k]);
        sides.push(`${q.outcome} ${q.book} ${q.market}`);
      }
    }
    expect(sides).toEqual(['Over a totals', 'Over b totals', 'Under a alternate_totals', 'Under b totals']);
    const [objectLine] = groupLines(buildEventIndex(tiedEvent(), NOW).groups[0], 0.05);
    const objectSides = [...objectLine.sides].flatMap(([name, quotes]) =>
      quotes.map((q) => `${name} ${q.book} ${q.market}`),
    );
    expect(objectSides).toEqual(sides);
    expect([set.lLine[0], set.lSpan[0]]).toEqual([objectLine.line, objectLine.span]);
  });

  it('splits a group into lines within the tolerance of each line’s lowest', () => {
    const set = new LineSet();
    set.loadAllOpen(prepareEvent(tiedEvent()));
    const quotes = Int32Array.from([0, 1, 2, 3, 4, 5].sort((x, y) => set.line[x] - set.line[y]));
    const mark = set.mark();
    const first = set.clusterLines(set.lGroup[0], quotes, quotes.length, 0.01);
    expect(set.lineCount - first).toBe(2);
    expect([set.lLine[first], set.lLine[first + 1]]).toEqual([44.5, 44.52]);
    set.reset(mark);
    expect(set.lineCount).toBe(1);
  });
});
