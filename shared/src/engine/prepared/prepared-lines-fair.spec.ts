import { NOW } from '../../testing/board-builder';
import { lineSetEvent } from '../../testing/line-set-event';
import { buildEventIndex, eventLines, fairLine } from '../../testing/market-lines.oracle';
import { prepareEvent } from './prepared-event';
import { LineSet } from './prepared-lines';

// DECISIONS 10 (de-vig, weighted median, 4 books): the prepared path's fair lines are the object path's fairLine()'s
describe('LineSet fair lines', () => {
  it.each([
    ['prepared', false],
    ['made at scan time', true],
  ])('gives the fair probabilities of the object path, %s', (_, stale) => {
    const expected = eventLines(buildEventIndex(lineSetEvent(stale), NOW)).map((line) => {
      const fair = fairLine(line, 'multiplicative');
      return fair && { books: fair.books, probabilities: [...fair.probabilities.values()] };
    });
    const set = new LineSet();
    set.load(prepareEvent(lineSetEvent(stale)), NOW);
    const actual = [];
    for (let l = 0; l < set.lineCount; l++) {
      if (!set.fair.load(l, 'multiplicative')) {
        actual.push(null);
        continue;
      }
      const probabilities = [];
      for (let i = 0; i < set.lSideCount[l]; i++) {
        probabilities.push(set.fair.probability(i));
        expect(set.fair.bound(i)).toBeGreaterThanOrEqual(set.fair.probability(i));
      }
      actual.push({ books: set.fair.books, probabilities });
    }
    expect(actual).toEqual(expected);
    // the stale book leaves four: still a fair line
    expect(actual.filter(Boolean).length).toBeGreaterThan(0);
  });
});
