import { calculateEdge, edgeBand } from './edge-calculator';

describe('edge calculator', () => {
  // spec 001 §5: bands edge > 5 excellent; > 3 good; > 1 marginal; > 0 small; otherwise negative
  it('bands', () => {
    expect(edgeBand(5.01)).toBe('excellent');
    expect(edgeBand(5)).toBe('good');
    expect(edgeBand(3)).toBe('marginal');
    expect(edgeBand(1)).toBe('small');
    expect(edgeBand(0.01)).toBe('small');
    expect(edgeBand(0)).toBe('negative');
    expect(edgeBand(-2)).toBe('negative');
  });

  // spec 001 §5: needs both bookmaker and fair odds (American); bet 100 and bankroll 1000 when blank
  it('needs both odds', () => {
    expect(calculateEdge({ bookOdds: null, fairOdds: -110 })).toBeNull();
    expect(calculateEdge({ bookOdds: 120, fairOdds: null })).toBeNull();
    expect(calculateEdge({ bookOdds: 50, fairOdds: -110 })).toBeNull();
  });

  it('edge = fair probability × decimal − 1, with defaults 100 / 1000', () => {
    // fair +100 (p = 0.5) against +120 (2.2): 10 % edge, $10 expected on $100
    const r = calculateEdge({ bookOdds: 120, fairOdds: 100 })!;
    expect(r.edgePct).toBeCloseTo(10, 10);
    expect(r.band).toBe('excellent');
    expect(r.expectedProfit).toBe(10);
    // Kelly (0.5·2.2 − 1)/1.2 = 0.0833; moderate half-Kelly 4.17 % of $1000
    expect(r.kellyFraction).toBeCloseTo(1 / 12, 10);
    expect(r.recommendedStake).toBe(41.66);
    expect(calculateEdge({ bookOdds: 120, fairOdds: 100, betAmount: 50, bankroll: 2000 })!).toMatchObject({ expectedProfit: 5, recommendedStake: 83.33 });
  });
});
