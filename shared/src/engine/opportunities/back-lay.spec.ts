import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BoardBookmaker, BoardEvent } from '../../domain/odds';
import type { ArbitrageOpportunity } from '../../domain/opportunities';
import { normaliseOddsApiV4 } from '../../feeds/odds-api-v4';
import { isoBeforeNow, NOW } from '../../testing/board-builder';
import { arbitrageForUser, opportunityAtRates } from './opportunities-for-user';
import { backLayProfit } from './back-lay';
import { backLay, commissionOf, effectiveDecimal } from '../odds/commission';
import { newestUpdate, scanBoard } from './scan';
import { findArbitrage } from './finders';

const FIXTURES = join(__dirname, '..', '..', '..', '..', '..', 'shared', 'fixtures', 'the-odds-api');
const LAY_BOARDS = readdirSync(FIXTURES).filter(
  (f) => (f.startsWith('v4_odds_') || f.startsWith('v4_event_odds_')) && f.includes('h2h_lay'),
);
const read = (file: string) => normaliseOddsApiV4(JSON.parse(readFileSync(join(FIXTURES, file), 'utf8'))).events;

/** A bookmaker quoting decimal prices (the matched-betting examples are in decimal odds). */
function bookmaker(key: string, markets: Record<string, [string, number][]>, updatedMsAgo = 10_000): BoardBookmaker {
  return {
    key,
    title: key,
    last_update: isoBeforeNow(updatedMsAgo),
    markets: Object.entries(markets).map(([market, outcomes]) => ({
      key: market,
      last_update: isoBeforeNow(updatedMsAgo),
      outcomes: outcomes.map(([name, price]) => ({ name, price })),
    })),
  };
}

function game(bookmakers: BoardBookmaker[]): BoardEvent {
  return {
    id: 'evt1',
    sport_key: 'soccer_epl',
    sport_title: 'EPL',
    commence_time: new Date(NOW + 3_600_000).toISOString(),
    home_team: 'Home',
    away_team: 'Away',
    bookmakers,
  };
}

/** A three-way board: the back prices at `back`'s book, the lay prices at `lay`'s exchange. */
function backAndLay(
  backBook: string,
  back: [number, number, number],
  layBook: string,
  lay: [number, number, number],
): BoardEvent {
  const names = ['Home', 'Away', 'Draw'];
  return game([
    bookmaker(backBook, { h2h: names.map((n, i): [string, number] => [n, back[i]]) }),
    bookmaker(layBook, {
      h2h: names.map((n, i): [string, number] => [n, lay[i] - 0.1]),
      h2h_lay: names.map((n, i): [string, number] => [n, lay[i]]),
    }),
  ]);
}

/** Both paths: the per-finder path (findArbitrage) and the prepared path the workers run (scanBoard). */
function bothPaths(
  board: BoardEvent,
  options: {
    minProfitPct?: number;
    books?: string[];
    commission?: Record<string, number>;
    bankroll?: number;
    maxStake?: number;
  } = {},
) {
  const perFinder = findArbitrage(board, { minProfitPct: 0, ...options }, NOW).filter((o) => o.kind === 'back_lay');
  const prepared = scanBoard(
    [board],
    { arbitrage: { minProfitPct: 0, ...options }, commission: options.commission },
    NOW,
  ).arbitrage.filter((o) => o.kind === 'back_lay');
  expect(prepared).toEqual(perFinder);
  return prepared;
}

describe('the net result of a back/lay', () => {
  // The published examples of commission.spec.ts, as a fraction of the back stake: each loses the same either way
  it('is what backLay() sizes: calculatorlib, mintio and bookieoffers', () => {
    // calculatorlib.com: back £100 at 2.5, lay at 2.6 at 5 % → −£6.86
    expect(backLayProfit(2.5, 2.6, 0.05) * 10_000).toBeCloseTo(-686.27, 2);
    // mintio.co.uk Porto v Rangers: £100 at 4.0, laid at 4.3 at 5 % → −£10.59 (−£10.60 after rounding the lay stake)
    expect(backLayProfit(4, 4.3, 0.05) * 10_000).toBeCloseTo(-1058.82, 2);
    // bookieoffers.co.uk: £10 at 7.0, laid at 7.2 at 5 % → −70p
    expect(backLayProfit(7, 7.2, 0.05) * 1_000).toBeCloseTo(-69.93, 2);
  });

  it('none of the published qualifying bets is an arbitrage on a board, on either path', () => {
    // mintio's draw at 4.0 laid at 4.3, calculatorlib's 2.5 laid at 2.6, bookieoffers' 7.0 laid at 7.2
    expect(bothPaths(backAndLay('bet365', [2.5, 7, 4], 'betfair_ex_uk', [2.6, 7.2, 4.3]))).toEqual([]);
  });
});

describe('back/lay arbitrage', () => {
  /*
   * Worked by hand with backLay()'s rule: Home at 2.20 at a book, laid at Matchbook at 2.06 (2 %). Per dollar backed
   * the lay stake is 2.2 / (2.06 − 0.02) = 1.07843 and its liability 1.07843 × 1.06 = 1.14314, so the bettor's $100
   * (spec 001 §5: back stake and liability within the total) backs 100 / 2.14314 = $46.66: lay stake 46.66 × 2.2 / 2.04 =
   * $50.32, liability 50.32 × 1.06 = $53.34, $100.00 in all. Home wins: 46.66 × 1.2 − 53.34 = $2.65; Home does not:
   * 50.32 × 0.98 − 46.66 = $2.65. The back stake nets 2.2 × 0.98 / 2.04 − 1 = 5.686 %, which is 2.653 % of the
   * $2.14314 it puts up with its liability.
   */
  const board = () =>
    game([
      bookmaker('draftkings', {
        h2h: [
          ['Home', 2.2],
          ['Away', 1.7],
        ],
      }),
      bookmaker('matchbook', {
        h2h: [
          ['Home', 2.04],
          ['Away', 1.95],
        ],
        h2h_lay: [
          ['Home', 2.06],
          ['Away', 1.98],
        ],
      }),
    ]);

  it('backs at the book, lays at the exchange, sized by backLay(), on both paths', () => {
    const [o, ...others] = bothPaths(board());
    expect(others).toEqual([]);
    const sized = backLay(4666, 2.2, 2.06, 0.02);
    expect(sized).toEqual({ layStakeCents: 5032, liabilityCents: 5334, backWinsCents: 265, layWinsCents: 265 });
    // a cent more backed would put up 46.67 + 53.35 (50.33 × 1.06) = $100.02
    expect(backLay(4667, 2.2, 2.06, 0.02).liabilityCents).toBe(5335);
    expect(o).toMatchObject({
      type: 'arbitrage',
      kind: 'back_lay',
      market: 'h2h',
      totalStake: 100,
      profitAmount: 2.65,
      stakedProfitPct: 2.65,
    });
    expect(backLayProfit(2.2, 2.06, 0.02) * 100).toBeCloseTo(5.686, 3);
    expect(o.profitPct).toBeCloseTo(2.653, 3);
    expect(o.totalImpliedProb).toBeCloseTo(1 / 1.02653, 5);
    const [back, lay] = o.legs;
    expect(back).toMatchObject({
      book: 'draftkings',
      outcome: 'Home',
      decimal: 2.2,
      commission: 0,
      stake: 46.66,
      payout: 102.65,
    });
    expect(back.lay).toBeUndefined();
    expect(lay).toMatchObject({
      book: 'matchbook',
      market: 'h2h_lay',
      outcome: 'Home',
      decimal: 2.06,
      commission: 0.02,
      lay: true,
    });
    // Home does not win: the $53.34 liability comes back with the $49.31 the lay stake nets
    expect(lay).toMatchObject({ stake: 50.32, liability: 53.34, payout: 102.65 });
    // the back/lay of Away (1.70 laid at 1.98) loses: only Home is listed
    expect(o.id).toBe('arb:evt1:h2h::lay:Home:matchbook:draftkings,matchbook');
  });

  it('is not one once the commission eats the margin, and follows a user’s own rate', () => {
    // at 8 %: 2.2 × 0.92 / (2.06 − 0.08) − 1 = 2.222 % of the back stake, over 1 + 2.2 × 1.06 / 1.98 = 2.17778 put up
    // with its liability: 1.020 %; at 12 %: 2.2 × 0.88 / 1.94 − 1 = −0.21 %, a loss
    expect(bothPaths(board(), { commission: { matchbook: 0.12 } })).toEqual([]);
    const [at8] = bothPaths(board(), { commission: { matchbook: 0.08 } });
    expect(at8.profitPct).toBeCloseTo(1.0204, 4);
    expect(at8.legs[1].commission).toBe(0.08);
  });

  it('keeps the minimum profit and the book filter, and never backs at the exchange it lays at', () => {
    expect(bothPaths(board(), { minProfitPct: 2.66 })).toEqual([]);
    expect(bothPaths(board(), { minProfitPct: 2.65 })).toHaveLength(1);
    expect(bothPaths(board(), { books: ['draftkings'] })).toEqual([]);
    expect(bothPaths(board(), { books: ['draftkings', 'matchbook'] })).toHaveLength(1);
    const alone = game([
      bookmaker('matchbook', {
        h2h: [
          ['Home', 2.5],
          ['Away', 1.6],
        ],
        h2h_lay: [
          ['Home', 2.06],
          ['Away', 1.98],
        ],
      }),
    ]);
    expect(bothPaths(alone)).toEqual([]);
  });

  it('leaves out a lay price too old to bet (spec 001 §5: 15 min)', () => {
    const old = board();
    old.bookmakers[1] = {
      ...old.bookmakers[1],
      markets: old.bookmakers[1].markets.map((m) => ({ ...m, last_update: isoBeforeNow(16 * 60_000) })),
    };
    expect(bothPaths(old)).toEqual([]);
  });
});

describe('a back/lay at a user’s own inputs', () => {
  // the two-way (the book's Home against Matchbook's Away backed) is an arbitrage of its own: the back/lay is the other
  const found = () => {
    const o = findArbitrage(
      game([
        bookmaker('draftkings', {
          h2h: [
            ['Home', 2.2],
            ['Away', 1.7],
          ],
        }),
        bookmaker('matchbook', {
          h2h: [
            ['Home', 2.04],
            ['Away', 1.95],
          ],
          h2h_lay: [
            ['Home', 2.06],
            ['Away', 1.98],
          ],
        }),
      ]),
      { minProfitPct: 0.1, bankroll: 100_000, maxStake: 10_000 },
      NOW,
    ).find((a) => a.kind === 'back_lay')!;
    return o;
  };

  it('reads exactly as the engine sizes it for them: back stake and liability within their total', () => {
    const engine = findArbitrage(
      game([
        bookmaker('draftkings', {
          h2h: [
            ['Home', 2.2],
            ['Away', 1.7],
          ],
        }),
        bookmaker('matchbook', {
          h2h: [
            ['Home', 2.04],
            ['Away', 1.95],
          ],
          h2h_lay: [
            ['Home', 2.06],
            ['Away', 1.98],
          ],
        }),
      ]),
      { minProfitPct: 1, bankroll: 500, maxStake: 250 },
      NOW,
    );
    const mine = arbitrageForUser(found(), { minProfit: 1, maxStake: 250, bankroll: 500, books: [] });
    expect(mine).toEqual(engine.find((a) => a.kind === 'back_lay'));
    // $250 / 2.14314 = $116.65 backed: lay stake 116.65 × 2.2 / 2.04 = $125.80, liability 125.80 × 1.06 = $133.35;
    // $250.00 in all, $6.63 either way (139.98 − 133.35; 125.80 × 0.98 − 116.65 = 123.28 − 116.65)
    expect(mine).toMatchObject({ totalStake: 250, profitAmount: 6.63 });
    expect(mine?.stakedProfitPct).toBeCloseTo(2.652, 10);
    expect(mine?.legs[0]).toMatchObject({ stake: 116.65 });
    expect(mine?.legs[1]).toMatchObject({ lay: true, stake: 125.8, liability: 133.35 });
  });

  /*
   * spec 001 §5: the total is the smaller of the max stake and the bankroll, and a back/lay stakes its liability too.
   * William Hill's Home at 10.5 laid at Betfair's 10 (5 %) nets 10.5 × 0.95 / 9.95 − 1 = 0.251 % of the back stake, but
   * each dollar backed holds 10.5 × 9 / 9.95 = $9.497 at the exchange. Backing the whole $100 of a $100 bankroll laid
   * $105.53 with a liability of $949.77 ("$0.23 on $100.00"). Within $1,000: $1,000 / 10.497 = $95.25 backed, lay stake
   * 95.25 × 10.5 / 9.95 = $100.52, liability × 9 = $904.68, $999.93 put up; 904.88 − 904.68 = $0.20 if Home wins,
   * 100.52 × 0.95 − 95.25 = $0.24 if not; 0.251 % / 10.497 = 0.0239 % of what it stakes.
   */
  it('stakes the liability within the total: a long lay is sized on all the bettor puts up', () => {
    const [wide] = bothPaths(backAndLay('williamhill', [10.5, 1.2, 6], 'betfair_ex_uk', [10, 1.19, 6.4]), {
      minProfitPct: 0,
      bankroll: 10_000,
      maxStake: 10_000,
    });
    const inputs = { minProfit: 0, maxStake: 1000, bankroll: 1000, books: [] };
    const mine = arbitrageForUser(wide, inputs)!;
    expect(mine.profitPct).toBeCloseTo(0.0239, 4);
    expect(mine).toMatchObject({ totalStake: 999.93, profitAmount: 0.2 });
    expect(mine.legs).toMatchObject([{ stake: 95.25 }, { lay: true, stake: 100.52, liability: 904.68 }]);
    // $100 backs $9.52 against a $90.45 liability, and the rounded stakes lose a cent if Home wins: not shown
    expect(arbitrageForUser(wide, { ...inputs, maxStake: 100, bankroll: 100 })).toBeNull();
    expect(arbitrageForUser(wide, { ...inputs, minProfit: 0.1 })).toBeNull();
  });

  it('is re-priced at their commission, and gone once it no longer wins', () => {
    const inputs = { minProfit: 0, maxStake: 100, bankroll: 1000, books: [] };
    const at8 = arbitrageForUser(found(), { ...inputs, commission: { matchbook: 0.08 } })!;
    expect(at8.profitPct).toBeCloseTo(1.0204, 4);
    expect(at8.legs[1].commission).toBe(0.08);
    // $100 / 2.17778 = $45.92 backed: lay stake 45.92 × 2.2 / 1.98 = $51.02, liability $54.08; 55.10 − 54.08 = $1.02,
    // 51.02 × 0.92 − 45.92 = $1.02
    expect(at8).toMatchObject({
      totalStake: 100,
      profitAmount: 1.02,
      legs: [
        { stake: 45.92, payout: 101.02 },
        { stake: 51.02, liability: 54.08 },
      ],
    });
    expect(arbitrageForUser(found(), { ...inputs, commission: { matchbook: 0.12 } })).toBeNull();
    expect(opportunityAtRates(found(), { matchbook: 0.12 })).toBeNull();
    // at the $9,999.98 it was found with (back stake and liability within detection's $10,000): 1.02 % of it
    expect(found().totalStake).toBe(9999.98);
    expect(opportunityAtRates(found(), { matchbook: 0.08 })?.profitAmount).toBeCloseTo(102.04, 0);
    expect(arbitrageForUser(found(), { ...inputs, books: ['draftkings'] })).toBeNull();
  });
});

/** The net result of each outcome, worked again from the legs as a bettor would. */
function netResults(o: ArbitrageOpportunity): { backWins: number; layWins: number } {
  const [back, lay] = o.legs;
  const liability = lay.stake * (lay.decimal - 1);
  return {
    backWins: back.stake * (effectiveDecimal(back.decimal, back.commission) - 1) - liability,
    layWins: lay.stake * (1 - lay.commission) - back.stake,
  };
}

describe('back/lay on the recorded boards with lay prices, at the default commissions', () => {
  it.each(LAY_BOARDS)('%s: every listed back/lay wins on both outcomes', (file) => {
    const events = read(file);
    const now = newestUpdate(events)!;
    const found = scanBoard(events, { arbitrage: { minProfitPct: 0 } }, now).arbitrage.filter(
      (o) => o.kind === 'back_lay',
    );
    for (const o of found) {
      const [back, lay] = o.legs;
      expect(lay.lay).toBe(true);
      expect(lay.market).toMatch(/_lay$/);
      expect(back.lay).toBeUndefined();
      expect(back.outcome).toBe(lay.outcome);
      expect(back.book).not.toBe(lay.book);
      expect(lay.commission).toBe(commissionOf(lay.book));
      expect(lay.liability).toBeCloseTo(lay.stake * (lay.decimal - 1), 2);
      const { backWins, layWins } = netResults(o);
      expect(backWins).toBeGreaterThan(0);
      expect(layWins).toBeGreaterThan(0);
      expect(o.profitAmount).toBeGreaterThan(0);
      expect(o.profitAmount).toBeCloseTo(Math.min(backWins, layWins), 1);
    }
  });

  it('finds back/lay opportunities on the boards that carry lay prices', () => {
    const count = LAY_BOARDS.map((file) => {
      const events = read(file);
      return scanBoard(events, { arbitrage: { minProfitPct: 0 } }, newestUpdate(events)!).arbitrage.filter(
        (o) => o.kind === 'back_lay',
      ).length;
    });
    expect(count.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });
});
