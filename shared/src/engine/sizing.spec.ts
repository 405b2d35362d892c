import { baseStakeCents, kellyFraction, QUICK_PARLAY_AMOUNTS, DEFAULT_QUICK_BET_AMOUNT, recommendedStakeCents, RISK_PROFILES } from './sizing';

describe('sizing', () => {
  // issue 3: Kelly f* = (p·O − 1)/(O − 1)
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

  // spec 001 §5, §9: quick parlay amounts 25, 50, 100, 200; quick bet 25
  it('quick amounts', () => {
    expect(QUICK_PARLAY_AMOUNTS).toEqual([25, 50, 100, 200]);
    expect(DEFAULT_QUICK_BET_AMOUNT).toBe(25);
  });
});
