import {
  inPickRange,
  isPickCents,
  PICK_EDGE_RANGE,
  PICK_MAX_CENTS,
  PICK_MAX_PAYOUT_CENTS,
  pickDollarsToCents,
  pickOddsText,
  pickTimeIso,
  pickWholeDollarsToCents,
} from './pick-fields';
import { pickPayoutCents } from './pick';

// One rule per value of a pick, whichever door it comes through (bet slip, browser list, CSV file).
describe('pick values', () => {
  it('takes American odds as text or a number, and nothing else', () => {
    expect(['-110', ' +150 ', '-10000', '100.5'].map(pickOddsText)).toEqual(['-110', '+150', '-10000', '100.5']);
    expect([150, -110].map(pickOddsText)).toEqual(['150', '-110']);
    expect(
      [1e308, 123_456_789, Infinity, Number.NaN, 99, -99.5, 'abc', '+1x0', '1e308', '', '123456'].map(pickOddsText),
    ).toEqual(Array(11).fill(null));
  });

  it('takes a stake in whole cents up to $1,000,000, and an edge within its range', () => {
    const stake = (cents: number) => isPickCents(cents, PICK_MAX_CENTS);
    expect([0, 100_000_000].map(stake)).toEqual([true, true]);
    expect([-1, 100_000_001, 1.5, 1e308].map(stake)).toEqual([false, false, false, false]);
    expect([-100, 0, 1000].map((edge) => inPickRange(edge, PICK_EDGE_RANGE))).toEqual([true, true, true]);
    expect([1e308, -101, Number.NaN].map((edge) => inPickRange(edge, PICK_EDGE_RANGE))).toEqual([false, false, false]);
  });

  it('takes a payout up to the largest stake at the longest odds any door takes: every payout worked out fits', () => {
    const payout = (cents: number) => isPickCents(cents, PICK_MAX_PAYOUT_CENTS);
    expect([0, 100_100_000_000].map(payout)).toEqual([true, true]);
    expect([-1, 100_100_000_001, 1.5].map(payout)).toEqual([false, false, false]);
    // $1,000,000 at the longest odds pickOddsText takes, and a $10,000 bet at +10000 ($1,010,000)
    expect(payout(pickPayoutCents(PICK_MAX_CENTS, pickOddsText('+99999.99')!)!)).toBe(true);
    expect(pickPayoutCents(1_000_000, '+10000')).toBe(101_000_000);
  });

  it('takes ISO 8601 times from 1970 to 2099 as UTC, a time without offset as UTC', () => {
    expect(pickTimeIso('2026-11-01')).toBe('2026-11-01T00:00:00.000Z');
    expect(pickTimeIso('2026-11-01 18:30')).toBe('2026-11-01T18:30:00.000Z');
    expect(pickTimeIso('2026-11-01T18:30:00-05:00')).toBe('2026-11-01T23:30:00.000Z');
    for (const refused of [
      '0000-01-01',
      '1969-12-31T23:59:59Z',
      '2100-01-01',
      '9999-12-31',
      '11/02/2026',
      '2026-13-01',
    ])
      expect([refused, pickTimeIso(refused)]).toEqual([refused, null]);
  });

  /*
   * DECISIONS 25: money in integer cents, rounded half-up once. Read from the decimal as written, not from the binary
   * number it is stored as.
   * Source A: the Python documentation of round(): "round(2.675, 2) gives 2.67 instead of the expected 2.68", because
   * 2.675 is stored as 2.67499999999999982236431605997495353221893310546875.
   * Source B: Stack Overflow 56081685 (JavaScript and PHP calculations mismatch): Math.round(1.005 * 100) / 100 is 1, not
   * 1.01 (1.005 × 100 is 100.49999999999999).
   * By hand, in floating point: 1.275 × 100 is 127.49999999999999 and 0.285 × 100 is 28.499999999999996, yet written
   * they are ties and pay $1.28 and $0.29.
   */
  it('takes dollars as written in cents, half-up once from the decimal: 1.005 is $1.01, 2.675 is $2.68', () => {
    expect([1.005, 2.675, 1.275, 0.285, 10.499, 190.495, 19.995].map(pickDollarsToCents)).toEqual([
      101, 268, 128, 29, 1050, 19_050, 2000,
    ]);
    expect(
      ['1.005', ' 2.675 ', '25', '25.5', '$1,234.56', '0.005', '0.0049', '0.00499999'].map(pickDollarsToCents),
    ).toEqual([101, 268, 2500, 2550, 123_456, 1, 0, 0]);
    // numbers String writes with an exponent: under a millionth of a dollar, no cent
    expect([0, 1e-7, 1_000_000].map(pickDollarsToCents)).toEqual([0, 0, 100_000_000]);
    expect(['', 'ten', '-5', '1,23', '1.2.3', -5, Number.NaN, Infinity, 1e21].map(pickDollarsToCents)).toEqual(
      Array(9).fill(null),
    );
  });

  // spec 002 §4: a won pick's payout entered by hand is "rounded to a whole number", once, from the dollars given.
  it('takes a payout entered by hand in whole dollars, half-up once from the dollars: 10.499 is $10, not $11', () => {
    expect([10.499, 190.495, 10.5, 190.6, 2.675, 0.4999, 0, '$1,234.50'].map(pickWholeDollarsToCents)).toEqual([
      1000, 19_000, 1100, 19_100, 300, 0, 0, 123_500,
    ]);
    expect(['ten', -1, Number.NaN].map(pickWholeDollarsToCents)).toEqual([null, null, null]);
  });
});
