import { lineSetEvent } from '../../testing/line-set-event';
import { prepareEvent } from './prepared-event';
import { LineSet } from './prepared-lines';
import { toPreparedLines } from './prepared-lines-serialise';

// What preparing keeps of the lines is what a scan with every price open works out
describe('toPreparedLines', () => {
  it('keeps each line with its default fair line, best prices and arbitrage legs', () => {
    const prepared = prepareEvent(lineSetEvent());
    const set = new LineSet();
    set.loadAllOpen(prepared);
    const { lines, gLineStart, gLineEnd } = toPreparedLines(set);
    expect(lines).toEqual(prepared.lines);
    expect(gLineStart).toEqual(prepared.gLineStart);
    expect(gLineEnd).toEqual(prepared.gLineEnd);
    const legs = new Int32Array(3);
    for (let l = 0; l < set.lineCount; l++) {
      expect(lines.lLegCount[l]).toBe(set.arbitrage.find(l, null, legs));
      expect(lines.lFair[l]).toBe(set.fair.load(l, 'multiplicative') ? 1 : 0);
      for (let s = lines.lSideStart[l]; s < lines.lSideStart[l] + lines.lSideCount[l]; s++) {
        let top = 0;
        for (let k = lines.sStart[s]; k < lines.sStart[s] + lines.sLength[s]; k++)
          top = Math.max(top, prepared.qDecimal[lines.pool[k]]);
        expect(lines.sTop[s]).toBe(top);
      }
    }
    // the total at 44.5 has an arbitrage between books a and b
    expect([...lines.lLegCount].some((count) => count === 2)).toBe(true);
  });
});
