import {
  BET_SLIP_MESSAGES,
  evTone,
  formatEvPct,
  hasCorrelatedLegs,
  hasNegativeEdge,
  hedgedPosition,
  validateParlay,
  validateSingles,
} from './bet-slip';

// spec 001 §5 bankroll and bet sizing: messages verbatim
describe('bet slip validation', () => {
  const bankroll = 100_000;
  it('single: minimum $1', () => {
    expect(validateSingles([{ stakeCents: 99, edgePct: 5, gameKey: 'a' }], bankroll).errors).toEqual([
      'Minimum bet is $1',
    ]);
    expect(validateSingles([{ stakeCents: 100, edgePct: 5, gameKey: 'a' }], bankroll)).toEqual({
      errors: [],
      warnings: [],
      canPlace: true,
    });
  });

  it('single: above 20 % of bankroll', () => {
    const v = validateSingles([{ stakeCents: 20_001, edgePct: 5, gameKey: 'a' }], bankroll);
    expect(v.errors).toEqual(['Exceeds 20% of bankroll ($200.00)']);
    expect(v.canPlace).toBe(false);
    expect(validateSingles([{ stakeCents: 20_000, edgePct: 5, gameKey: 'a' }], bankroll).errors).toEqual([]);
  });

  // DECISIONS 26: warnings inform (placing takes one confirmation), only errors block
  it('single: above 2 % on an edge under 2 warns, and a warning does not block placing', () => {
    const v = validateSingles([{ stakeCents: 2001, edgePct: 1.9, gameKey: 'a' }], bankroll);
    expect(v).toEqual({ errors: [], warnings: ['Large bet on low edge - consider reducing'], canPlace: true });
    expect(validateSingles([{ stakeCents: 2000, edgePct: 1.9, gameKey: 'a' }], bankroll).warnings).toEqual([]);
    expect(validateSingles([{ stakeCents: 5000, edgePct: 2, gameKey: 'a' }], bankroll).warnings).toEqual([]);
  });

  // spec 001 §5: a stake above 2 % of the bankroll on an edge under 2 gives 'Large bet on low edge', a negative edge too
  it('single: a negative edge is called negative at any stake, a large bet on it a low edge too; neither blocks', () => {
    expect(validateSingles([{ stakeCents: 1000, edgePct: -1.44, gameKey: 'a' }], bankroll)).toEqual({
      errors: [],
      warnings: ['This bet has negative expected value'],
      canPlace: true,
    });
    expect(validateSingles([{ stakeCents: 5000, edgePct: -1.44, gameKey: 'a' }], bankroll)).toEqual({
      errors: [],
      warnings: ['This bet has negative expected value', 'Large bet on low edge - consider reducing'],
      canPlace: true,
    });
    expect(validateSingles([{ stakeCents: 2000, edgePct: -1.44, gameKey: 'a' }], bankroll).warnings).toEqual([
      BET_SLIP_MESSAGES.negativeEdge,
    ]);
    // an edge that shows as 0.00 % is not negative; a low one still warns as low
    expect(validateSingles([{ stakeCents: 5000, edgePct: -0.004, gameKey: 'a' }], bankroll).warnings).toEqual([
      BET_SLIP_MESSAGES.lowEdge,
    ]);
  });

  it('hasNegativeEdge reads the edge as shown, and an unknown edge as not negative', () => {
    expect(hasNegativeEdge(-1.44)).toBe(true);
    expect(hasNegativeEdge(-0.006)).toBe(true);
    expect(hasNegativeEdge(-0.005)).toBe(false);
    expect(hasNegativeEdge(0)).toBe(false);
    expect(hasNegativeEdge(null)).toBe(false);
    expect(hasNegativeEdge(undefined)).toBe(false);
  });

  it('single: total exposure above 50 % warns (DECISIONS 26)', () => {
    const bets = [15_000, 15_000, 15_000, 5_001].map((stakeCents, i) => ({
      stakeCents,
      edgePct: 6,
      gameKey: String(i),
    }));
    expect(validateSingles(bets, bankroll)).toEqual({
      errors: [],
      warnings: [BET_SLIP_MESSAGES.totalExposure],
      canPlace: true,
    });
  });

  // DECISIONS 26: an executed arbitrage could not be placed ("Large bet on low edge" on each leg)
  it('judges the legs of an executed arbitrage or middle as one position, on its worst case', () => {
    // $250 total on a 2.5 % arbitrage: +110 / −105 (decimal 2.1 / 1.95238), each leg far above 2 % of bankroll with no edge
    const arb = [
      { stakeCents: 12_000, gameKey: 'g', hedge: 'arb:1', decimal: 2.1 },
      { stakeCents: 13_000, gameKey: 'g', hedge: 'arb:1', decimal: 1.952381 },
    ];
    expect(hedgedPosition(arb)).toEqual({ stakeCents: 25_000, worstCaseCents: 200 });
    expect(validateSingles(arb, bankroll)).toEqual({ errors: [], warnings: [], canPlace: true });
    // the same legs alone, unhedged, warn as before
    expect(
      validateSingles(
        arb.map(({ hedge: _hedge, ...leg }) => leg),
        bankroll,
      ).warnings,
    ).toEqual([BET_SLIP_MESSAGES.lowEdge]);
    // a middle at −110 / −110, $150 each: worst case one wins, one loses, −$13.64 at risk (under 2 % of $1,000: no warning)
    const middle = [
      { stakeCents: 15_000, gameKey: 'g', hedge: 'mid:1', decimal: 1.909091 },
      { stakeCents: 15_000, gameKey: 'g', hedge: 'mid:1', decimal: 1.909091 },
    ];
    expect(hedgedPosition(middle).worstCaseCents).toBe(-1364);
    expect(validateSingles(middle, bankroll).warnings).toEqual([]);
    // a position risking more than 2 % at a negative edge warns, more than 20 % errs
    const big = middle.map((leg) => ({ ...leg, stakeCents: 150_000 }));
    expect(validateSingles(big, 500_000).warnings).toEqual([BET_SLIP_MESSAGES.lowEdge]);
    expect(validateSingles(big, 60_000).errors).toEqual(['Exceeds 20% of bankroll ($120.00)']);
    expect(validateSingles([{ ...big[0], stakeCents: 600_000 }], 2_500_000).errors).toEqual([
      'Exceeds 20% of bankroll ($5,000.00)',
    ]);
  });

  it('single: place disabled when total stake is 0', () => {
    expect(validateSingles([], bankroll).canPlace).toBe(false);
  });

  it('parlay rules', () => {
    const legs = [{ gameKey: 'a' }, { gameKey: 'b' }];
    expect(validateParlay(legs, 99, bankroll).errors).toEqual(['Minimum parlay bet is $1']);
    expect(validateParlay(legs, 10_001, bankroll).errors).toEqual(['Parlay bet exceeds 10% of bankroll ($100.00)']);
    // the spec's words, the amount as every amount is shown (formatMoney): thousands separated
    expect(validateParlay(legs, 300_000, 2_500_000).errors).toEqual(['Parlay bet exceeds 10% of bankroll ($2,500.00)']);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ gameKey: String(i) }));
    expect(validateParlay(eleven, 1000, bankroll).errors).toEqual(['Maximum 10 legs allowed in parlay']);
    expect(validateParlay(legs, 1000, bankroll)).toEqual({ errors: [], warnings: [], canPlace: true });
    expect(validateParlay(legs, 0, bankroll).canPlace).toBe(false);
  });

  it('parlay: correlated legs (same game) warn, and placing takes a confirmation', () => {
    const v = validateParlay([{ gameKey: 'a' }, { gameKey: 'a' }], 1000, bankroll);
    expect(v.warnings).toEqual(['Warning: Correlated bets detected (same game)']);
    expect(v.canPlace).toBe(true);
    expect(hasCorrelatedLegs([{ gameKey: 'a' }, { gameKey: 'b' }])).toBe(false);
  });

  // +1.68 % was coloured like −1.11 %; a positive EV never shares a tone with a negative one
  it('EV tone follows the sign before the grade', () => {
    expect(evTone(1.68)).toBe('slight');
    expect(evTone(-1.11)).toBe('negative');
    expect(evTone(2)).toBe('good');
    expect(evTone(5.76)).toBe('strong');
    expect(evTone(0.004)).toBe('neutral');
    expect(evTone(-0.004)).toBe('neutral');
    expect(evTone(-0.006)).toBe('negative');
    for (const ev of [0.01, 0.5, 1.99, 2, 4.99, 5, 19]) expect(evTone(ev)).not.toBe(evTone(-ev));
  });

  // A figure that rounds to zero read "-0.00%" beside the neutral tone; the text and the tone read one figure
  it('EV text carries the sign of the figure it shows', () => {
    expect(formatEvPct(1.68)).toBe('+1.68%');
    expect(formatEvPct(-1.11)).toBe('-1.11%');
    expect(formatEvPct(-0.004)).toBe('0.00%');
    expect(formatEvPct(0.004)).toBe('0.00%');
    expect(formatEvPct(-0.006)).toBe('-0.01%');
    for (const ev of [-0.004, -0.006, 0, 0.004, 0.006, -3.2, 5.76]) {
      const text = formatEvPct(ev);
      const tone = evTone(ev);
      if (text.startsWith('-')) expect(tone).toBe('negative');
      else if (text.startsWith('+')) expect(tone).not.toMatch(/negative|neutral/);
      else expect(tone).toBe('neutral');
    }
  });
});
