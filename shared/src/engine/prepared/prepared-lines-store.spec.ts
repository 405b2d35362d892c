import { LineStore } from './prepared-lines-store';

// The lines' storage grows past its first size and drops what a scan added
describe('LineStore', () => {
  it('keeps lines and sides past the arrays’ first size', () => {
    const store = new LineStore();
    for (let l = 0; l < 600; l++) {
      expect(store.newLine(l % 7, l / 2, 0.25)).toBe(l);
      for (let i = 0; i < 2; i++) {
        const s = store.newSide(i);
        const pool = store.reservePool(1);
        store.sStart[s] = store.poolSize;
        pool[store.poolSize++] = l * 2 + i;
        store.sLength[s] = 1;
      }
      store.lSideCount[l] = 2;
    }
    expect(store.lineCount).toBe(600);
    expect(store.sideCount).toBe(1200);
    expect([store.lGroup[599], store.lLine[599], store.lSpan[599], store.lPrepared[599]]).toEqual([
      599 % 7,
      299.5,
      0.25,
      -1,
    ]);
    const side = store.lSideStart[599] + 1;
    expect([store.sName[side], store.pool[store.sStart[side]]]).toEqual([1, 1199]);
  });

  it('drops the lines added after a mark, and everything on clear', () => {
    const store = new LineStore();
    store.newLine(0, 1, 0);
    store.newSide(0);
    const mark = store.mark();
    store.newLine(0, 2, 0);
    store.newSide(1);
    store.reservePool(3);
    store.poolSize += 3;
    store.reset(mark);
    expect(store.mark()).toEqual({ lines: 1, sides: 1, pool: 0 });
    store.clear();
    expect(store.mark()).toEqual({ lines: 0, sides: 0, pool: 0 });
  });
});
