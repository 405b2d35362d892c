import { book, event, NOW } from '../testing/board-builder';
import { findMiddles, isGameLineFamily, middleOutcomes, middleProbability, middleTotalStakeCents } from './middles';

describe('middles', () => {
  // spec 001 §5: 8 per point capped at 45 for totals, 6 per point capped at 40 for spreads
  it('probability per point, capped', () => {
    expect(middleProbability('total', 3)).toBe(24);
    expect(middleProbability('total', 6)).toBe(45);
    expect(middleProbability('spread', 3)).toBe(18);
    expect(middleProbability('spread', 7)).toBe(40);
  });

  // spec 001 §5: stake is the smaller of the max stake and 10 % of the bankroll, split 50/50
  it('stake is min(max stake, 10 % of bankroll) split 50/50', () => {
    expect(middleTotalStakeCents(1000, 1000)).toBe(10_000);
    expect(middleTotalStakeCents(1000, 50)).toBe(5_000);
    const outcomes = middleOutcomes([2, 2], 10_001);
    expect(outcomes.stakesCents).toEqual([5000, 5001]);
  });

  // issue 3: best case both win, worst case one wins and one loses
  it('best and worst case', () => {
    const { bestCaseCents, worstCaseCents } = middleOutcomes([1.909090909, 1.8], 10_000);
    // 50 × 1.909 = 95.45, 50 × 1.8 = 90.00
    expect(bestCaseCents).toBe(9545 + 9000 - 10_000);
    expect(worstCaseCents).toBe(9000 - 10_000);
  });

  const totals = (overLine: number, underLine: number, startsInMs = 3_600_000) =>
    event(
      [
        book('draftkings', { totals: [['Over', -110, overLine], ['Under', -110, overLine]] }),
        book('fanduel', { totals: [['Over', -110, underLine], ['Under', -110, underLine]] }),
      ],
      startsInMs,
    );

  // spec 001 §5: pairs from different books with a line gap of at least the minimum gap
  it('finds an Over at the low line and an Under at the high line at different books', () => {
    const [middle] = findMiddles(totals(44.5, 48.5), {}, NOW);
    expect(middle).toMatchObject({ type: 'middle', market: 'totals', gap: 4, probability: 32, middleRange: { low: 44.5, high: 48.5 }, totalStake: 100, flags: [] });
    expect(middle.legs.map((l) => [l.book, l.outcome, l.point, l.stake])).toEqual([
      ['draftkings', 'Over', 44.5, 50],
      ['fanduel', 'Under', 48.5, 50],
    ]);
    expect(middle.maxProfit).toBeCloseTo(90.9, 2);
    expect(middle.worstCase).toBeCloseTo(-4.55, 2);
  });

  it('applies the minimum gap and minimum probability (defaults 3 and 15)', () => {
    expect(findMiddles(totals(46.5, 48.5), {}, NOW)).toEqual([]);
    expect(findMiddles(totals(46.5, 48.5), { minGap: 2 }, NOW)).toHaveLength(1);
    expect(findMiddles(totals(46.5, 48.5), { minGap: 2, minProbability: 17 }, NOW)).toEqual([]);
  });

  it('spreads: the favourite laying fewer points than the underdog gets', () => {
    const spread = event([
      book('draftkings', { spreads: [['Home', -110, -3], ['Away', -110, 3]] }),
      book('fanduel', { spreads: [['Home', -110, -7], ['Away', -110, 7]] }),
    ]);
    const [middle] = findMiddles(spread, {}, NOW);
    // Home −3 at draftkings and Away +7 at fanduel both win when Home wins by 4 to 6
    expect(middle).toMatchObject({ market: 'spreads', gap: 4, probability: 24, middleRange: { low: 3, high: 7 } });
    expect(middle.legs.map((l) => [l.book, l.outcome, l.point])).toEqual([
      ['draftkings', 'Home', -3],
      ['fanduel', 'Away', 7],
    ]);
  });

  // spec 001 §5: the game must not have started
  it('skips games that have started', () => {
    expect(findMiddles(totals(44.5, 48.5, -60_000), {}, NOW)).toEqual([]);
  });

  it('leaves alternate lines out', () => {
    const alternates = event([
      book('draftkings', { alternate_totals: [['Over', -250, 41.5], ['Under', 190, 41.5]] }),
      book('fanduel', { alternate_totals: [['Over', 190, 51.5], ['Under', -250, 51.5]] }),
    ]);
    expect(findMiddles(alternates, {}, NOW)).toEqual([]);
  });

  it('never pairs a book with itself', () => {
    const alone = event([book('draftkings', { totals: [['Over', -110, 44.5], ['Under', -110, 44.5], ['Over', -110, 48.5], ['Under', -110, 48.5]] })]);
    expect(findMiddles(alone, {}, NOW)).toEqual([]);
  });

  it('excludes DFS apps and applies the book filter', () => {
    const withDfs = event([book('prizepicks', { totals: [['Over', -110, 44.5], ['Under', -110, 44.5]] }), book('fanduel', { totals: [['Over', -110, 48.5], ['Under', -110, 48.5]] })]);
    expect(findMiddles(withDfs, {}, NOW)).toEqual([]);
    expect(findMiddles(totals(44.5, 48.5), { books: ['draftkings'] }, NOW)).toEqual([]);
  });

  it('flags a stale leg', () => {
    const stale = event([
      book('draftkings', { totals: [['Over', -110, 44.5], ['Under', -110, 44.5]] }, 10_000),
      book('fanduel', { totals: [['Over', -110, 48.5], ['Under', -110, 48.5]] }, 200_000),
    ]);
    expect(findMiddles(stale, {}, NOW)[0].flags).toEqual(['stale']);
  });

  it('middles are on game lines, not player props', () => {
    expect(isGameLineFamily('totals')).toBe(true);
    expect(isGameLineFamily('spreads_h1')).toBe(true);
    expect(isGameLineFamily('team_totals')).toBe(true);
    expect(isGameLineFamily('player_points')).toBe(false);
  });
});
