import {
  baseStakeCents,
  kellyFraction,
  kellyMutuallyExclusive,
  QUICK_PARLAY_AMOUNTS,
  DEFAULT_QUICK_BET_AMOUNT,
  recommendedMutuallyExclusiveStakesCents,
  recommendedStakeCents,
  RISK_PROFILES,
} from './sizing';

describe('sizing', () => {
  // Kelly f* = (p·O − 1)/(O − 1)
  it('full Kelly', () => {
    // p = 0.55 at even money: (1.1 − 1) / 1 = 0.1
    expect(kellyFraction(0.55, 2)).toBeCloseTo(0.1, 12);
    // p = 0.6 at 2.5: (1.5 − 1) / 1.5 = 1/3
    expect(kellyFraction(0.6, 2.5)).toBeCloseTo(1 / 3, 12);
    expect(kellyFraction(0.4, 2)).toBeCloseTo(-0.2, 12);
    expect(() => kellyFraction(0.5, 1)).toThrow(RangeError);
  });

  // spec 001 §5, §9: risk shares 1 % / 2.5 % / 5 %, Kelly 0.25 / 0.5 / 0.75, capped at 10 %, floored at the base
  it('risk levels', () => {
    expect(RISK_PROFILES).toEqual({
      conservative: { baseShare: 0.01, kellyFraction: 0.25 },
      moderate: { baseShare: 0.025, kellyFraction: 0.5 },
      aggressive: { baseShare: 0.05, kellyFraction: 0.75 },
    });
  });

  it('auto stake = Kelly × fraction, floored at the base share and capped at 10 %', () => {
    const bankroll = 100_000; // $1,000
    // f* = 0.1: moderate 0.05 → $50
    expect(recommendedStakeCents(bankroll, 0.55, 2, 'moderate')).toBe(5000);
    // conservative 0.025 → $25 (above the 1 % base)
    expect(recommendedStakeCents(bankroll, 0.55, 2, 'conservative')).toBe(2500);
    // tiny edge: floored at the base share
    expect(recommendedStakeCents(bankroll, 0.501, 2, 'moderate')).toBe(2500);
    // no edge: still the base share (the floor of spec 001 §5)
    expect(recommendedStakeCents(bankroll, 0.4, 2, 'aggressive')).toBe(5000);
    // huge edge: capped at 10 %
    expect(recommendedStakeCents(bankroll, 0.6, 2.5, 'aggressive')).toBe(10_000);
    expect(recommendedStakeCents(0, 0.6, 2.5)).toBe(0);
    expect(baseStakeCents(100_000, 'conservative')).toBe(1000);
  });

  /*
   * DECISIONS 25: money is rounded half-up. By hand: p 0.55 at 1.91, f* = (0.55 × 1.91 − 1) / 0.91 = 0.0505 / 0.91 =
   * 0.0554945; moderate halves it, 0.0277473 of $1,000 = 2,774.725 cents → $27.75 (rounding down gave $27.74). The base
   * share alike: 2.5 % of $1,000.20 is 2,500.5 cents → $25.01.
   */
  it('rounds the auto stake half-up to the cent', () => {
    expect(recommendedStakeCents(100_000, 0.55, 1.91, 'moderate')).toBe(2775);
    expect(baseStakeCents(100_020, 'moderate')).toBe(2501);
    expect(recommendedStakeCents(100_020, 0.501, 2, 'moderate')).toBe(2501);
  });

  // spec 001 §5: capped at 10 % of the bankroll; 10 % of $1,000.05 is 10,000.5 cents, whose half-up would pass the cap
  it('never rounds the auto stake past the 10 % cap', () => {
    expect(recommendedStakeCents(100_005, 0.6, 2.5, 'aggressive')).toBe(10_000);
    expect(
      recommendedMutuallyExclusiveStakesCents(100_005, [0.6, 0.3], [2.5, 4], 'aggressive')!.stakesCents.reduce(
        (a, b) => a + b,
        0,
      ),
    ).toBe(10_000);
  });

  // spec 001 §5, §9: quick parlay amounts 25, 50, 100, 200; quick bet 25
  it('quick amounts', () => {
    expect(QUICK_PARLAY_AMOUNTS).toEqual([25, 50, 100, 200]);
    expect(DEFAULT_QUICK_BET_AMOUNT).toBe(25);
  });
});

describe('kellyMutuallyExclusive — Smoczynski & Tomkins 2010', () => {
  /*
   * Source A: Vendire Ludorum, "Kelly's Multiple Personality Disorder" (2018), single event, multiple selections:
   * Charlie 5.50 / 20 % → 5.96 %, Alpha 2.625 / 40 % → 10.59 %, Bravo 3.25 / 30 % → 6.25 %, Delta 6.00 / 8 % and
   * Echo 21.00 / 2 % → 0.
   * By hand (Smoczynski & Tomkins): p·O = 1.10, 1.05, 0.975, 0.48, 0.42. R = 1 → Charlie in, R = 0.8/(1 − 1/5.5) =
   * 0.97778 → Alpha in, R = 0.4/(1 − 0.18182 − 0.38095) = 0.91485 → Bravo in, R = 0.1/0.12954 = 0.77198 > 0.48: stop.
   * f = p − R/O: 0.2 − 0.14036 = 0.05964, 0.4 − 0.29409 = 0.10591, 0.3 − 0.23753 = 0.06247.
   */
  it('reproduces the published five-runner example', () => {
    const r = kellyMutuallyExclusive([0.2, 0.4, 0.3, 0.08, 0.02], [5.5, 2.625, 3.25, 6.0, 21.0]);
    expect(r.fractions.map((f) => Math.round(f * 10_000) / 100)).toEqual([5.96, 10.59, 6.25, 0, 0]);
    expect(r.reserveRate).toBeCloseTo(0.1 / (1 - 1 / 5.5 - 1 / 2.625 - 1 / 3.25), 12);
  });

  /*
   * Source B: J. L. Kelly Jr (1956), "A New Interpretation of Information Rate", §"the gambler with a track take of
   * zero" (Σ 1/α = 1): the best growth is G_max = Σ p·log(p·α) (betting p on every outcome, or any portfolio paying
   * the same). Odds 2, 4, 4 with p = 0.5, 0.3, 0.2: G = 0.5·ln 1 + 0.3·ln 1.2 + 0.2·ln 0.8 = 0.0546965 − 0.0446287 = 0.0100678.
   */
  it('reaches Kelly’s growth rate when the odds carry no take', () => {
    const r = kellyMutuallyExclusive([0.5, 0.3, 0.2], [2, 4, 4]);
    expect(r.growth).toBeCloseTo(0.3 * Math.log(1.2) + 0.2 * Math.log(0.8), 12);
    expect(r.growth).toBeCloseTo(0.0100678, 7);
  });

  /*
   * A 1X2 market bet on two legs, worked by hand: home 2.60 (p 0.42), draw 3.60 (p 0.30), away 2.90 (p 0.28).
   * p·O = 1.092, 1.08, 0.812. R: home in → 0.58/(1 − 0.384615) = 0.9425; draw 1.08 > 0.9425 in →
   * (1 − 0.72)/(1 − 0.384615 − 0.277778) = 0.28/0.337607 = 0.829367; away 0.812 < R: out.
   * f_home = 0.42 − 0.829367/2.6 = 0.101013, f_draw = 0.30 − 0.829367/3.6 = 0.069620; single Kelly on the home
   * leg alone would be (1.092 − 1)/1.6 = 0.0575 — betting both legs together is worth more than either alone.
   */
  it('sizes two legs of one 1X2 market together, each more than its single Kelly, and maximises growth', () => {
    const p = [0.42, 0.3, 0.28];
    const o = [2.6, 3.6, 2.9];
    const r = kellyMutuallyExclusive(p, o);
    expect(r.fractions[0]).toBeCloseTo(0.101013, 6);
    expect(r.fractions[1]).toBeCloseTo(0.06962, 5);
    expect(r.fractions[2]).toBe(0);
    expect(r.fractions[0]).toBeGreaterThan(kellyFraction(0.42, 2.6));
    const growth = (f: number[]) => {
      const total = f.reduce((a, b) => a + b, 0);
      return p.reduce((g, pi, i) => g + pi * Math.log(1 - total + f[i] * o[i]), 0);
    };
    expect(r.growth).toBeCloseTo(growth(r.fractions), 12);
    // any small move away from the optimum grows the bankroll more slowly
    for (const [i, d] of [
      [0, 0.005],
      [0, -0.005],
      [1, 0.005],
      [1, -0.005],
      [2, 0.005],
    ] as const) {
      const moved = [...r.fractions];
      moved[i] += d;
      expect(growth(moved)).toBeLessThan(r.growth);
    }
  });

  it('bets nothing without an edge, and refuses impossible input', () => {
    expect(kellyMutuallyExclusive([0.5, 0.45], [1.9, 2.0])).toMatchObject({
      fractions: [0, 0],
      total: 0,
      reserveRate: 1,
      growth: 0,
    });
    expect(() => kellyMutuallyExclusive([0.7, 0.6], [2, 2])).toThrow(RangeError);
    expect(() => kellyMutuallyExclusive([0.5], [1])).toThrow(RangeError);
    expect(() => kellyMutuallyExclusive([0.5], [2, 3])).toThrow(RangeError);
  });

  // spec 001 §5 risk levels applied to the group: Kelly × 0.25 / 0.5 / 0.75, floored at the base share, capped at 10 %
  it('turns the fractions into the bet slip’s auto stakes', () => {
    const sized = recommendedMutuallyExclusiveStakesCents(100_000, [0.42, 0.3, 0.28], [2.6, 3.6, 2.9], 'moderate')!;
    // total 0.170633 × 0.5 = 8.5316 % of $1,000 = 8,531.65 cents, half-up $85.32 (DECISIONS 25), shared
    // 0.101013 : 0.069620 = 5,050.86 : 3,481.14 cents: $50.51 and $34.81, adding up to the $85.32
    expect(sized.stakesCents).toEqual([5051, 3481, 0]);
    const aggressive = recommendedMutuallyExclusiveStakesCents(
      100_000,
      [0.42, 0.3, 0.28],
      [2.6, 3.6, 2.9],
      'aggressive',
    )!;
    expect(aggressive.stakesCents.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(10_000);
    expect(recommendedMutuallyExclusiveStakesCents(100_000, [0.5, 0.45], [1.9, 2.0])).toBeNull();
  });
});
