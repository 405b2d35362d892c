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
  options: { minProfitPct?: number; books?: string[]; commission?: Record<string, number> } = {},
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
  // Worked by hand with backLay()'s rule: $100 on Home at 2.20 at a book, laid at Matchbook at 2.06 (2 %):
  // lay stake 100 × 2.2 / (2.06 − 0.02) = $107.84, liability 107.84 × 1.06 = $114.31; Home wins: 120 − 114.31 =
  // $5.69; Home does not: 107.84 × 0.98 − 100 = $5.68; profit 2.2 × 0.98 / 2.04 − 1 = 5.686 %
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
    const sized = backLay(10_000, 2.2, 2.06, 0.02);
    expect(sized).toEqual({ layStakeCents: 10_784, liabilityCents: 11_431, backWinsCents: 569, layWinsCents: 568 });
    expect(o).toMatchObject({
      type: 'arbitrage',
      kind: 'back_lay',
      market: 'h2h',
      totalStake: 100,
      profitAmount: 5.68,
    });
    expect(o.profitPct).toBeCloseTo(5.686, 3);
    expect(o.totalImpliedProb).toBeCloseTo(1 / 1.05686, 5);
    const [back, lay] = o.legs;
    expect(back).toMatchObject({
      book: 'draftkings',
      outcome: 'Home',
      decimal: 2.2,
      commission: 0,
      stake: 100,
      payout: 220,
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
    // Home does not win: the $114.31 liability comes back with the $105.68 the lay stake nets
    expect(lay).toMatchObject({ stake: 107.84, liability: 114.31, payout: 219.99 });
    // the back/lay of Away (1.70 laid at 1.98) loses: only Home is listed
    expect(o.id).toBe('arb:evt1:h2h::lay:Home:matchbook');
  });

  it('is not one once the commission eats the margin, and follows a user’s own rate', () => {
    // at 8 %: 2.2 × 0.92 / (2.06 − 0.08) − 1 = 2.22 %; at 12 %: 2.2 × 0.88 / 1.94 − 1 = −0.21 %, a loss
    expect(bothPaths(board(), { commission: { matchbook: 0.12 } })).toEqual([]);
    const [at8] = bothPaths(board(), { commission: { matchbook: 0.08 } });
    expect(at8.profitPct).toBeCloseTo(2.222, 3);
    expect(at8.legs[1].commission).toBe(0.08);
  });

  it('keeps the minimum profit and the book filter, and never backs at the exchange it lays at', () => {
    expect(bothPaths(board(), { minProfitPct: 6 })).toEqual([]);
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

  it('reads exactly as the engine sizes it for them: the back stake theirs, the lay sized against it', () => {
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
    expect(mine?.legs[1]).toMatchObject({ lay: true, stake: 269.61, liability: 285.79 });
  });

  it('is re-priced at their commission, and gone once it no longer wins', () => {
    const inputs = { minProfit: 0, maxStake: 100, bankroll: 1000, books: [] };
    const at8 = arbitrageForUser(found(), { ...inputs, commission: { matchbook: 0.08 } })!;
    expect(at8.profitPct).toBeCloseTo(2.222, 3);
    expect(at8.legs[1].commission).toBe(0.08);
    // lay stake 100 × 2.2 / 1.98 = $111.11, liability $117.78; 120 − 117.78 = $2.22, 111.11 × 0.92 − 100 = $2.22
    expect(at8).toMatchObject({
      profitAmount: 2.22,
      legs: [
        { stake: 100, payout: 220 },
        { stake: 111.11, liability: 117.78 },
      ],
    });
    expect(arbitrageForUser(found(), { ...inputs, commission: { matchbook: 0.12 } })).toBeNull();
    expect(opportunityAtRates(found(), { matchbook: 0.12 })).toBeNull();
    expect(opportunityAtRates(found(), { matchbook: 0.08 })?.profitAmount).toBeCloseTo(222.2, 0);
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
