import { NOW } from '../../testing/board-builder';
import { lineSetEvent } from '../../testing/line-set-event';
import { prepareEvent } from './prepared-event';
import { LineSet } from './prepared-lines';

/** Per line: prepared or made at the scan, and its sides as name → books. */
function linesOf(set: LineSet) {
  const lines: string[] = [];
  for (let l = 0; l < set.lineCount; l++) {
    const from = set.lPrepared[l] >= 0 ? 'prepared' : 'made';
    const first = set.sidesOf(l);
    const sides: string[] = [];
    for (let s = first; s < first + set.lSideCount[l]; s++) {
      const books: string[] = [];
      for (let k = set.sStart[s]; k < set.sStart[s] + set.sLength[s]; k++) books.push(set.quote(set.pool[k]).book);
      sides.push(`${set.sideName(s)} ${books.join('')}`);
    }
    lines.push(`${set.group(set.lGroup[l]).kind} ${from}: ${sides.join(', ')}`);
  }
  return lines;
}

// spec 001 §5 locked-market age; what a scan takes from the preparation
describe('LineSet reuse of the preparation', () => {
  it('takes every line as prepared while no quote closed, copying its sides in only when asked', () => {
    const prepared = prepareEvent(lineSetEvent());
    const set = new LineSet();
    set.load(prepared, NOW);
    expect(set.lineCount).toBe(prepared.lines.lineCount);
    for (let l = 0; l < set.lineCount; l++) {
      expect(set.lPrepared[l]).toBe(l);
      expect(set.lSideStart[l]).toBe(-1);
    }
    expect(set.sideCount).toBe(0);
    expect(linesOf(set)).toEqual([
      'moneyline prepared: Home abcde, Away abcde',
      'spread prepared: Home abcde, Away abcde',
      'total prepared: Over c, Under c',
      'total prepared: Over abe, Under abe',
      'total prepared: Over d, Under d',
    ]);
    expect(set.sideCount).toBe(10);
  });

  it('keeps the lines none of whose quotes closed and the open part of the others', () => {
    const set = new LineSet();
    set.load(prepareEvent(lineSetEvent(true)), NOW);
    // book e is 16 minutes old: the lines holding one of its quotes are made again without it (the spread's and
    // the total's at 44.5 as their prepared open part, the moneyline clustered again)
    expect(linesOf(set)).toEqual([
      'moneyline made: Home abcd, Away abcd',
      'spread made: Home abcd, Away abcd',
      'total prepared: Over c, Under c',
      'total made: Over ab, Under ab',
      'total prepared: Over d, Under d',
    ]);
  });
});
