import { MAX_BANKROLL } from '../../domain/accounts/accounts';
import { book, event, isoBeforeNow, NOW, type OutcomeSpec } from '../../testing/board-builder';
import { bookAgainstExchange } from '../../testing/exchange-arbitrage';
import { between, seededRandom } from '../../testing/seeded-random';
import {
  arbitrageForUser,
  evBetForUser,
  evBetAt,
  expiresInAt,
  legsInBooks,
  middleForUser,
  opportunityAt,
  opportunityAtRates,
  SCANNER_MAX_STAKE,
  sizeArbitrage,
} from './opportunities-for-user';
import { findArbitrage, findEvBets, findMiddles } from './finders';

const BOOKS = ['draftkings', 'fanduel', 'betmgm', 'williamhill_us', 'bovada', 'pinnacle'];

const american = (decimal: number) =>
  decimal >= 2 ? Math.round((decimal - 1) * 100) : -Math.round(100 / (decimal - 1));

/** Detection's loosest thresholds, arbitrages sized at the largest stake (workers' DetectionService). */
const DETECTED = { minProfitPct: 0.1, bankroll: MAX_BANKROLL, maxStake: SCANNER_MAX_STAKE };

/** A random two-way market per book, long odds included, so some books disagree enough for an arbitrage. */
function randomH2hEvent(random: () => number) {
  const books = BOOKS.map((key) => {
    const home = between(random, 0.08, 0.92) * between(random, 0.95, 1.07);
    const away = (1 - home) * between(random, 0.95, 1.07);
    return book(key, {
      h2h: [
        ['Home', american(1 / home)],
        ['Away', american(1 / away)],
      ],
    });
  });
  return event(books);
}

describe("opportunities at a user's inputs (spec 001 §5 arbitrage, middles, bankroll and bet sizing)", () => {
  // spec 001 §5: stake split in proportion to implied probability, total min(max stake, bankroll); what is
  // stored once and re-sized per user is exactly what the engine would have found with the user's own inputs
  it("random boards: a detected arbitrage re-sized for a user equals the engine run with the user's inputs", () => {
    const random = seededRandom(2026);
    let compared = 0;
    for (let i = 0; i < 400; i++) {
      const e = randomH2hEvent(random);
      const inputs = {
        minProfit: Math.round(between(random, 0.1, 4) * 10) / 10,
        maxStake: Math.round(between(random, 1, 1000)) * 10,
        bankroll: Math.round(between(random, 1, 5000)),
        books: [],
      };
      const stored = findArbitrage(e, DETECTED, NOW);
      const forUser = stored.map((o) => arbitrageForUser(o, inputs)).filter((o) => o !== null);
      const engine = findArbitrage(
        e,
        { minProfitPct: inputs.minProfit, maxStake: inputs.maxStake, bankroll: inputs.bankroll },
        NOW,
      );
      expect([i, forUser]).toEqual([i, engine]);
      compared += engine.length;
    }
    expect(compared).toBeGreaterThan(20);
  });

  // Stakes in whole cents; a split whose rounded payouts guarantee nothing is not an arbitrage
  it("drops an arbitrage whose rounded stakes guarantee no profit at the user's stake", () => {
    const [o] = findArbitrage(
      event([
        book('draftkings', {
          h2h: [
            ['Home', 900],
            ['Away', -1000],
          ],
        }),
        book('fanduel', {
          h2h: [
            ['Home', 800],
            ['Away', -880],
          ],
        }),
      ]),
      DETECTED,
      NOW,
    );
    expect(o.profitPct).toBeGreaterThan(0.1);
    // on $0.10 the 10.00 leg's stake rounds to 1 cent and pays 10 cents: no cent of profit is left
    expect(sizeArbitrage(o, 10)).toBeNull();
    expect(arbitrageForUser(o, { minProfit: 0.1, maxStake: 100, bankroll: 1000, books: [] })).not.toBeNull();
  });

  it("random totals: a detected middle re-sized for a user equals the engine run with the user's inputs", () => {
    const random = seededRandom(7);
    let compared = 0;
    for (let i = 0; i < 300; i++) {
      const books = BOOKS.slice(0, 4).map((key) => {
        const line = 40.5 + Math.round(between(random, 0, 12)) / 2;
        const over: OutcomeSpec = ['Over', Math.round(between(random, -125, -100)), line];
        const under: OutcomeSpec = ['Under', Math.round(between(random, -125, -100)), line];
        return book(key, { totals: [over, under] });
      });
      const e = event(books);
      const inputs = {
        minGap: Math.round(between(random, 1, 12)) / 2,
        minProbability: Math.round(between(random, 5, 40)),
        maxStake: Math.round(between(random, 1, 1000)) * 10,
        bankroll: Math.round(between(random, 1, 50_000)),
        books: [],
      };
      const stored = findMiddles(e, { minGap: 0.5, minProbability: 5 }, NOW);
      const forUser = stored.map((o) => middleForUser(o, inputs)).filter((o) => o !== null);
      expect([i, forUser]).toEqual([i, findMiddles(e, { ...inputs, books: undefined }, NOW)]);
      compared += forUser.length;
    }
    expect(compared).toBeGreaterThan(20);
  });

  // spec 001 §5 filters: rows below the minimum EV hidden, EV 0 or less never shown; the book filter picks rows
  it("+EV rows at the user's minimum EV and books equal the engine run with them", () => {
    const random = seededRandom(11);
    for (let i = 0; i < 100; i++) {
      const e = randomH2hEvent(random);
      const inputs = { minEv: Math.round(between(random, -5, 8)), books: BOOKS.filter(() => random() < 0.5) };
      const stored = findEvBets(e, { minEvPct: 0 }, NOW);
      const forUser = stored.map((o) => evBetForUser(o, inputs)).filter((o) => o !== null);
      expect(forUser).toEqual(
        findEvBets(e, { minEvPct: inputs.minEv, books: inputs.books.length ? inputs.books : undefined }, NOW),
      );
    }
  });

  // spec 001 §5: the book filter is applied — every leg must be at one of the user's books
  it('keeps an opportunity only when every leg is at one of the books (aliases too)', () => {
    const legs = [{ book: 'draftkings' }, { book: 'williamhill_us' }];
    expect(legsInBooks(legs, [])).toBe(true);
    expect(legsInBooks(legs, ['draftkings', 'caesars'])).toBe(true);
    expect(legsInBooks(legs, ['draftkings', 'fanduel'])).toBe(false);
  });

  it('applies the minimum gap and probability to a middle', () => {
    const e = event([
      book('draftkings', {
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
    const [middle] = findMiddles(e, { minGap: 0.5, minProbability: 5 }, NOW);
    const inputs = { minGap: 4, minProbability: 32, maxStake: 1000, bankroll: 1000, books: [] };
    expect(middleForUser(middle, inputs)).not.toBeNull();
    expect(middleForUser(middle, { ...inputs, minGap: 4.5 })).toBeNull();
    expect(middleForUser(middle, { ...inputs, minProbability: 33 })).toBeNull();
    expect(middleForUser(middle, { ...inputs, books: ['draftkings'] })).toBeNull();
  });
});

describe('a stored opportunity as it stands later (spec 001 §5 locked markets, §9 expiry)', () => {
  const twoWay = (startsInMs = 3_600_000, fanduelAgo = 10_000) =>
    event(
      [
        book('draftkings', {
          h2h: [
            ['Home', 110],
            ['Away', -130],
          ],
        }),
        book(
          'fanduel',
          {
            h2h: [
              ['Home', -125],
              ['Away', 105],
            ],
          },
          fanduelAgo,
        ),
      ],
      startsInMs,
    );

  it('recounts ages and expiry the way the engine would count them at the later time', () => {
    const [found] = findArbitrage(twoWay(), {}, NOW);
    const later = NOW + 90_000;
    const [engine] = findArbitrage(twoWay(), {}, later);
    expect(opportunityAt(found, later)).toEqual({ ...engine, timeFound: found.timeFound, expiresIn: 1800 - 90 });
    expect(expiresInAt(found.timeFound, NOW + 31 * 60_000)).toBe(0);
  });

  it('flags a started game live, with the live stale-leg lag, as the engine does', () => {
    const e = twoWay(60_000, 40_000);
    const [found] = findArbitrage(e, {}, NOW);
    expect(found.flags).toEqual([]);
    const later = NOW + 90_000;
    const at = opportunityAt(found, later)!;
    expect(at.flags).toEqual(findArbitrage(e, {}, later)[0].flags);
    expect(at.flags).toEqual(['live', 'stale']);
  });

  // spec 001 §5 middle detection: the game must not have started
  it('drops a middle once its game has started', () => {
    const e = event(
      [
        book('draftkings', {
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
      ],
      60_000,
    );
    const [middle] = findMiddles(e, {}, NOW);
    expect(opportunityAt(middle, NOW + 30_000)).not.toBeNull();
    expect(opportunityAt(middle, NOW + 61_000)).toBeNull();
  });

  // spec 001 §5 filters: a price last updated more than 15 minutes ago (5 live) is locked
  it('drops an opportunity whose price has grown too old to bet', () => {
    const [found] = findArbitrage(twoWay(), {}, NOW);
    expect(found.legs[0].lastUpdate).toBe(isoBeforeNow(10_000));
    expect(opportunityAt(found, NOW + 14 * 60_000)).not.toBeNull();
    expect(opportunityAt(found, NOW + 15 * 60_000)).toBeNull();
    const books = ['pinnacle', 'draftkings', 'fanduel', 'betmgm'].map((key) =>
      book(key, {
        h2h: [
          ['Home', -105],
          ['Away', -105],
        ],
      }),
    );
    const [row] = findEvBets(
      event(
        [
          ...books,
          book('bovada', {
            h2h: [
              ['Home', 115],
              ['Away', -135],
            ],
          }),
        ],
        60_000,
      ),
      {},
      NOW,
    );
    // its expiry counts down from when it was found, as an arbitrage's does (spec 001 §9)
    expect(row).toMatchObject({ timeFound: new Date(NOW).toISOString(), expiresIn: 1800 });
    expect(evBetAt(row, NOW + 30_000)).toMatchObject({ ageSeconds: 40, expiresIn: 1800 - 30, flags: [] });
    // started: live, and a price is locked after 5 minutes instead of 15
    expect(evBetAt(row, NOW + 70_000)).toMatchObject({ ageSeconds: 80, flags: ['live'] });
    expect(evBetAt(row, NOW + 5 * 60_000)).toBeNull();
  });
});

describe('a user’s own commission rates', () => {
  // a book at +110 against Betfair at +110: 5 % gross, 3.61 % net of Betfair's default 5 %
  const board = bookAgainstExchange();
  const inputs = { minProfit: 0, maxStake: 100, bankroll: 1000, books: [] as string[] };

  it('detection prices the exchange leg at its default; the user’s lower rate makes the profit larger', () => {
    const [found] = findArbitrage(board, { minProfitPct: 0 }, NOW);
    expect(found.legs.map((leg) => leg.commission)).toEqual([0, 0.05]);
    expect(found.profitPct).toBeCloseTo((1 / (1 / 2.1 + 1 / 2.045) - 1) * 100, 10);
    const mine = arbitrageForUser(found, { ...inputs, commission: { betfair_ex_uk: 0.02 } })!;
    expect(mine.legs[1].commission).toBe(0.02);
    expect(mine.profitPct).toBeCloseTo((1 / (1 / 2.1 + 1 / 2.078) - 1) * 100, 10);
    // at the user's rates the legs pay what the engine would have found at them
    const [atMine] = findArbitrage(board, { minProfitPct: 0, commission: { betfair_ex_uk: 0.02 } }, NOW);
    expect(mine).toEqual({
      ...atMine,
      flags: mine.flags,
      ageSeconds: mine.ageSeconds,
      timeFound: mine.timeFound,
      expiresIn: mine.expiresIn,
    });
  });

  it('an arbitrage whose net profit at the user’s rate is not positive is not shown', () => {
    const [found] = findArbitrage(board, { minProfitPct: 0 }, NOW);
    expect(arbitrageForUser(found, { ...inputs, commission: { betfair_ex_uk: 0.2 } })).toBeNull();
    expect(arbitrageForUser(found, { ...inputs, commission: { draftkings: 0 } })).toEqual(
      arbitrageForUser(found, inputs),
    );
  });

  it('an opportunity at the user’s rates keeps its stake (what the alerts judge)', () => {
    const [found] = findArbitrage(board, { minProfitPct: 0 }, NOW);
    expect(opportunityAtRates(found, undefined)).toBe(found);
    expect(opportunityAtRates(found, { draftkings: 0 })).toBe(found);
    const mine = opportunityAtRates(found, { betfair_ex_uk: 0.02 })!;
    expect(mine.totalStake).toBe(found.totalStake);
    expect(mine.profitPct).toBeGreaterThan(found.profitPct);
    expect(mine.profitAmount).toBeGreaterThan(found.profitAmount);
    expect(opportunityAtRates(found, { betfair_ex_uk: 0.2 })).toBeNull();
    const middleBoard = event([
      book('draftkings', {
        totals: [
          ['Over', -110, 210.5],
          ['Under', -110, 210.5],
        ],
      }),
      book('betfair_ex_uk', {
        totals: [
          ['Over', -130, 215.5],
          ['Under', 110, 215.5],
        ],
      }),
    ]);
    const [middle] = findMiddles(middleBoard, { minGap: 3, minProbability: 0 }, NOW);
    const gross = opportunityAtRates(middle, { betfair_ex_uk: 0 })!;
    expect(gross.legs[1].payout).toBe(105);
    expect(gross.maxProfit).toBeGreaterThan(middle.maxProfit);
  });

  it('an EV row at an exchange is worked again at the user’s rate', () => {
    const books = ['draftkings', 'fanduel', 'betmgm', 'pinnacle'].map((key) =>
      book(key, {
        h2h: [
          ['Home', -110],
          ['Away', -110],
        ],
      }),
    );
    const evBoard = event([
      ...books,
      book('betfair_ex_uk', {
        h2h: [
          ['Home', 115],
          ['Away', -150],
        ],
      }),
    ]);
    const row = findEvBets(evBoard, {}, NOW).find((r) => r.book === 'betfair_ex_uk')!;
    expect(row.commission).toBe(0.05);
    const mine = evBetForUser(row, { minEv: 0, books: [], commission: { betfair_ex_uk: 0 } })!;
    expect(mine.commission).toBe(0);
    expect(mine.evPct).toBeCloseTo((row.fairProbability * row.decimal - 1) * 100, 10);
    expect(mine.evPct).toBeGreaterThan(row.evPct);
  });
});
