import { bookWeight, evPercent, expectedValue, weightedMedian } from './fair-probability';

describe('fair probability', () => {
  // spec 001 §5: weights for the weighted median of book quality
  it('weights books as spec 001 §5 lists them', () => {
    expect(bookWeight('pinnacle')).toBe(3);
    for (const key of ['circa', 'circasports', 'novig', 'prophet_exchange', 'prophetx'])
      expect(bookWeight(key)).toBe(2.5);
    expect(bookWeight('lowvig')).toBe(2);
    for (const key of ['draftkings', 'fanduel', 'betmgm', 'caesars', 'williamhill_us'])
      expect(bookWeight(key)).toBe(1.5);
    for (const key of ['bovada', 'betrivers', 'some_new_book']) expect(bookWeight(key)).toBe(1);
  });

  it('weighted median: the value where cumulative weight passes half', () => {
    expect(weightedMedian([0.5, 0.6, 0.7], [1, 1, 1])).toBe(0.6);
    // pinnacle (3) outweighs two books of 1
    expect(weightedMedian([0.52, 0.5, 0.51], [3, 1, 1])).toBe(0.52);
    // exactly half: the mean of the two middle values
    expect(weightedMedian([0.4, 0.6], [1, 1])).toBe(0.5);
    expect(weightedMedian([0.4, 0.5, 0.6, 0.7], [1.5, 1.5, 1.5, 1.5])).toBeCloseTo(0.55, 12);
    expect(weightedMedian([], [])).toBeNull();
    expect(() => weightedMedian([1], [])).toThrow(RangeError);
  });

  // DECISIONS 10: EV% = fair probability × decimal odds − 1
  it('EV is fair probability × decimal − 1', () => {
    expect(expectedValue(0.5, 2.1)).toBeCloseTo(0.05, 12);
    expect(evPercent(0.5, 2.1)).toBeCloseTo(5, 10);
    expect(evPercent(0.5, 1.909090909)).toBeCloseTo(-4.5454545, 6);
  });
});
