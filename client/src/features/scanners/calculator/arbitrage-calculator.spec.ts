import { calculate, calculateBackLay, legDecimal, type CalculatorForm } from './arbitrage-calculator';

// The arbitrage calculator, opened from a scanner card (the engine's arbitrageCalculator does the maths)
const legs = [
  { price: 108, decimal: 2.08 },
  { price: 100, decimal: 2.0 },
];
const form = (overrides: Partial<CalculatorForm> = {}): CalculatorForm => ({
  odds: ['+108', '+100'],
  mode: 'total',
  total: '100',
  fixedLeg: 0,
  fixedStake: '',
  roundDollars: false,
  ...overrides,
});

describe('arbitrage calculator form', () => {
  // arbplay.app worked example: 2.08 / 2.00, €100 → €49.02 + €50.98, €1.96 guaranteed
  it('splits a total for equal payout', () => {
    const r = calculate(form(), legs);
    expect(r).toMatchObject({ ok: true, stakes: { stakesCents: [4902, 5098], guaranteedProfitCents: 196 } });
    if (r.ok) expect(r.profitPct).toBeCloseTo(1.96, 10);
  });

  it('keeps one leg’s stake and sizes the other, rounded to whole dollars when asked', () => {
    // $10 at +100 pays $20: $9.615… at +108 → $9.62 pays $20.01; profit $0.38 at worst on $19.62
    const fixed = calculate(form({ mode: 'fixed', fixedLeg: 1, fixedStake: '10' }), legs);
    expect(fixed).toMatchObject({
      ok: true,
      stakes: { stakesCents: [962, 1000], totalCents: 1962, guaranteedProfitCents: 38 },
    });
    const whole = calculate(form({ mode: 'fixed', fixedLeg: 1, fixedStake: '10', roundDollars: true }), legs);
    // $10 at +108 pays $20.80, $10 at +100 pays $20.00: $0.00 at worst on $20
    expect(whole).toMatchObject({ ok: true, stakes: { stakesCents: [1000, 1000], guaranteedProfitCents: 0 } });
  });

  it('sizes an exchange leg on its price net of commission, as the scanner did', () => {
    // 2.10 at a book against 2.00 at Betfair (5 %, 1.95 net): $48.15 + $51.85, $101.11 back either way (commission.spec)
    const r = calculate(form({ odds: ['+110', '+100'] }), [
      { price: 110, decimal: 2.1 },
      { price: 100, decimal: 2, commission: 0.05 },
    ]);
    expect(r).toMatchObject({ ok: true, stakes: { stakesCents: [4815, 5185], guaranteedProfitCents: 111 } });
    expect(r.ok && r.decimals[1]).toBeCloseTo(1.95, 12);
  });

  it('uses the odds the user sees at the book now', () => {
    const r = calculate(form({ odds: ['+105', '+100'] }), legs);
    expect(r.ok && r.decimals).toEqual([2.05, 2.0]);
    expect(legDecimal('-110', -110, 1.9090909)).toBe(1.9090909);
  });

  it("hands the slip each leg's price as typed, the scanner's unrounded one while untouched", () => {
    // Novig's 1.87 shows as −115 (1.8696): the slip pays the leg at 1.87 until the user types another price
    const r = calculate(form({ odds: ['-115', '+130'] }), [
      { price: -115, decimal: 1.87 },
      { price: 125, decimal: 2.25 },
    ]);
    expect(r.ok && r.quoted).toEqual([1.87, 2.3]);
  });

  it('says what is missing', () => {
    expect(calculate(form({ odds: ['+108', '50'] }), legs)).toEqual({
      ok: false,
      message: 'Leg 2: enter American odds (e.g. -110 or +150)',
    });
    expect(calculate(form({ total: '' }), legs)).toEqual({ ok: false, message: 'Enter the total stake in dollars' });
    expect(calculate(form({ mode: 'fixed', fixedStake: '-4' }), legs)).toEqual({
      ok: false,
      message: 'Enter the stake you can bet on leg 1',
    });
  });
});

// commission.ts backLay: lay stake = back stake × back effective / (lay decimal − lay commission), the scanner's rule
describe('back/lay calculator', () => {
  // a book's +120 (2.20) laid at Matchbook's 2.06 (2 %), as the scanner found it (exchange-arbitrage.ts)
  const legs = [
    { price: 120, decimal: 2.2, commission: 0 },
    { price: 106, decimal: 2.06, commission: 0.02 },
  ] as const;

  it('sizes the lay against the back stake and shows the net either way, half-up to the cent', () => {
    const result = calculateBackLay({ odds: ['+120', '+106'], total: '250' }, legs);
    if (!result.ok) throw new Error(result.message);
    // lay 250 × 2.2 / 2.04 = $269.61; liability 269.61 × 1.06 = $285.79; back wins 300 − 285.79 = $14.21;
    // lay wins 269.61 × 0.98 = $264.22 − 250 = $14.22
    expect(result.sized).toEqual({
      layStakeCents: 26_961,
      liabilityCents: 28_579,
      backWinsCents: 1_421,
      layWinsCents: 1_422,
    });
    expect(result.guaranteedCents).toBe(1_421);
    // of the $535.79 put up, back stake and liability: 1.421 / 535.79 = 2.652 %, as the scanner gives it
    expect(result.profitPct).toBeCloseTo(2.652, 3);
    // the back bet goes to the slip at its price
    expect(result.quoted).toEqual([2.2, 2.06]);
  });

  it('re-sizes at the odds typed, and says what is missing', () => {
    // the lay moved to 2.30 (+130): 100 × 2.2 / 2.28 = $96.49, liability $125.44; back wins 120 − 125.44 = −$5.44
    const moved = calculateBackLay({ odds: ['+120', '+130'], total: '100' }, legs);
    expect(moved.ok && [moved.sized.layStakeCents, moved.sized.liabilityCents, moved.guaranteedCents]).toEqual([
      9_649, 12_544, -544,
    ]);
    expect(calculateBackLay({ odds: ['+120', 'abc'], total: '100' }, legs)).toEqual({
      ok: false,
      message: 'Lay: enter American odds (e.g. -110 or +150)',
    });
    expect(calculateBackLay({ odds: ['+120', '+106'], total: '' }, legs)).toEqual({
      ok: false,
      message: 'Enter the back stake in dollars',
    });
  });
});
