import { visibleRange } from './virtual-range';

describe('windowed list range (thousands of rows stay smooth)', () => {
  const offsets = Array.from({ length: 10_001 }, (_, i) => i * 50); // 10,000 rows of 50 px

  it('renders only the rows in view plus the overscan', () => {
    expect(visibleRange(offsets, 0, 500, 5)).toEqual([0, 15]);
    expect(visibleRange(offsets, 100_000, 500, 5)).toEqual([1995, 2015]);
    expect(visibleRange(offsets, 499_600, 500, 5)).toEqual([9987, 10_000]);
  });

  it('handles rows of different heights and an empty list', () => {
    expect(visibleRange([0, 50, 350, 400], 60, 100, 0)).toEqual([1, 2]);
    expect(visibleRange([0], 0, 500, 5)).toEqual([0, 0]);
  });
});
