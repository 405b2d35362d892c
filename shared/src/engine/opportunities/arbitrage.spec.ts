import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normaliseOddsApiV4 } from '../../feeds/odds-api-v4';
import { book, event, isoBeforeNow, NOW } from '../../testing/board-builder';
import { between, seededRandom } from '../../testing/seeded-random';
import { arbitrageCalculator, arbitrageProfit, arbitrageStakes, arbitrageTotalStakeCents } from './arbitrage';
import { findArbitrage, findArbitrageOnBoard } from './finders';
import { americanToDecimal } from '../odds/odds-format';
import { newestUpdate } from './scan';
import { arbitrageForUser } from './opportunities-for-user';

const FIXTURES = join(__dirname, '..', '..', '..', '..', '..', 'shared', 'fixtures', 'the-odds-api');
const board = (file: string) => normaliseOddsApiV4(JSON.parse(readFileSync(join(FIXTURES, file), 'utf8'))).events;

describe('arbitrage maths', () => {
  // spec 001 §5: profit % = 1/Σ(1/decimal) − 1
  it('profit is 1/Σ(1/decimal) − 1', () => {
    expect(arbitrageProfit([2.1, 2.05])).toBeCloseTo(1 / (1 / 2.1 + 1 / 2.05) - 1, 15);
    expect(arbitrageProfit([1.909090909, 1.909090909])).toBeLessThan(0);
  });

  // spec 001 §5: total is the smaller of the max stake and the bankroll
  it('total stake is min(max stake, bankroll) in cents', () => {
    expect(arbitrageTotalStakeCents(1000, 100)).toBe(10_000);
    expect(arbitrageTotalStakeCents(50, 100)).toBe(5_000);
  });

  /*
   * spec 001 §5: the total is the cap. By hand: $100 at 1.95 / 2.21 splits 100 × 2.21 / 4.16 = 53.125 and 46.875, each
   * ending in half a cent: half-up on each would stake $53.13 + $46.88 = $100.01. The tie's cent goes to the first leg:
   * $53.13 + $46.87; payouts 5,313 × 1.95 = 10,360.35 → $103.60 and 4,687 × 2.21 = 10,358.27 → $103.58: $3.58 on $100.00.
   */
  it('never stakes more than the total: two half cents give their cent to one leg', () => {
    const stakes = arbitrageStakes([1.95, 2.21], 10_000);
    expect(stakes.stakesCents).toEqual([5313, 4687]);
    expect(stakes.totalCents).toBe(10_000);
    expect(stakes.payoutsCents).toEqual([10_360, 10_358]);
    expect(stakes.guaranteedProfitCents).toBe(358);
  });

  // spec 001 §5: stake split in proportion to implied probability; rounded to cents, profit after rounding
  it('splits stakes by implied probability, rounded to cents that add up to the total', () => {
    const stakes = arbitrageStakes([2.1, 2.05], 10_000);
    // exact: 100 × (1/2.1) / (1/2.1 + 1/2.05) = 49.3976 → 4940 cents; the other 5060
    expect(stakes.stakesCents).toEqual([4940, 5060]);
    expect(stakes.payoutsCents).toEqual([10374, 10373]);
    expect(stakes.guaranteedProfitCents).toBe(373);
  });

  // Property: payouts equal within a cent and never below the total stake
  it('exact payouts are equal; rounded payouts never fall below the total stake when the rounded profit is kept', () => {
    const random = seededRandom(42);
    for (let i = 0; i < 3000; i++) {
      const n = random() < 0.7 ? 2 : 3;
      const truth = Array.from({ length: n }, () => between(random, 0.1, 1));
      const sum = truth.reduce((a, b) => a + b, 0);
      const edge = between(random, 0.001, 0.08);
      const decimals = truth.map((t) => 1 / ((t / sum) * (1 - edge)));
      const totalCents = Math.round(between(random, 10, 5000)) * 100;
      const booksum = decimals.reduce((s, d) => s + 1 / d, 0);
      const exactPayouts = decimals.map((d) => (((totalCents / 100) * (1 / d)) / booksum) * d);
      for (const p of exactPayouts) expect(Math.abs(p - exactPayouts[0])).toBeLessThan(0.01);
      const stakes = arbitrageStakes(decimals, totalCents);
      // spec 001 §5, DECISIONS 25: the rounded stakes add up to the total, never more
      expect(stakes.totalCents).toBe(stakes.stakesCents.reduce((a, b) => a + b, 0));
      expect(stakes.totalCents).toBe(totalCents);
      // rounding a stake to the cent moves its payout by at most half a cent times the odds
      const spread = Math.max(...stakes.payoutsCents) - Math.min(...stakes.payoutsCents);
      expect(spread).toBeLessThanOrEqual(Math.ceil(Math.max(...decimals)) + 1);
      if (stakes.guaranteedProfitCents > 0)
        for (const p of stakes.payoutsCents) expect(p).toBeGreaterThan(stakes.totalCents);
    }
  });
});

describe('findArbitrage property', () => {
  // Property: every reported arbitrage pays at least the total stake on every outcome, after rounding
  it('random boards: reported payouts never fall below the total stake', () => {
    const random = seededRandom(99);
    let reported = 0;
    for (let i = 0; i < 500; i++) {
      const books = ['draftkings', 'fanduel', 'betmgm', 'williamhill_us', 'bovada'].map((key) => {
        const home = between(random, 0.3, 0.7) * between(random, 0.97, 1.06);
        const away = (1 - home) * between(random, 0.97, 1.06);
        const american = (p: number) => {
          const d = 1 / p;
          return d >= 2 ? Math.round((d - 1) * 100) : -Math.round(100 / (d - 1));
        };
        return book(key, {
          h2h: [
            ['Home', american(home)],
            ['Away', american(away)],
          ],
        });
      });
      const bankroll = Math.round(between(random, 20, 5000));
      for (const arb of findArbitrage(event(books), { bankroll, maxStake: bankroll, minProfitPct: 0 }, NOW)) {
        reported++;
        // spec 001 §5: the rounded stakes add up to the total, never more
        expect(arb.totalStake).toBe(bankroll);
        expect(Math.round(arb.legs.reduce((sum, l) => sum + l.stake, 0) * 100)).toBe(Math.round(arb.totalStake * 100));
        for (const leg of arb.legs) expect(leg.payout).toBeGreaterThanOrEqual(arb.totalStake);
        const payouts = arb.legs.map((l) => l.payout);
        expect(Math.max(...payouts) - Math.min(...payouts)).toBeLessThanOrEqual(
          (Math.ceil(Math.max(...arb.legs.map((l) => l.decimal))) + 1) / 100,
        );
        expect(arb.profitAmount).toBeCloseTo(Math.min(...payouts) - arb.totalStake, 2);
      }
    }
    expect(reported).toBeGreaterThan(20);
  });
});

describe('findArbitrage', () => {
  const twoWay = () =>
    event([
      book('draftkings', {
        h2h: [
          ['Home', 110],
          ['Away', -130],
        ],
      }),
      book('fanduel', {
        h2h: [
          ['Home', -125],
          ['Away', 105],
        ],
      }),
      book('betmgm', {
        h2h: [
          ['Home', 100],
          ['Away', -120],
        ],
      }),
    ]);

  // spec 001 §5: best price per outcome; at least two bookmakers
  it('takes the best price per outcome across books', () => {
    const [arb] = findArbitrage(twoWay(), {}, NOW);
    expect(arb).toMatchObject({
      eventId: 'evt1',
      market: 'h2h',
      kind: 'two_way',
      type: 'arbitrage',
      flags: [],
      totalStake: 100,
    });
    expect(arb.legs.map((l) => [l.book, l.outcome, l.price])).toEqual([
      ['draftkings', 'Home', 110],
      ['fanduel', 'Away', 105],
    ]);
    expect(arb.profitPct).toBeCloseTo((1 / (1 / 2.1 + 1 / 2.05) - 1) * 100, 10);
    expect(arb.profitAmount).toBe(3.73);
    expect(arb.legs.map((l) => l.stake)).toEqual([49.4, 50.6]);
    expect(arb.legs[0]).toMatchObject({ lastUpdate: isoBeforeNow(10_000), ageSeconds: 10, decimal: 2.1 });
    expect(arb.ageSeconds).toBe(10);
    expect(arb.id).toBe(findArbitrage(twoWay(), {}, NOW)[0].id);
  });

  /*
   * DECISIONS 25: the shown profit is that of the rounded stakes. By hand: $100 at 2.06 / 2.18 → $51.42 + $48.58, paying
   * $105.93 and $105.90: $5.90, 5.90 % of the $100.00; the prices alone make 5.915 %, what the minimum compares.
   */
  it('gives the profit % of the rounded stakes beside the price’s own', () => {
    const board = event([
      book('draftkings', {
        h2h: [
          ['Home', 106],
          ['Away', -200],
        ],
      }),
      book('fanduel', {
        h2h: [
          ['Home', -200],
          ['Away', 118],
        ],
      }),
    ]);
    const [arb] = findArbitrage(board, { minProfitPct: 0.1 }, NOW);
    expect(arb.legs.map((l) => l.stake)).toEqual([51.42, 48.58]);
    expect(arb).toMatchObject({ profitAmount: 5.9, totalStake: 100 });
    expect(arb.stakedProfitPct).toBeCloseTo(5.9, 10);
    expect(arb.profitPct).toBeCloseTo((1 / (1 / 2.06 + 1 / 2.18) - 1) * 100, 10);
    expect(findArbitrage(board, { minProfitPct: 5.91 }, NOW)).toHaveLength(1);
    // at a user's $250: $128.54 + $121.46 pay $264.79 and $264.78, $14.78 on $250.00, 5.912 %
    const mine = arbitrageForUser(arb, { minProfit: 0.1, maxStake: 250, bankroll: 1000, books: [] })!;
    expect(mine).toMatchObject({ profitAmount: 14.78, totalStake: 250, profitPct: arb.profitPct });
    expect(mine.stakedProfitPct).toBeCloseTo(5.912, 10);
  });

  it('no arbitrage when the best prices sum to 1 or more, or come from one book', () => {
    expect(
      findArbitrage(
        event([
          book('draftkings', {
            h2h: [
              ['Home', -110],
              ['Away', -110],
            ],
          }),
          book('fanduel', {
            h2h: [
              ['Home', -105],
              ['Away', -115],
            ],
          }),
        ]),
        {},
        NOW,
      ),
    ).toEqual([]);
    // a single book's underround is not an arbitrage between bookmakers
    expect(
      findArbitrage(
        event([
          book('draftkings', {
            h2h: [
              ['Home', 110],
              ['Away', 110],
            ],
          }),
          book('fanduel', {
            h2h: [
              ['Home', -120],
              ['Away', -120],
            ],
          }),
        ]),
        {},
        NOW,
      ),
    ).toEqual([]);
  });

  it('when one book is best on every side, pairs it with the best price of another book', () => {
    const found = findArbitrage(
      event([
        book('draftkings', {
          h2h: [
            ['Home', 115],
            ['Away', 110],
          ],
        }),
        book('fanduel', {
          h2h: [
            ['Home', -105],
            ['Away', 105],
          ],
        }),
      ]),
      {},
      NOW,
    );
    expect(found).toHaveLength(1);
    expect(found[0].legs.map((l) => [l.book, l.outcome])).toEqual([
      ['draftkings', 'Home'],
      ['fanduel', 'Away'],
    ]);
  });

  // spec 001 §5: profit must reach the minimum profit
  it('applies the minimum profit (percent)', () => {
    expect(findArbitrage(twoWay(), { minProfitPct: 3.8 }, NOW)).toEqual([]);
    expect(findArbitrage(twoWay(), { minProfitPct: 3.7 }, NOW)).toHaveLength(1);
  });

  it('total stake is min(max stake, bankroll)', () => {
    expect(findArbitrage(twoWay(), { bankroll: 40, maxStake: 100 }, NOW)[0].totalStake).toBe(40);
    expect(findArbitrage(twoWay(), { bankroll: 1000, maxStake: 500 }, NOW)[0].totalStake).toBe(500);
  });

  // spec 001 §5: DFS and pick'em apps excluded (prizepicks, underdog, pick6, draftkings_pick6, dabble_au, sleeper, prophetx)
  it.each(['prizepicks', 'underdog', 'pick6', 'draftkings_pick6', 'dabble_au', 'sleeper', 'prophetx'])(
    'excludes %s',
    (key) => {
      const found = findArbitrage(
        event([
          book('draftkings', {
            h2h: [
              ['Home', -110],
              ['Away', -110],
            ],
          }),
          book(key, {
            h2h: [
              ['Home', 150],
              ['Away', 150],
            ],
          }),
        ]),
        {},
        NOW,
      );
      expect(found).toEqual([]);
    },
  );

  // Exchange lay markets are not backable
  it('ignores h2h_lay markets', () => {
    const found = findArbitrage(
      event([
        book('betfair_ex_uk', {
          h2h_lay: [
            ['Home', 300],
            ['Away', 300],
          ],
        }),
        book('draftkings', {
          h2h: [
            ['Home', -110],
            ['Away', -110],
          ],
        }),
      ]),
      {},
      NOW,
    );
    expect(found).toEqual([]);
  });

  // spec 001 §5: the book filter is applied
  it('applies the book filter', () => {
    expect(findArbitrage(twoWay(), { books: ['draftkings', 'betmgm'] }, NOW)).toEqual([]);
    expect(findArbitrage(twoWay(), { books: ['draftkings', 'fanduel'] }, NOW)).toHaveLength(1);
  });

  // spec 001 §5: spread lines must sum to within 0.01 of zero
  it('pairs spreads only when the lines sum to zero', () => {
    const matched = event([
      book('draftkings', {
        spreads: [
          ['Home', 110, -3.5],
          ['Away', -130, 3.5],
        ],
      }),
      book('fanduel', {
        spreads: [
          ['Home', -130, -3.5],
          ['Away', 105, 3.5],
        ],
      }),
    ]);
    const [arb] = findArbitrage(matched, {}, NOW);
    expect(arb.legs.map((l) => [l.outcome, l.point])).toEqual([
      ['Home', -3.5],
      ['Away', 3.5],
    ]);
    const mismatched = event([
      book('draftkings', {
        spreads: [
          ['Home', 110, -3.5],
          ['Away', -130, 3.5],
        ],
      }),
      book('fanduel', {
        spreads: [
          ['Home', -130, -3],
          ['Away', 105, 3],
        ],
      }),
    ]);
    expect(findArbitrage(mismatched, {}, NOW)).toEqual([]);
  });

  // spec 001 §5: totals lines must match within 0.01; alternates compare with the main line
  it('pairs totals only on the same line, alternate lines included', () => {
    const same = event([
      book('draftkings', {
        totals: [
          ['Over', 110, 48.5],
          ['Under', -130, 48.5],
        ],
      }),
      book('fanduel', {
        alternate_totals: [
          ['Over', -130, 48.5],
          ['Under', 105, 48.5],
        ],
      }),
    ]);
    const [arb] = findArbitrage(same, {}, NOW);
    expect(arb.market).toBe('totals');
    expect(arb.legs.map((l) => [l.book, l.market, l.outcome])).toEqual([
      ['draftkings', 'totals', 'Over'],
      ['fanduel', 'alternate_totals', 'Under'],
    ]);
    const apart = event([
      book('draftkings', {
        totals: [
          ['Over', 110, 48.5],
          ['Under', -130, 48.5],
        ],
      }),
      book('fanduel', {
        totals: [
          ['Over', -130, 49],
          ['Under', 105, 49],
        ],
      }),
    ]);
    expect(findArbitrage(apart, {}, NOW)).toEqual([]);
  });

  // DECISIONS 11: three-way (1X2) markets
  it('finds three-way 1X2 arbitrage with the draw', () => {
    const soccer = event([
      book('onexbet', {
        h2h: [
          ['Home', 260],
          ['Away', 150],
          ['Draw', 230],
        ],
      }),
      book('unibet_eu', {
        h2h: [
          ['Home', 200],
          ['Away', 190],
          ['Draw', 240],
        ],
      }),
      book('pinnacle', {
        h2h: [
          ['Home', 220],
          ['Away', 160],
          ['Draw', 290],
        ],
      }),
    ]);
    const [arb] = findArbitrage(soccer, {}, NOW);
    expect(arb.kind).toBe('three_way');
    expect(arb.legs.map((l) => [l.book, l.outcome])).toEqual([
      ['onexbet', 'Home'],
      ['unibet_eu', 'Away'],
      ['pinnacle', 'Draw'],
    ]);
    const payouts = arb.legs.map((l) => l.payout);
    expect(Math.max(...payouts) - Math.min(...payouts)).toBeLessThanOrEqual(0.03);
    expect(Math.min(...payouts)).toBeGreaterThan(arb.totalStake);
  });

  it('does not mix a two-outcome market into a three-way one', () => {
    const mixed = event([
      book('onexbet', {
        h2h: [
          ['Home', 260],
          ['Away', 150],
          ['Draw', 230],
        ],
      }),
      book('other', {
        h2h: [
          ['Home', 300],
          ['Away', 300],
        ],
      }),
    ]);
    expect(findArbitrage(mixed, {}, NOW)).toEqual([]);
  });

  // Flags live, stale (2 min pre-match, 20 s live), suspect (> 10 % by default, configurable)
  it('flags stale legs: more than 2 min behind the newest pre-match', () => {
    const lagging = (lag: number) =>
      event([
        book(
          'draftkings',
          {
            h2h: [
              ['Home', 110],
              ['Away', -130],
            ],
          },
          10_000,
        ),
        book(
          'fanduel',
          {
            h2h: [
              ['Home', -125],
              ['Away', 105],
            ],
          },
          10_000 + lag,
        ),
      ]);
    expect(findArbitrage(lagging(120_000), {}, NOW)[0].flags).toEqual([]);
    expect(findArbitrage(lagging(120_001), {}, NOW)[0].flags).toEqual(['stale']);
  });

  it('flags live games and legs more than 20 s behind when live', () => {
    const live = (lag: number) =>
      event(
        [
          book(
            'draftkings',
            {
              h2h: [
                ['Home', 110],
                ['Away', -130],
              ],
            },
            1000,
          ),
          book(
            'fanduel',
            {
              h2h: [
                ['Home', -125],
                ['Away', 105],
              ],
            },
            1000 + lag,
          ),
        ],
        -600_000,
      );
    expect(findArbitrage(live(20_000), {}, NOW)[0].flags).toEqual(['live']);
    expect(findArbitrage(live(20_001), {}, NOW)[0].flags).toEqual(['live', 'stale']);
  });

  it('flags suspect profit above the bound', () => {
    const big = event([
      book('draftkings', {
        h2h: [
          ['Home', 150],
          ['Away', -130],
        ],
      }),
      book('fanduel', {
        h2h: [
          ['Home', -125],
          ['Away', 150],
        ],
      }),
    ]);
    expect(findArbitrage(big, {}, NOW)[0].flags).toEqual(['suspect']);
    expect(findArbitrage(big, { suspectProfitPct: 30 }, NOW)[0].flags).toEqual([]);
  });

  // spec 001 §5: legs past the locked-market age are excluded altogether
  it('excludes legs older than the locked-market age (15 min, 5 min live)', () => {
    const old = event([
      book(
        'draftkings',
        {
          h2h: [
            ['Home', 110],
            ['Away', -130],
          ],
        },
        15 * 60_000 + 1000,
      ),
      book('fanduel', {
        h2h: [
          ['Home', -125],
          ['Away', 105],
        ],
      }),
    ]);
    expect(findArbitrage(old, {}, NOW)).toEqual([]);
    const liveOld = event(
      [
        book(
          'draftkings',
          {
            h2h: [
              ['Home', 110],
              ['Away', -130],
            ],
          },
          5 * 60_000 + 1000,
        ),
        book('fanduel', {
          h2h: [
            ['Home', -125],
            ['Away', 105],
          ],
        }),
      ],
      -60_000,
    );
    expect(findArbitrage(liveOld, {}, NOW)).toEqual([]);
  });

  // spec 001 §5: the market is locked, not just the outcome: its other side is not offered on its own
  it('a price beyond ±5000 locks the whole market of that book', () => {
    const locked = event([
      book('draftkings', {
        h2h: [
          ['Home', -8000],
          ['Away', 2000],
        ],
      }),
      book('fanduel', {
        h2h: [
          ['Home', -110],
          ['Away', -110],
        ],
      }),
    ]);
    expect(findArbitrage(locked, {}, NOW)).toEqual([]);
  });

  it('excludes prices beyond ±5000', () => {
    const extreme = event([
      book('draftkings', {
        h2h: [
          ['Home', 6000],
          ['Away', -130],
        ],
      }),
      book('fanduel', {
        h2h: [
          ['Home', -8000],
          ['Away', 105],
        ],
      }),
    ]);
    expect(findArbitrage(extreme, {}, NOW)).toEqual([]);
  });

  // spec 001 §5: finished games skipped
  it('skips completed games', () => {
    expect(findArbitrage({ ...twoWay(), completed: true }, {}, NOW)).toEqual([]);
  });

  it('reports the decimal odds unrounded and the American price rounded', () => {
    const [arb] = findArbitrage(twoWay(), {}, NOW);
    expect(arb.legs[1].decimal).toBe(americanToDecimal(105));
    expect(arb.totalImpliedProb).toBeCloseTo(1 / 2.1 + 1 / 2.05, 12);
  });
});

// The recorded boards hold in-play "arbitrages" of 28–248 % no user can take; they must come out
// flagged, never clean. "Now" is the newest last_update in the file, as in the scan CLI.
describe('arbitrage on recorded boards', () => {
  it.each([
    'v4_odds_upcoming_us_h2h_american_inplay_2024-03-27.json',
    'v4_odds_upcoming_us_h2h_decimal_inplay_2025-03-11.json',
    'v4_odds_baseball_mlb_us-uk-eu_h2h-spreads-totals-h2h_lay_american_2022-09-18.json',
  ])('%s: every in-play or outsized arbitrage is flagged', (file) => {
    const events = board(file);
    const found = findArbitrageOnBoard(events, { minProfitPct: 0 }, newestUpdate(events)!);
    const started = new Set(
      events.filter((e) => Date.parse(e.commence_time) <= newestUpdate(events)!).map((e) => e.id),
    );
    for (const arb of found) {
      if (started.has(arb.eventId)) expect(arb.flags).toContain('live');
      if (arb.profitPct > 10) expect(arb.flags).toContain('suspect');
      if (arb.profitPct > 10) expect(arb.flags).not.toEqual([]);
    }
    expect(found.some((a) => a.profitPct > 10)).toBe(true);
  });

  it('the 248 % Bruins–Panthers phantom of 2024-03-27 is flagged live and suspect', () => {
    const events = board('v4_odds_upcoming_us_h2h_american_inplay_2024-03-27.json');
    const found = findArbitrageOnBoard(events, {}, newestUpdate(events)!);
    const phantom = found.find((a) => a.game === 'Boston Bruins @ Florida Panthers')!;
    expect(phantom.profitPct).toBeGreaterThan(240);
    expect(phantom.profitPct).toBeLessThan(250);
    expect(phantom.flags).toEqual(expect.arrayContaining(['live', 'suspect']));
    expect(
      found.filter((a) => a.profitPct >= 28).every((a) => a.flags.includes('live') && a.flags.includes('suspect')),
    ).toBe(true);
  });
});

describe('arbitrageCalculator — DECISIONS 25', () => {
  /*
   * Source: arbplay.app, "How to calculate a sure bet", worked example: Player A @ 2.08, Player B @ 2.00, €100 →
   * €49.02 and €50.98, each returning €101.96, a guaranteed €1.96.
   * By hand: Σ = 1/2.08 + 1/2 = 0.980769; 100 × 0.480769 / 0.980769 = 49.0196 → 49.02; 50.98; 49.02 × 2.08 = 101.9616 → 101.96.
   */
  it('splits a total for equal payout (arbplay worked example)', () => {
    const r = arbitrageCalculator([2.08, 2.0], { mode: 'total', totalCents: 10_000 });
    expect(r.stakesCents).toEqual([4902, 5098]);
    expect(r.payoutsCents).toEqual([10_196, 10_196]);
    expect(r.totalCents).toBe(10_000);
    expect(r.guaranteedProfitCents).toBe(196);
  });

  /*
   * Source: J. Buchdahl, Fixed Odds Sports Betting (2003), Greece v Ireland, 20 Nov 2002 (reprinted at kappara.ru):
   * home 2.3, draw 3.5, away 4.23; stakes £43.48, £28.57, £23.64 for £95.69 return £100 whatever happens: £4.31.
   * Here the home stake is fixed at £43.48 and the others sized to pay what it pays: 43.48 × 2.3 / 3.5 = 28.5726 → 28.57,
   * 43.48 × 2.3 / 4.23 = 23.6417 → 23.64; payouts 100.004 → 100.00, 99.995 → 100.00 (half-up), 99.9972 → 100.00.
   */
  it('fixes one leg and sizes the others (Buchdahl three-way example)', () => {
    const r = arbitrageCalculator([2.3, 3.5, 4.23], { mode: 'fixed', leg: 0, stakeCents: 4348 });
    expect(r.stakesCents).toEqual([4348, 2857, 2364]);
    expect(r.totalCents).toBe(9569);
    expect(r.payoutsCents).toEqual([10_000, 10_000, 10_000]);
    expect(r.profitsCents).toEqual([431, 431, 431]);
    expect(r.guaranteedProfitCents).toBe(431);
  });

  /*
   * Source: bettingwealth.com, "Arbitrage" (2017): 100 on Tyson at 2.5, the Ali stake is (2.5 / 2.0) × 100 = 125, total 225,
   * 250 back either way: 25 profit. Source B: arbshop.com, "The sports arbitrage formula": 100 at 1.43 and
   * 100 × 1.43 / 3.9 = 36.67 at 3.9 (returns 143.00 and 36.67 × 3.9 = 143.013 → 143.01 on a total of 136.67).
   */
  it('fixes the second leg as well as the first (bettingwealth and arbshop examples)', () => {
    const tyson = arbitrageCalculator([2.0, 2.5], { mode: 'fixed', leg: 1, stakeCents: 10_000 });
    expect(tyson.stakesCents).toEqual([12_500, 10_000]);
    expect(tyson.guaranteedProfitCents).toBe(2_500);
    const arbshop = arbitrageCalculator([1.43, 3.9], { mode: 'fixed', leg: 0, stakeCents: 10_000 });
    expect(arbshop.stakesCents).toEqual([10_000, 3_667]);
    expect(arbshop.payoutsCents).toEqual([14_300, 14_301]);
    expect(arbshop.profitsCents).toEqual([633, 634]);
    expect(arbshop.guaranteedProfitCents).toBe(633);
  });

  // Whole-dollar rounding is optional; the profit shown is that of the rounded stakes (DECISIONS 25)
  it('rounds the stakes it sizes to whole dollars and reports the profit of those stakes', () => {
    const cents = arbitrageCalculator([2.3, 3.5, 4.23], { mode: 'fixed', leg: 0, stakeCents: 4348 }, 'dollar');
    // 28.5726 → $29, 23.6417 → $24; the fixed $43.48 stays as given
    expect(cents.stakesCents).toEqual([4348, 2900, 2400]);
    expect(cents.totalCents).toBe(9648);
    // payouts 100.00, 101.50, 101.52 on $96.48: $3.52 at worst
    expect(cents.payoutsCents).toEqual([10_000, 10_150, 10_152]);
    expect(cents.guaranteedProfitCents).toBe(352);
    const whole = arbitrageCalculator([2.08, 2.0], { mode: 'total', totalCents: 10_000 }, 'dollar');
    expect(whole.stakesCents).toEqual([4900, 5100]);
    expect(whole.payoutsCents).toEqual([10_192, 10_200]);
    expect(whole.guaranteedProfitCents).toBe(192);
  });

  it('refuses what it cannot size', () => {
    expect(() => arbitrageCalculator([2.1], { mode: 'total', totalCents: 100 })).toThrow(RangeError);
    expect(() => arbitrageCalculator([2.1, 1], { mode: 'total', totalCents: 100 })).toThrow(RangeError);
    expect(() => arbitrageCalculator([2.1, 2.1], { mode: 'fixed', leg: 2, stakeCents: 100 })).toThrow(RangeError);
    expect(() => arbitrageCalculator([2.1, 2.1], { mode: 'total', totalCents: 10.5 })).toThrow(RangeError);
  });
});
