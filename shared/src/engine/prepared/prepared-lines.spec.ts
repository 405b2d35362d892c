import { NOW } from '../../testing/board-builder';
import { lineSetEvent } from '../../testing/line-set-event';
import { buildEventIndex, eventLines, fairLine } from '../../testing/market-lines.oracle';
import { marketLines } from '../lines/event-lines';

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

/** The same of marketLines(): the prepared path's lines (prepareEvent, LineSet) as objects. */
function preparedLines(staleBook: boolean) {
  return marketLines(lineSetEvent(staleBook), NOW).map((line) => ({
    family: line.group.family,
    kind: line.group.kind,
    line: line.line,
    span: line.span,
    sides: [...line.sides].map(([name, quotes]) => [name, quotes.map((q) => `${q.book} ${q.decimal}`)]),
  }));
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

  // DECISIONS 10: the fair line of each line, by every de-vig method, is the object path's fairLine()
  it.each(['multiplicative', 'additive', 'power', 'shin', 'worst_case', 'blend'] as const)(
    'gives the object path’s quotes and fair line by %s',
    (method) => {
      for (const stale of [false, true]) {
        const lines = eventLines(buildEventIndex(lineSetEvent(stale), NOW));
        const expected = lines.map((line) => ({ quotes: [...line.sides.values()], fair: fairLine(line, method) }));
        const actual = marketLines(lineSetEvent(stale), NOW, { method }).map((line) => ({
          quotes: [...line.sides.values()],
          fair: line.fair,
        }));
        expect(actual).toEqual(expected);
        expect(actual.some((line) => line.fair !== null)).toBe(true);
      }
    },
  );
});
