import { NOW } from '../testing/board-builder';
import { lineSetEvent } from '../testing/line-set-event';
import { buildEventIndex, eventLines } from './market-lines';
import { prepareEvent } from './prepared-event';
import { LineSet } from './prepared-lines';

/** Each line as (family, kind, line, span, side → books and prices), the object path's way of saying it. */
function objectLines(staleBook: boolean) {
  return eventLines(buildEventIndex(lineSetEvent(staleBook), NOW)).map((line) => ({
    family: line.group.family,
    kind: line.group.kind,
    line: line.line,
    span: line.span,
    sides: [...line.sides].map(([name, quotes]) => [name, quotes.map((q) => `${q.book} ${q.decimal}`)]),
  }));
}

function preparedLines(staleBook: boolean) {
  const set = new LineSet();
  set.load(prepareEvent(lineSetEvent(staleBook)), NOW);
  const lines = [];
  for (let l = 0; l < set.lineCount; l++) {
    const group = set.group(set.lGroup[l]);
    const first = set.sidesOf(l);
    const sides = [];
    for (let s = first; s < first + set.lSideCount[l]; s++) {
      const quotes = [];
      for (let k = set.sStart[s]; k < set.sStart[s] + set.sLength[s]; k++) {
        const q = set.quote(set.pool[k]);
        quotes.push(`${q.book} ${q.decimal}`);
      }
      sides.push([set.sideName(s), quotes]);
    }
    lines.push({ family: group.family, kind: group.kind, line: Number.isNaN(set.lLine[l]) ? null : set.lLine[l], span: set.lSpan[l], sides });
  }
  return lines;
}

// spec 001 §5 line grouping: the prepared path makes the object path's lines
describe('LineSet building', () => {
  it('takes the prepared lines when every quote is open', () => {
    expect(preparedLines(false)).toEqual(objectLines(false));
  });

  it('makes the lines holding a quote past the locked-market age at scan time, without it', () => {
    const lines = preparedLines(true);
    expect(lines).toEqual(objectLines(true));
    expect(JSON.stringify(lines)).not.toContain('"e ');
  });
});
