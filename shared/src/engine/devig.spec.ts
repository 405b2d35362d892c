import { between, seededRandom } from '../testing/seeded-random';
import { bookMargin, devig, DEVIG_METHODS, type DevigMethod } from './devig';

const probabilities = (odds: number[], method: DevigMethod) => {
  const result = devig(odds, method);
  if (!result.ok) throw new Error(`${method} failed: ${result.reason}`);
  return result;
};
const expectClose = (actual: number[], expected: number[], digits: number) =>
  expected.forEach((e, i) => expect(actual[i]).toBeCloseTo(e, digits));

/*
 * Source A: the R package `implied` (J. C. Lindstrøm), README / introduction vignette, github.com/opisthokonta/implied,
 * three football matches (Home, Draw, Away), outputs printed to 7 digits.
 * Source B: penaltyblog (M. Eastwood), test/test_implied.py, github.com/martineastwood/penaltyblog, odds
 * [2.7, 2.3, 4.4], expected values asserted there to 4 decimal places (assertAlmostEqual(a, b, 4)).
 * Source C: mberk/shin README and tests/test_shin.py, github.com/mberk/shin.
 */
const IMPLIED_ODDS = [
  [4.2, 3.7, 1.95],
  [2.45, 3.7, 2.9],
  [2.05, 3.2, 3.8],
];
const PENALTYBLOG_ODDS = [2.7, 2.3, 4.4];

describe('devig: published numbers', () => {
  describe('multiplicative (basic normalisation)', () => {
    it('matches implied README res1$probabilities and res1$margin', () => {
      const expected = [
        [0.2331556, 0.2646631, 0.5021813],
        [0.3988848, 0.2641264, 0.3369888],
        [0.4586948, 0.2938514, 0.2474538],
      ];
      const margins = [0.02118602, 0.02326112, 0.06346277];
      IMPLIED_ODDS.forEach((odds, i) => {
        const r = probabilities(odds, 'multiplicative');
        expectClose(r.probabilities, expected[i], 6);
        expect(r.margin).toBeCloseTo(margins[i], 7);
      });
    });
    it('matches penaltyblog test_multiplicative', () => {
      expectClose(probabilities(PENALTYBLOG_ODDS, 'multiplicative').probabilities, [0.358738, 0.4211273, 0.2201347], 4);
    });
  });

  describe('additive', () => {
    it('matches penaltyblog test_additive', () => {
      expectClose(probabilities(PENALTYBLOG_ODDS, 'additive').probabilities, [0.3595618, 0.423974, 0.2164642], 4);
    });
    // implied README "wpo": p_i = (n − M·O_i) / (n·O_i) = 1/O_i − M/n, which is the additive formula; its
    // published res3$probabilities are therefore additive results
    it('matches implied README wpo probabilities (the same formula)', () => {
      const expected = [
        [0.2310332, 0.2632083, 0.5057585],
        [0.4004096, 0.2625166, 0.3370739],
        [0.4666506, 0.2913457, 0.2420036],
      ];
      IMPLIED_ODDS.forEach((odds, i) => expectClose(probabilities(odds, 'additive').probabilities, expected[i], 6));
    });
    // mberk/shin README: with two outcomes Shin equals the additive method; [1.5, 2.74] → 0.6508515815085157, 0.3491484184914841
    it('matches mberk/shin two-outcome result', () => {
      expectClose(probabilities([1.5, 2.74], 'additive').probabilities, [0.6508515815085157, 0.3491484184914841], 12);
    });
    // implied vignette (example of Clarke et al. 2017) and issue 3: negative probabilities are flagged, not passed on
    it('flags the negative probability of implied vignette my_odds2', () => {
      const odds = [0.87, 0.2, 0.1, 0.05, 0.02, 0.01].map((p) => 1 / p);
      expect(devig(odds, 'additive')).toMatchObject({ ok: false, reason: 'negative_probability' });
    });
  });

  describe('power', () => {
    it('matches implied README res4 (power) probabilities and exponents', () => {
      const expected = [
        [0.2311414, 0.2630644, 0.5057942],
        [0.4003156, 0.2627189, 0.3369655],
        [0.4667139, 0.2908985, 0.2423876],
      ];
      // implied prints the inverse exponent n with p = r^(1/n): our k = 1/n
      const inverseExponents = [0.9797664, 0.9788115, 0.9419744];
      IMPLIED_ODDS.forEach((odds, i) => {
        const r = probabilities(odds, 'power');
        // implied solves with uniroot (tolerance ~1e-5 on the exponent): agreement to 5e-6
        expectClose(r.probabilities, expected[i], 5);
        expect(1 / r.parameter!).toBeCloseTo(inverseExponents[i], 4);
      });
    });
    it('matches penaltyblog test_power', () => {
      expectClose(probabilities(PENALTYBLOG_ODDS, 'power').probabilities, [0.3591708, 0.4237291, 0.2171001], 4);
    });
  });

  describe('shin', () => {
    it('matches mberk/shin README: three outcomes by iteration, z included', () => {
      const r = probabilities([2.6, 2.4, 4.3], 'shin');
      expectClose(r.probabilities, [0.37299406033208965, 0.4047794109200184, 0.2222265287474275], 10);
      expect(r.parameter).toBeCloseTo(0.01694251276407055, 10);
      expect(r.iterations).toBeGreaterThan(0);
    });
    it('matches mberk/shin README: two outcomes in closed form (no iterations)', () => {
      const r = probabilities([1.5, 2.74], 'shin');
      expectClose(r.probabilities, [0.6508515815085157, 0.3491484184914841], 12);
      expect(r.parameter).toBeCloseTo(0.03172728540646625, 12);
      expect(r.iterations).toBe(0);
    });
    it('matches implied README res2 (shin) probabilities and z values', () => {
      const expected = [
        [0.2315716, 0.2635742, 0.5048542],
        [0.4000221, 0.2629271, 0.3370508],
        [0.4645882, 0.2919788, 0.2434331],
      ];
      const zvalues = [0.01061048, 0.01163552, 0.03182353];
      IMPLIED_ODDS.forEach((odds, i) => {
        const r = probabilities(odds, 'shin');
        // implied's 'js' iteration stops earlier than ours (tolerance 1e-12): agreement to 5e-6, z to 5e-5
        expectClose(r.probabilities, expected[i], 5);
        expect(r.parameter).toBeCloseTo(zvalues[i], 4);
      });
    });
    it('matches penaltyblog test_shin', () => {
      expectClose(probabilities(PENALTYBLOG_ODDS, 'shin').probabilities, [0.3593461, 0.4232517, 0.2174022], 4);
    });
  });

  describe('odds ratio', () => {
    it('matches implied README res4 (or) probabilities and odds ratios', () => {
      const expected = [
        [0.2320048, 0.2636415, 0.5043537],
        [0.3996912, 0.2633869, 0.3369219],
        [0.4634406, 0.2919032, 0.2446562],
      ];
      const oddsRatios = [1.034449, 1.035805, 1.102606];
      IMPLIED_ODDS.forEach((odds, i) => {
        const r = probabilities(odds, 'odds_ratio');
        expectClose(r.probabilities, expected[i], 5);
        expect(r.parameter).toBeCloseTo(oddsRatios[i], 4);
      });
    });
    it('matches penaltyblog test_odds_ratio', () => {
      expectClose(probabilities(PENALTYBLOG_ODDS, 'odds_ratio').probabilities, [0.3588103, 0.4225611, 0.2186286], 4);
    });
  });
});

describe('devig: rules', () => {
  // issue 3: worst case is the most conservative fair probability of the methods
  it('worst case takes, per outcome, the lowest probability of the methods', () => {
    const worst = probabilities(PENALTYBLOG_ODDS, 'worst_case').probabilities;
    const each = (['multiplicative', 'additive', 'power', 'shin', 'odds_ratio'] as const).map((m) => probabilities(PENALTYBLOG_ODDS, m).probabilities);
    worst.forEach((p, i) => expect(p).toBe(Math.min(...each.map((e) => e[i]))));
    expect(worst.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
  });

  it('worst case skips a method that fails on the market (additive negative probability)', () => {
    const odds = [0.87, 0.2, 0.1, 0.05, 0.02, 0.01].map((p) => 1 / p);
    const worst = devig(odds, 'worst_case');
    expect(worst.ok).toBe(true);
    if (worst.ok) expect(worst.probabilities.every((p) => p > 0)).toBe(true);
  });

  // issue 3: an underround market is reported as such, never a crash or a silent NaN
  it.each(DEVIG_METHODS)('%s reports an underround market', (method) => {
    expect(devig([2.1, 2.1], method)).toMatchObject({ ok: false, reason: 'underround' });
  });

  it.each(DEVIG_METHODS)('%s rejects invalid odds', (method) => {
    expect(devig([2], method)).toMatchObject({ ok: false, reason: 'invalid_odds' });
    expect(devig([0, 2], method)).toMatchObject({ ok: false, reason: 'invalid_odds' });
    expect(devig([1, 3], method)).toMatchObject({ ok: false, reason: 'invalid_odds' });
    expect(devig([Number.NaN, 3], method)).toMatchObject({ ok: false, reason: 'invalid_odds' });
  });

  it('a market with no margin is its own fair line', () => {
    for (const method of DEVIG_METHODS) expectClose(probabilities([2, 2], method).probabilities, [0.5, 0.5], 12);
  });

  it('bookMargin is Σ 1/decimal − 1', () => {
    expect(bookMargin([1.909090909, 1.909090909])).toBeCloseTo(0.047619, 6);
  });

  // issue 3 property: de-vigged probabilities sum to 1 (every method but worst case, which is a bound)
  it('de-vigged probabilities sum to 1 and stay in (0, 1)', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 2000; i++) {
      const n = 2 + Math.floor(random() * 4);
      const truth = Array.from({ length: n }, () => between(random, 0.05, 1));
      const total = truth.reduce((a, b) => a + b, 0);
      const margin = between(random, 0.001, 0.12);
      const odds = truth.map((t) => 1 / ((t / total) * (1 + margin)));
      if (odds.some((o) => o <= 1)) continue;
      for (const method of ['multiplicative', 'additive', 'power', 'shin', 'odds_ratio'] as const) {
        const r = devig(odds, method);
        if (!r.ok) {
          expect(r.reason).toBe('negative_probability');
          continue;
        }
        expect(r.probabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
        r.probabilities.forEach((p) => expect(p > 0 && p < 1).toBe(true));
      }
    }
  });
});
