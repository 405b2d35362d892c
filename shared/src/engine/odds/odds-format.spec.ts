import { between, seededRandom } from '../../testing/seeded-random';
import {
  americanToDecimal,
  decimalToAmerican,
  decimalToAmericanRounded,
  decimalToFractional,
  detectOddsFormat,
  formatAmerican,
  conventionalFraction,
  formatFractional,
  fractionalToDecimal,
  impliedProbability,
  impliedProbabilityFromAmerican,
  isValidAmerican,
  parlayAmerican,
  parlayDecimal,
  probabilityToAmerican,
  toDecimal,
} from './odds-format';

describe('odds formats', () => {
  // spec 001 §2 odds format toggle: American, Decimal, Fractional
  it('converts American to decimal', () => {
    expect(americanToDecimal(150)).toBe(2.5);
    expect(americanToDecimal(-200)).toBe(1.5);
    expect(americanToDecimal(100)).toBe(2);
    expect(americanToDecimal(-100)).toBe(2);
    expect(americanToDecimal(-110)).toBeCloseTo(1.9090909090909, 12);
  });

  it('converts decimal to American', () => {
    expect(decimalToAmerican(2.5)).toBeCloseTo(150, 10);
    expect(decimalToAmerican(1.5)).toBeCloseTo(-200, 10);
    expect(decimalToAmerican(2)).toBe(100);
    expect(decimalToAmericanRounded(1.9090909)).toBe(-110);
    expect(formatAmerican(2.5)).toBe('+150');
    expect(formatAmerican(1.5)).toBe('-200');
  });

  // American odds between -100 and +100 exclusive are invalid
  it('rejects American odds inside (-100, +100)', () => {
    for (const american of [0, 50, -50, 99, -99.5]) {
      expect(isValidAmerican(american)).toBe(false);
      expect(() => americanToDecimal(american)).toThrow(RangeError);
      expect(impliedProbabilityFromAmerican(american)).toBeNull();
    }
    expect(isValidAmerican(100)).toBe(true);
    expect(isValidAmerican(-100)).toBe(true);
  });

  it('gives reduced fractions', () => {
    expect(decimalToFractional(americanToDecimal(-110))).toEqual({ numerator: 10, denominator: 11 });
    expect(decimalToFractional(2.5)).toEqual({ numerator: 3, denominator: 2 });
    expect(decimalToFractional(3)).toEqual({ numerator: 2, denominator: 1 });
    expect(decimalToFractional(1.8)).toEqual({ numerator: 4, denominator: 5 });
    expect(formatFractional(americanToDecimal(-120))).toBe('5/6');
    expect(fractionalToDecimal({ numerator: 11, denominator: 4 })).toBe(3.75);
  });

  // Fractional odds were exact but unreadable (735/701); they show the nearest conventional fraction
  it('shows the nearest conventional fraction', () => {
    expect(formatFractional(1 + 735 / 701)).toBe('1/1');
    expect(formatFractional(americanToDecimal(-110))).toBe('10/11');
    expect(formatFractional(americanToDecimal(150))).toBe('6/4');
    expect(formatFractional(americanToDecimal(-150))).toBe('4/6');
    expect(formatFractional(americanToDecimal(-105))).toBe('10/11');
    expect(formatFractional(americanToDecimal(269))).toBe('11/4');
    expect(formatFractional(americanToDecimal(2500))).toBe('25/1');
    expect(formatFractional(1.001)).toBe('1/100');
    expect(formatFractional(5000)).toBe('1000/1');
    expect(conventionalFraction(3.05)).toEqual({ numerator: 2, denominator: 1 });
  });

  // spec 001 §5: implied probability counts only strictly between 0 and 1; a price of 0 is ignored
  it('implied probability is null outside (0, 1)', () => {
    expect(impliedProbability(2)).toBe(0.5);
    expect(impliedProbability(0)).toBeNull();
    expect(impliedProbability(1)).toBeNull();
    expect(impliedProbability(0.5)).toBeNull();
    expect(impliedProbability(-3)).toBeNull();
    expect(impliedProbability(Number.NaN)).toBeNull();
    expect(impliedProbabilityFromAmerican(-110)).toBeCloseTo(110 / 210, 12);
    expect(impliedProbabilityFromAmerican(150)).toBeCloseTo(0.4, 12);
  });

  it('prices parlays as the product of decimal odds', () => {
    expect(parlayDecimal([2, 1.5, 3])).toBe(9);
    // two -110 legs: 1.90909² = 3.64463 → +264.46
    expect(parlayAmerican([-110, -110])).toBeCloseTo(264.4628, 4);
    expect(() => parlayDecimal([])).toThrow(RangeError);
    expect(() => parlayDecimal([2, 1])).toThrow(RangeError);
  });

  it('detects the format of a board', () => {
    expect(detectOddsFormat([-110, 120])).toBe('american');
    expect(detectOddsFormat([150, 240])).toBe('american');
    expect(detectOddsFormat([1.91, 2.05])).toBe('decimal');
    expect(detectOddsFormat([0, 1, 41])).toBe('decimal');
    expect(detectOddsFormat([0])).toBeNull();
    expect(toDecimal(-110, 'american')).toBeCloseTo(1.909090909, 9);
    expect(toDecimal(0, 'american')).toBeNull();
    expect(toDecimal(1, 'decimal')).toBeNull();
  });

  // Property: conversions round-trip
  it('round-trips American → decimal → American and decimal → fractional → decimal', () => {
    const random = seededRandom(20260110);
    for (let i = 0; i < 5000; i++) {
      const american = Math.round(between(random, 100, 5000)) * (random() < 0.5 ? -1 : 1);
      expect(decimalToAmerican(americanToDecimal(american))).toBeCloseTo(american, 8);
      expect(decimalToAmericanRounded(americanToDecimal(american))).toBe(american);
      const decimal = americanToDecimal(american);
      const probability = impliedProbability(decimal)!;
      expect(probabilityToAmerican(probability)).toBeCloseTo(american, 6);
      const fraction = decimalToFractional(decimal, 100_000);
      expect(fractionalToDecimal(fraction)).toBeCloseTo(decimal, 9);
      const numerator = 1 + Math.floor(random() * 50);
      const denominator = 1 + Math.floor(random() * 50);
      const reduced = decimalToFractional(fractionalToDecimal({ numerator, denominator }));
      expect(reduced.numerator / reduced.denominator).toBeCloseTo(numerator / denominator, 12);
    }
  });
});
