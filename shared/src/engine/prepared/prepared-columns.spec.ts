import { ColumnBuffer, ColumnPool } from './prepared-columns';

describe('ColumnPool', () => {
  it('hands a buffer given back out again, zero-filled over what is asked', () => {
    const pool = new ColumnPool();
    const first = pool.take(10_000);
    expect(first.byteLength).toBeGreaterThanOrEqual(10_000);
    new Uint8Array(first).fill(7);
    pool.give(first);
    const again = pool.take(9_000);
    expect(again).toBe(first);
    expect(new Uint8Array(again, 0, 9_000).every((byte) => byte === 0)).toBe(true);
  });

  it('takes back only its own buffers, each once', () => {
    const pool = new ColumnPool();
    const own = pool.take(4_096);
    pool.give(new ArrayBuffer(4_096));
    pool.give(own);
    pool.give(own);
    expect(pool.take(4_096)).toBe(own);
    // given twice, out once: the next is new, not the same buffer handed to two holders
    expect(pool.take(4_096)).not.toBe(own);
  });

  it('hands out a free buffer a little larger, never one too small', () => {
    const pool = new ColumnPool();
    const small = pool.take(4_096);
    const large = pool.take(40_000);
    pool.give(small);
    pool.give(large);
    expect(pool.take(30_000)).toBe(large);
    expect(pool.take(8_000)).not.toBe(small);
  });
});

describe('ColumnBuffer', () => {
  it("refuses more elements than it was sized for, though a pool's buffer is larger", () => {
    const pool = new ColumnPool();
    const columns = new ColumnBuffer(1, 1, 2, pool);
    columns.float(1);
    expect(() => columns.float(1)).toThrow(RangeError);
    columns.int(1);
    expect(() => columns.int(1)).toThrow(RangeError);
    columns.byte(2);
    expect(() => columns.byte(1)).toThrow(RangeError);
  });
});
