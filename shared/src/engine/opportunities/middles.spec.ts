import { book, event, NOW } from '../../testing/board-builder';
import { americanToDecimal } from '../odds/odds-format';
import { findMiddles } from './finders';
import {
  isGameLineFamily,
  middleOutcomes,
  middleOutcomeTable,
  middleProbability,
  middleRange,
  middleTotalStakeCents,
} from './middles';

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
    // each half of $100.01 is $50.005: half-up on both would stake $100.02, over the cap; the odd cent goes to the first
    const outcomes = middleOutcomes([2, 2], 10_001);
    expect(outcomes.stakesCents).toEqual([5001, 5000]);
    expect(outcomes.totalCents).toBe(10_001);
    // a bankroll of $1,000.10 caps the middle at 10 %, $100.01
    expect(middleTotalStakeCents(1000.1, 1000)).toBe(10_001);
  });

  // Best case both win, worst case one wins and one loses
  it('best and worst case', () => {
    const { bestCaseCents, worstCaseCents } = middleOutcomes([1.909090909, 1.8], 10_000);
    // 50 × 1.909 = 95.45, 50 × 1.8 = 90.00
    expect(bestCaseCents).toBe(9545 + 9000 - 10_000);
    expect(worstCaseCents).toBe(9000 - 10_000);
  });

  const totals = (overLine: number, underLine: number, startsInMs = 3_600_000) =>
    event(
      [
        book('draftkings', {
          totals: [
            ['Over', -110, overLine],
            ['Under', -110, overLine],
          ],
        }),
        book('fanduel', {
          totals: [
            ['Over', -110, underLine],
            ['Under', -110, underLine],
          ],
        }),
      ],
      startsInMs,
    );

  // spec 001 §5: pairs from different books with a line gap of at least the minimum gap
  it('finds an Over at the low line and an Under at the high line at different books', () => {
    const [middle] = findMiddles(totals(44.5, 48.5), {}, NOW);
    expect(middle).toMatchObject({
      type: 'middle',
      market: 'totals',
      gap: 4,
      probability: 32,
      middleRange: { low: 44.5, high: 48.5 },
      totalStake: 100,
      flags: [],
    });
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
      book('draftkings', {
        spreads: [
          ['Home', -110, -3],
          ['Away', -110, 3],
        ],
      }),
      book('fanduel', {
        spreads: [
          ['Home', -110, -7],
          ['Away', -110, 7],
        ],
      }),
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
      book('draftkings', {
        alternate_totals: [
          ['Over', -250, 41.5],
          ['Under', 190, 41.5],
        ],
      }),
      book('fanduel', {
        alternate_totals: [
          ['Over', 190, 51.5],
          ['Under', -250, 51.5],
        ],
      }),
    ]);
    expect(findMiddles(alternates, {}, NOW)).toEqual([]);
  });

  it('never pairs a book with itself', () => {
    const alone = event([
      book('draftkings', {
        totals: [
          ['Over', -110, 44.5],
          ['Under', -110, 44.5],
          ['Over', -110, 48.5],
          ['Under', -110, 48.5],
        ],
      }),
    ]);
    expect(findMiddles(alone, {}, NOW)).toEqual([]);
  });

  it('excludes DFS apps and applies the book filter', () => {
    const withDfs = event([
      book('prizepicks', {
        totals: [
          ['Over', -110, 44.5],
          ['Under', -110, 44.5],
        ],
      }),
      book('fanduel', {
        totals: [
          ['Over', -110, 48.5],
          ['Under', -110, 48.5],
        ],
      }),
    ]);
    expect(findMiddles(withDfs, {}, NOW)).toEqual([]);
    expect(findMiddles(totals(44.5, 48.5), { books: ['draftkings'] }, NOW)).toEqual([]);
  });

  it('flags a stale leg', () => {
    const stale = event([
      book(
        'draftkings',
        {
          totals: [
            ['Over', -110, 44.5],
            ['Under', -110, 44.5],
          ],
        },
        10_000,
      ),
      book(
        'fanduel',
        {
          totals: [
            ['Over', -110, 48.5],
            ['Under', -110, 48.5],
          ],
        },
        200_000,
      ),
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

describe('middleOutcomeTable: one leg wins, the other pushes', () => {
  /*
   * Source A: playersedge.org, "What does bet the middle mean?": $100 on Team A −4 (−110), then $100 on Team B +7 (−110).
   * A by 5 or 6: both win, +$181.82; A by 4 or 7: one wins and one pushes, +$90.91; otherwise one wins and one loses,
   * −$9.09. By hand (DECISIONS 25): each win pays 10,000 × (1 + 100/110) = 19,090.9 → 19,091 cents.
   */
  it('reproduces the playersedge spread middle, push rows included', () => {
    const decimals: [number, number] = [americanToDecimal(-110), americanToDecimal(-110)];
    const { low, high } = middleRange('spread', -4, 7);
    expect({ low, high }).toEqual({ low: 4, high: 7 });
    expect(middleOutcomeTable({ low, high }, decimals, [10_000, 10_000])).toEqual([
      { legs: ['lose', 'win'], netCents: -909, from: null, to: 3 },
      { legs: ['push', 'win'], netCents: 9_091, from: 4, to: 4 },
      { legs: ['win', 'win'], netCents: 18_182, from: 5, to: 6 },
      { legs: ['win', 'push'], netCents: 9_091, from: 7, to: 7 },
      { legs: ['win', 'lose'], netCents: -909, from: 8, to: null },
    ]);
    // the textbook middle reads $181.82 / −$9.09, not the $181.80 / −$9.10 of rounding down
    expect(middleOutcomes(decimals, 20_000)).toMatchObject({ bestCaseCents: 18_182, worstCaseCents: -909 });
  });

  /*
   * Source B: King Yao, Weighing the Odds in Sports Betting, "Middling" (bj21.com): Jets −2.5 −110 ($110 to win $100) and
   * Raiders +3.5 −120 ($120 to win $100): Jets by exactly 3 +$200, Jets by 4 or more −$20, Raiders cover −$10. Half-point
   * lines cannot push.
   */
  it('reproduces King Yao’s half-point middle (no push rows)', () => {
    const range = middleRange('spread', -2.5, 3.5);
    expect(middleOutcomeTable(range, [americanToDecimal(-110), americanToDecimal(-120)], [11_000, 12_000])).toEqual([
      { legs: ['lose', 'win'], netCents: -1_000, from: null, to: 2 },
      { legs: ['win', 'win'], netCents: 20_000, from: 3, to: 3 },
      { legs: ['win', 'lose'], netCents: -2_000, from: 4, to: null },
    ]);
  });

  it('totals: Over 44 and Under 45 push on each line and never both win; a half-point gap has no whole result inside', () => {
    const table = middleOutcomeTable(middleRange('total', 44, 45), [2, 2], [5_000, 5_000]);
    expect(table.map((r) => r.legs)).toEqual([
      ['lose', 'win'],
      ['push', 'win'],
      ['win', 'push'],
      ['win', 'lose'],
    ]);
    expect(table[1]).toMatchObject({ netCents: 5_000, from: 44, to: 44 });
    expect(middleOutcomeTable(middleRange('total', 44, 44.5), [2, 2], [5_000, 5_000]).map((r) => r.legs)).toEqual([
      ['lose', 'win'],
      ['push', 'win'],
      ['win', 'lose'],
    ]);
    expect(() => middleOutcomeTable({ low: 45, high: 45 }, [2, 2], [1, 1])).toThrow(RangeError);
  });
});
