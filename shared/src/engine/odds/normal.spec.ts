import { normalCdf, normalQuantile } from './normal';

// Published values of the standard normal: Φ(0) = 0.5, Φ(1) = 0.841345, Φ(−1.959964) = 0.025.
describe('the standard normal', () => {
  it('gives the published CDF values', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1)).toBeCloseTo(0.841345, 6);
    expect(normalCdf(-1.959964)).toBeCloseTo(0.025, 6);
    expect(normalCdf(-9)).toBe(0);
    expect(normalCdf(9)).toBe(1);
  });

  it('inverts it', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.5)).toBeCloseTo(0, 7);
    for (const p of [0.01, 0.3, 0.62, 0.99]) expect(normalCdf(normalQuantile(p))).toBeCloseTo(p, 8);
  });
});
