import { between, seededRandom } from '../../testing/seeded-random';
import { americanToDecimal } from './odds-format';
import {
  binomialJsDistance,
  bookHold,
  bookMargin,
  bookOverround,
  devig,
  DEFAULT_BLEND,
  DEVIG_METHODS,
  type DevigMethod,
} from './devig';

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
    // implied vignette (example of Clarke et al. 2017) and the rule that negative probabilities are flagged, not passed on
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

describe('devig: every method, published numbers', () => {
  /*
   * Source A: `implied` README ("Margin Weights Proportional to the Odds"), res3$probabilities and res3$specific_margins.
   * Source B: penaltyblog test_implied.py test_differential_margin_weighting (its docstring: Buchdahl's Wisdom of the
   * Crowd), odds [2.7, 2.3, 4.4] → [0.3595618, 0.423974, 0.2164642].
   * By hand (first match): M = 0.02118602, F_home = 3 × 4.2 / (3 − 0.02118602 × 4.2) = 4.3283828, p = 0.2310332,
   * specific margin M·F/n = 0.0305671.
   */
  describe('wpo (Buchdahl: margin weights proportional to the odds)', () => {
    it('matches implied README res3 probabilities and specific margins', () => {
      const expected = [
        [0.2310332, 0.2632083, 0.5057585],
        [0.4004096, 0.2625166, 0.3370739],
        [0.4666506, 0.2913457, 0.2420036],
      ];
      const specificMargins = [
        [0.03056706, 0.02683049, 0.0139632],
        [0.01936444, 0.02953607, 0.02300299],
        [0.04533211, 0.07260878, 0.08741297],
      ];
      IMPLIED_ODDS.forEach((odds, i) => {
        const r = probabilities(odds, 'wpo');
        expectClose(r.probabilities, expected[i], 6);
        expectClose(r.specificMargins!, specificMargins[i], 7);
      });
    });
    it('matches penaltyblog test_differential_margin_weighting', () => {
      expectClose(probabilities(PENALTYBLOG_ODDS, 'wpo').probabilities, [0.3595618, 0.423974, 0.2164642], 4);
    });
    // implied test_1.R: my_odds2 (Clarke et al. 2017) is "problematic with the wpo method" — flagged, not passed on
    it('flags the negative probability of implied my_odds2', () => {
      expect(
        devig(
          [0.87, 0.2, 0.1, 0.05, 0.02, 0.01].map((p) => 1 / p),
          'wpo',
        ),
      ).toMatchObject({ ok: false, reason: 'negative_probability' });
    });
  });

  /*
   * Source A: `implied` introduction vignette (CRAN 0.5, inst/doc/introduction.html), res8 ('bb'): probabilities and
   * zvalues. Source B, by hand from Fingleton & Waldron's closed form z = (Σr − 1)/(n − 1), p = (r − z)/(1 − z):
   * first match, Σr = 1.02118602, z = 0.01059301, p_home = (0.23809524 − 0.01059301)/0.98940699 = 0.22993796.
   */
  describe('balanced_book (Fingleton & Waldron 1999)', () => {
    it('matches implied vignette res8 probabilities and z values', () => {
      const expected = [
        [0.229938, 0.2624575, 0.5076046],
        [0.4011989, 0.2616832, 0.3371179],
        [0.4710196, 0.2899698, 0.2390106],
      ];
      const zvalues = [0.01059301, 0.01163056, 0.03173139];
      IMPLIED_ODDS.forEach((odds, i) => {
        const r = probabilities(odds, 'balanced_book');
        expectClose(r.probabilities, expected[i], 6);
        expect(r.parameter).toBeCloseTo(zvalues[i], 8);
      });
    });
    it('matches the closed form worked by hand', () => {
      const r = probabilities(IMPLIED_ODDS[0], 'balanced_book');
      expect(r.parameter).toBeCloseTo(0.02118602 / 2, 8);
      expect(r.probabilities[0]).toBeCloseTo((1 / 4.2 - 0.01059301) / (1 - 0.01059301), 7);
    });
  });

  /*
   * Source A: `implied` introduction vignette (CRAN 0.5), res9 ('jsd'): probabilities and distances. implied solves
   * with uniroot at its default tolerances (1e-6 on D, about 1e-4 on each p), so agreement is to 4 decimals on p and
   * 1e-5 on D; every outcome here sits exactly at one distance D from its implied probability (checked below).
   * Source B: SciPy's documented example of the Jensen–Shannon distance (scipy.spatial.distance.jensenshannon,
   * natural log): [1, 0] against [0.5, 0.5] is 0.46450140402245893 — by hand, m = (0.75, 0.25),
   * KL(p‖m) = ln(1/0.75) = 0.2876821, KL(q‖m) = ½ln(2/3) + ½ln 2 = 0.1438410, √((0.2876821 + 0.1438410)/2) = 0.4645014.
   */
  describe('jensen_shannon (C. D. Long)', () => {
    it('matches implied vignette res9 probabilities and distances', () => {
      const expected = [
        [0.2315189, 0.2634117, 0.5050694],
        [0.4000505, 0.2629589, 0.3369906],
        [0.4650456, 0.2915675, 0.2433869],
      ];
      const distances = [0.005485371, 0.005849245, 0.016099204];
      IMPLIED_ODDS.forEach((odds, i) => {
        const r = probabilities(odds, 'jensen_shannon');
        expectClose(r.probabilities, expected[i], 4);
        expect(r.parameter).toBeCloseTo(distances[i], 5);
        // the defining property: every outcome at the same JS distance from its implied probability
        odds.forEach((o, k) => expect(binomialJsDistance(r.probabilities[k], 1 / o)).toBeCloseTo(r.parameter!, 9));
      });
    });
    it('measures the binomial distance as SciPy documents it', () => {
      expect(binomialJsDistance(1, 0.5)).toBeCloseTo(0.46450140402245893, 12);
      expect(binomialJsDistance(0.3, 0.3)).toBe(0);
    });
    it('gives a symmetric market its even line (−110 / −110 → ½, ½)', () => {
      const r = probabilities([americanToDecimal(-110), americanToDecimal(-110)], 'jensen_shannon');
      expectClose(r.probabilities, [0.5, 0.5], 12);
    });
  });

  /*
   * Blend: the mean of the chosen methods' probabilities (as DarkHorse's "blend" of its source methods).
   * Source A: implied README res1 (basic) and res3 (wpo) on the first match; Source B: penaltyblog's four published
   * results on [2.7, 2.3, 4.4], averaged by hand.
   */
  describe('blend', () => {
    it('averages implied README basic and wpo results', () => {
      const basic = [0.2331556, 0.2646631, 0.5021813];
      const wpoResult = [0.2310332, 0.2632083, 0.5057585];
      const r = devig(IMPLIED_ODDS[0], 'blend', { blend: ['multiplicative', 'wpo'] });
      expect(r).toMatchObject({ ok: true, blended: ['multiplicative', 'wpo'] });
      if (r.ok)
        expectClose(
          r.probabilities,
          basic.map((b, i) => (b + wpoResult[i]) / 2),
          6,
        );
    });
    it('averages the default four (multiplicative, additive, power, Shin) as penaltyblog publishes them', () => {
      const published = [
        [0.358738, 0.4211273, 0.2201347],
        [0.3595618, 0.423974, 0.2164642],
        [0.3591708, 0.4237291, 0.2171001],
        [0.3593461, 0.4232517, 0.2174022],
      ];
      expect(DEFAULT_BLEND).toEqual(['multiplicative', 'additive', 'power', 'shin']);
      const mean = [0, 1, 2].map((i) => published.reduce((s, p) => s + p[i], 0) / 4);
      expectClose(probabilities(PENALTYBLOG_ODDS, 'blend').probabilities, mean, 4);
    });
    it('leaves out a method that fails on the market', () => {
      const odds = [0.87, 0.2, 0.1, 0.05, 0.02, 0.01].map((p) => 1 / p);
      const r = devig(odds, 'blend', { blend: ['additive', 'multiplicative'] });
      expect(r).toMatchObject({ ok: true, blended: ['multiplicative'] });
      expect(devig(odds, 'blend', { blend: ['additive'] })).toMatchObject({ ok: false });
    });
  });
});

/*
 * Hold (the book's theoretical win, 1 − 1/Σ implied) against overround (Σ implied − 1).
 * Source A: Unabated, "Learn about the hold calculator": −110/−110 holds 4.55 %; +260/−245 holds −1.22 % (an
 * arbitrage); +120/+220/+200 (2.2/3.2/3.0) holds 9.12 %.
 * Source B: onlinesportsbettingsystem.com, "Theoretical hold in sports betting": −110 both ways holds 4.55 %;
 * −170/+150 has an overround of 102.96 % and a hold of 2.87 %.
 */
describe('bookHold and bookOverround', () => {
  const a = americanToDecimal;
  it('reproduces Unabated’s hold calculator', () => {
    expect(bookHold([a(-110), a(-110)]) * 100).toBeCloseTo(4.55, 2);
    expect(bookOverround([a(-110), a(-110)]) * 100).toBeCloseTo(4.76, 2);
    expect(bookHold([a(260), a(-245)]) * 100).toBeCloseTo(-1.22, 2);
    expect(bookHold([2.2, 3.2, 3.0]) * 100).toBeCloseTo(9.12, 2);
  });
  it('reproduces the theoretical hold of a −170/+150 moneyline', () => {
    expect((1 + bookOverround([a(-170), a(150)])) * 100).toBeCloseTo(102.96, 2);
    // 1 − 1/1.0296296 = 2.8777 %: the page truncates it to 2.87 %
    expect(Math.floor(bookHold([a(-170), a(150)]) * 10_000) / 100).toBe(2.87);
    expect(bookMargin([a(-170), a(150)])).toBe(bookOverround([a(-170), a(150)]));
  });
});

describe('devig: rules', () => {
  // Worst case is the most conservative fair probability of the methods
  it('worst case takes, per outcome, the lowest probability of the methods', () => {
    const worst = probabilities(PENALTYBLOG_ODDS, 'worst_case').probabilities;
    const each = (['multiplicative', 'additive', 'power', 'shin', 'odds_ratio'] as const).map(
      (m) => probabilities(PENALTYBLOG_ODDS, m).probabilities,
    );
    worst.forEach((p, i) => expect(p).toBe(Math.min(...each.map((e) => e[i]))));
    expect(worst.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
  });

  it('worst case skips a method that fails on the market (additive negative probability)', () => {
    const odds = [0.87, 0.2, 0.1, 0.05, 0.02, 0.01].map((p) => 1 / p);
    const worst = devig(odds, 'worst_case');
    expect(worst.ok).toBe(true);
    if (worst.ok) expect(worst.probabilities.every((p) => p > 0)).toBe(true);
  });

  // An underround market is reported as such, never a crash or a silent NaN
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

  // Property: de-vigged probabilities sum to 1 (every method but worst case, which is a bound)
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

  // The new methods keep the same promises on random markets (2 to 5 outcomes, 0.1–12 % margin)
  it('wpo, balanced book, Jensen–Shannon and blend sum to 1 and stay in (0, 1), or say why not', () => {
    const random = seededRandom(20);
    let solved = 0;
    for (let i = 0; i < 2000; i++) {
      const n = 2 + Math.floor(random() * 4);
      const truth = Array.from({ length: n }, () => between(random, 0.05, 1));
      const total = truth.reduce((a, b) => a + b, 0);
      const margin = between(random, 0.001, 0.12);
      const odds = truth.map((t) => 1 / ((t / total) * (1 + margin)));
      if (odds.some((o) => o <= 1)) continue;
      for (const method of ['wpo', 'balanced_book', 'jensen_shannon', 'blend'] as const) {
        const r = devig(odds, method, { blend: ['jensen_shannon', 'balanced_book', 'odds_ratio'] });
        if (!r.ok) {
          expect(r.reason).toBe('negative_probability');
          continue;
        }
        solved++;
        expect(r.probabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
        r.probabilities.forEach((p) => expect(p > 0 && p < 1).toBe(true));
      }
    }
    expect(solved).toBeGreaterThan(7000);
  });
});
