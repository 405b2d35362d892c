import { americanToDecimal } from './odds-format';
import {
  apportionCents,
  dollarsToCents,
  formatDollars,
  formatMoney,
  payoutCents,
  plural,
  profitCents,
  roundHalfUpCents,
  wholeDollarsToCents,
  wholeNumber,
} from './money';

// DECISIONS 25: money in integer cents, rounded half-up at the last step, as the books pay it.
describe('payoutCents — half-up to the cent (DECISIONS 25)', () => {
  /*
   * Source A: DECISIONS 25 itself — "a $100 bet at −110 pays $190.91".
   * Source B: playersedge.org, "What does bet the middle mean?": two $100 bets at −110 each win "$90.91"
   * (100 × 100/110 = 90.909… → 90.91).
   * By hand: 10,000 cents × (1 + 100/110) = 19,090.909… cents → 19,091.
   */
  it('$100 at −110 pays $190.91 (to win $90.91), not the $190.90 of rounding down', () => {
    expect(payoutCents(10_000, americanToDecimal(-110))).toBe(19_091);
    expect(profitCents(10_000, americanToDecimal(-110))).toBe(9_091);
  });

  /*
   * Source: J. Buchdahl, Fixed Odds Sports Betting (2003), the Greece v Ireland arbitrage (20 Nov 2002), as reprinted
   * at kappara.ru: £28.57 on the draw at 3.50 returns £100 — 2,857 × 3.5 = 9,999.5 cents, an exact tie, half-up → 10,000.
   */
  it('a tie on half a cent rounds up (£28.57 at 3.50 returns £100.00)', () => {
    expect(payoutCents(2_857, 3.5)).toBe(10_000);
  });

  it('keeps ties that floating point lands a hair below .5 (3 cents at 1.15 is 3.45 cents; 1,000 at 1.005 is 1,005)', () => {
    expect(3 * 1.15).toBeLessThan(3.45);
    expect(payoutCents(3, 1.15)).toBe(3);
    expect(1000 * 1.005).toBeLessThan(1005);
    expect(roundHalfUpCents(1000 * 1.005 - 0.5)).toBe(1005);
    expect(payoutCents(700, 1.005)).toBe(704); // 703.5 (703.4999… in floating point) → 704
    expect(roundHalfUpCents(11.4999)).toBe(11);
  });

  it('rounds negative amounts half away from zero and converts dollars', () => {
    expect(roundHalfUpCents(-908.5)).toBe(-909);
    expect(dollarsToCents(19.995)).toBe(2_000);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(() => roundHalfUpCents(Number.NaN)).toThrow(RangeError);
  });
});

// DECISIONS 25: every amount a user types or a file records is read by one rule, from the decimal as written
describe('dollarsToCents — dollars as written, half-up once to the cent', () => {
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
    expect([1.005, 2.675, 1.275, 0.285, 10.499, 190.495, 19.995].map(dollarsToCents)).toEqual([
      101, 268, 128, 29, 1050, 19_050, 2000,
    ]);
    expect(
      ['1.005', ' 2.675 ', '25', '25.5', '$1,234.56', '0.005', '0.0049', '0.00499999'].map(dollarsToCents),
    ).toEqual([101, 268, 2500, 2550, 123_456, 1, 0, 0]);
    // numbers String writes with an exponent: under a millionth of a dollar, no cent
    expect([0, 1e-7, 1_000_000].map(dollarsToCents)).toEqual([0, 0, 100_000_000]);
    expect(['', 'ten', '1,23', '1.2.3', '.', '$', '-', '1e3', Number.NaN, Infinity, 1e21].map(dollarsToCents)).toEqual(
      Array(11).fill(null),
    );
  });

  // spec 002 §4: a won pick's payout entered by hand is "rounded to a whole number", once, from the dollars given.
  it('takes a payout entered by hand in whole dollars, half-up once from the dollars: 10.499 is $10, not $11', () => {
    expect([10.499, 190.495, 10.5, 190.6, 2.675, 0.4999, 0, '$1,234.50'].map(wholeDollarsToCents)).toEqual([
      1000, 19_000, 1100, 19_100, 300, 0, 0, 123_500,
    ]);
    expect(['ten', Number.NaN].map(wholeDollarsToCents)).toEqual([null, null]);
  });

  // The bet slip's stake box read "$10.075" as Math.round(10.075 * 100): 1007.4999… cents, so $10.07, not $10.08.
  it('reads a typed stake of 10.075 as $10.08, and what an input of type number may hold (".5", "5.", "-3")', () => {
    expect(10.075 * 100).toBeLessThan(1007.5);
    // the float reading with its tie epsilon made 10.00499999999 (under half a cent over $10.00) $10.01
    expect(
      ['10.075', 10.075, '10.005', '10.00499999999', '.5', '5.', '-3', '-0.005', '-0.004', '0.995'].map(dollarsToCents),
    ).toEqual([1008, 1008, 1001, 1000, 50, 500, -300, -1, 0, 100]);
  });
});

// spec 001 §5: the stakes of an arbitrage or middle add up to its total, never more
describe('apportionCents — shares of a total in whole cents', () => {
  it('rounds the shares half-up would round up, save the second half of a tie, so they add up to the total', () => {
    // $100 at 1.95 / 2.21: 5,312.5 and 4,687.5 cents (half-up each: 10,001)
    expect(apportionCents([5312.5, 4687.5], 10_000)).toEqual([5313, 4687]);
    expect(apportionCents([5000.5, 5000.5], 10_001)).toEqual([5001, 5000]);
    // a third each of a dollar: half-up each would stake 99 cents; the first takes the cent left
    expect(apportionCents([100 / 3, 100 / 3, 100 / 3], 100)).toEqual([34, 33, 33]);
    // the largest remainder wins the cent, not the first share
    expect(apportionCents([20.2, 30.3, 49.5], 100)).toEqual([20, 30, 50]);
    expect(apportionCents([4940, 5060], 10_000)).toEqual([4940, 5060]);
  });
});

// One money rule for every screen — "worst case $-7.63" read as a typo; the sign goes first.
describe('formatMoney — −$7.63, one rule', () => {
  it('puts the minus sign (U+2212) before the dollar sign', () => {
    expect(formatMoney(-763)).toBe('\u2212$7.63');
    expect(formatDollars(-7.63)).toBe('\u2212$7.63');
  });

  it('writes two decimals and separates thousands', () => {
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(500)).toBe('$5.00');
    expect(formatMoney(-100000000)).toBe('\u2212$1,000,000.00');
  });

  it('signs gains only when asked, and never zero', () => {
    expect(formatMoney(4035, { signed: true })).toBe('+$40.35');
    expect(formatMoney(4035)).toBe('$40.35');
    expect(formatMoney(0, { signed: true })).toBe('$0.00');
    expect(formatMoney(-0.4)).toBe('$0.00');
  });

  it('rounds dollars half-up to the cent once (DECISIONS 25)', () => {
    expect(formatDollars(190.905)).toBe('$190.91');
    expect(formatDollars(-9.085)).toBe('\u2212$9.09');
  });

  it('refuses what is not an amount', () => {
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
  });
});

describe('plural: "1 bets"', () => {
  it('agrees the noun with the count', () => {
    expect(plural(1, 'bet')).toBe('1 bet');
    expect(plural(0, 'bet')).toBe('0 bets');
    expect(plural(1234, 'bet')).toBe('1,234 bets');
    expect(plural(2, 'match', 'matches')).toBe('2 matches');
  });
});

describe('wholeNumber and formatMoney write numbers as en-US toLocaleString does, without Intl', () => {
  it('groups thousands', () => {
    const numbers = [
      0,
      7,
      -7,
      12,
      999,
      1000,
      -1000,
      1234,
      12345,
      123456,
      1234567,
      -98765432,
      Number.MAX_SAFE_INTEGER,
      1.5,
      1e21,
    ];
    for (const n of numbers) expect(wholeNumber(n)).toBe(n.toLocaleString('en-US'));
  });

  it('writes amounts of cents with two decimals', () => {
    for (const cents of [0, 1, 9, 10, 99, 100, 105, 12345, 100000, 123456789, -1, -250075]) {
      const expected = `$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
      expect(formatMoney(cents)).toBe(cents < 0 ? `\u2212${expected}` : expected);
    }
  });
});
