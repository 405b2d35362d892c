import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normaliseOddsApiV4 } from '../../feeds/odds-api-v4';
import { book, event, NOW } from '../../testing/board-builder';
import { bookAgainstExchangeBelowDefault } from '../../testing/exchange-arbitrage';
import { MAX_BANKROLL } from '../../domain/accounts/accounts';
import { dailyFindings } from '../../domain/landing-stats';
import {
  COMMISSION_BOOKS,
  commissionOf,
  commissionRates,
  DEFAULT_COMMISSIONS,
  effectiveDecimal,
} from '../odds/commission';
import { arbitrageForUser, opportunityAtRates, SCANNER_MAX_STAKE } from './opportunities-for-user';
import { lineOfId } from './opportunity-legs';
import { PreparedBoard } from '../prepared/prepared-board';
import { newestUpdate, scanBoard } from './scan';
import { findArbitrage, findEvBets, findMiddles } from './finders';

const FIXTURES = join(__dirname, '..', '..', '..', '..', '..', 'shared', 'fixtures', 'the-odds-api');
const BOARDS = readdirSync(FIXTURES).filter((f) => f.startsWith('v4_odds_') || f.startsWith('v4_event_odds_'));
const read = (file: string) => normaliseOddsApiV4(JSON.parse(readFileSync(join(FIXTURES, file), 'utf8'))).events;
const EPL = 'v4_odds_soccer_epl_eu-uk_h2h-spreads-totals-h2h_lay_decimal_2025-05-02.json';
// every exchange's rate at 0: the prices as quoted
const GROSS = Object.fromEntries(COMMISSION_BOOKS.map((key) => [key, 0]));

describe('arbitrage on the recorded boards, net of the default commissions', () => {
  it.each(BOARDS)('%s: no listed arbitrage has a net profit of zero or less', (file) => {
    const events = read(file);
    const now = newestUpdate(events)!;
    const { arbitrage, ev } = scanBoard(events, { arbitrage: { minProfitPct: 0 } }, now);
    // EV rows too: the fair line is the quoted prices', the row's EV that of the price net of commission
    for (const row of ev) {
      expect(row.commission).toBe(row.isDfs ? 0 : commissionOf(row.book));
      if (!row.isDfs)
        expect(row.evPct).toBeCloseTo(
          (row.fairProbability * effectiveDecimal(row.decimal, row.commission) - 1) * 100,
          10,
        );
    }
    // back/lay opportunities have their own rule (back-lay.spec.ts checks them on these boards)
    for (const o of arbitrage.filter((a) => a.kind !== 'back_lay')) {
      const effective = o.legs.map((leg) => effectiveDecimal(leg.decimal, leg.commission));
      const net = 1 / effective.reduce((sum, d) => sum + 1 / d, 0) - 1;
      expect(o.legs.map((leg) => leg.commission)).toEqual(o.legs.map((leg) => commissionOf(leg.book)));
      expect(net).toBeGreaterThan(0);
      expect(o.profitPct).toBeCloseTo(net * 100, 10);
      expect(o.profitAmount).toBeGreaterThan(0);
      for (const leg of o.legs) expect(leg.payout).toBeGreaterThan(o.totalStake);
    }
  });

  // The board lists a 0.72 % three-way backing Betfair at 2.48: at Betfair's 5 % that leg pays as 2.406 and the
  // three lose money. Matchbook quotes the same 2.48 and at its 2 % the three still win 0.23 %.
  it('EPL 2025-05-02: the phantom through Betfair is gone, Matchbook’s leg takes its place', () => {
    const events = read(EPL);
    const now = newestUpdate(events)!;
    const net = scanBoard(events, { arbitrage: { minProfitPct: 0 } }, now).arbitrage;
    const gross = scanBoard(events, { arbitrage: { minProfitPct: 0 }, commission: GROSS }, now).arbitrage;
    const phantom = gross.find(
      (o) => o.kind !== 'back_lay' && o.legs.some((leg) => leg.book === 'betfair_ex_eu' && leg.decimal === 2.48),
    );
    expect(phantom?.profitPct).toBeCloseTo(0.72, 2);
    expect(phantom?.legs.every((leg) => leg.commission === 0)).toBe(true);
    expect(net.some((o) => o.kind !== 'back_lay' && o.legs.some((leg) => leg.book === 'betfair_ex_eu'))).toBe(false);
    // the same line, at other books: another opportunity (DECISIONS 29)
    const same = net.find((o) => lineOfId(o.id) === lineOfId(phantom!.id))!;
    expect(same.legs.map((leg) => `${leg.book}@${leg.decimal}/${leg.commission}`)).toEqual([
      'unibet_eu@2.95/0',
      'matchbook@2.48/0.02',
      'onexbet@3.99/0',
    ]);
    expect(same.profitPct).toBeCloseTo(0.23, 2);
    expect(gross.length).toBeGreaterThan(net.length);
  });

  it.each(BOARDS)('%s: a board kept prepared, the per-finder path and scanBoard agree at a user’s rates', (file) => {
    const events = read(file);
    const now = newestUpdate(events)!;
    const commission = { betfair_ex_eu: 0.02, betfair: 0.02, matchbook: 0.01 };
    const options = { arbitrage: { minProfitPct: 0, commission }, middles: { commission }, ev: { commission } };
    const whole = scanBoard(events, { ...options, commission }, now);
    const board = new PreparedBoard(commissionRates(commission));
    board.load(events);
    expect(board.scan(options, now)).toEqual(whole);
    const byId = <T extends { id: string }>(items: T[]) => [...items].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(whole.arbitrage)).toEqual(byId(events.flatMap((e) => findArbitrage(e, options.arbitrage, now))));
    expect(byId(whole.middles)).toEqual(byId(events.flatMap((e) => findMiddles(e, options.middles, now))));
    expect(byId(whole.ev)).toEqual(byId(events.flatMap((e) => findEvBets(e, options.ev, now))));
  });
});

describe('middles and EV net of commission', () => {
  const overUnder = (over: number, under: number, overBook: string, underBook: string) =>
    event([
      book(overBook, {
        totals: [
          ['Over', -110, over],
          ['Under', -110, over],
        ],
      }),
      book(underBook, {
        totals: [
          ['Over', -130, under],
          ['Under', 110, under],
        ],
      }),
    ]);

  it('a middle’s exchange leg pays net: best case and worst case shrink by the commission on its winnings', () => {
    const board = overUnder(210.5, 215.5, 'draftkings', 'betfair_ex_uk');
    const gross = findMiddles(board, { minGap: 3, minProbability: 0, commission: { betfair_ex_uk: 0 } }, NOW)[0];
    const net = findMiddles(board, { minGap: 3, minProbability: 0 }, NOW)[0];
    expect(net.legs.map((leg) => leg.commission)).toEqual([0, 0.05]);
    // $50 at 2.10 wins $55 gross, $52.25 net of 5 %
    expect(gross.legs[1].payout).toBe(105);
    expect(net.legs[1].payout).toBe(102.25);
    expect(net.maxProfit).toBeCloseTo(gross.maxProfit - 2.75, 10);
  });
});

describe('arbitrage below the published rates (detection also reads prices at the lowest rate a user may set)', () => {
  // detection's settings (detection.service.ts): the loosest minimum, sized at the largest stake
  const detection = { arbitrage: { minProfitPct: 0.1, bankroll: MAX_BANKROLL, maxStake: SCANNER_MAX_STAKE } };
  const user = { minProfit: 0.1, maxStake: 100, bankroll: 1000, books: [] };
  const scanned = (belowRates: boolean, events = [bookAgainstExchangeBelowDefault()]) => {
    const board = new PreparedBoard(DEFAULT_COMMISSIONS, { belowRates });
    board.load(events);
    return board.scan(detection, NOW);
  };

  it('a book at −105 against Betfair at +110: not an arbitrage at 5 %, kept marked, shown to a user at 2 %', () => {
    expect(scanned(false).arbitrage).toEqual([]);
    const [found] = scanned(true).arbitrage;
    expect(found.belowDefaultCommission).toBe(true);
    // published figures: 1 / (1/1.952381 + 1/2.045) − 1 = −0.1191 %
    expect(found.legs.map((leg) => [leg.book, leg.decimal, leg.commission])).toEqual([
      ['draftkings', expect.closeTo(1.952381, 6), 0],
      ['betfair_ex_uk', 2.1, 0.05],
    ]);
    expect(found.profitPct).toBeCloseTo(-0.1191, 4);
    expect(found.profitAmount).toBeLessThan(0);

    // a user at the published rates, or who sets Betfair's 5 % themselves, is not shown it; nor are alerts at them
    expect(arbitrageForUser(found, user)).toBeNull();
    expect(arbitrageForUser(found, { ...user, commission: { betfair_ex_uk: 0.05 } })).toBeNull();
    expect(arbitrageForUser(found, { ...user, commission: { matchbook: 0 } })).toBeNull();
    expect(opportunityAtRates(found, undefined)).toBeNull();

    // at 2 %: Betfair's 2.10 pays 2.078; 1 / (1/1.952381 + 1/2.078) − 1 = 0.662 %; $100 split $51.56 / $48.44,
    // each paying $100.66 (51.56 × 1.952381 = 100.665, 48.44 × 2.078 = 100.658): $0.66 guaranteed
    const mine = arbitrageForUser(found, { ...user, commission: { betfair_ex_uk: 0.02 } })!;
    expect(mine.profitPct).toBeCloseTo(0.6616, 4);
    expect(mine.legs.map((leg) => [leg.commission, leg.stake, leg.payout])).toEqual([
      [0, 51.56, 100.66],
      [0.02, 48.44, 100.66],
    ]);
    expect([mine.totalStake, mine.profitAmount]).toEqual([100, 0.66]);
    expect(opportunityAtRates(found, { betfair_ex_uk: 0.02 })?.profitPct).toBeCloseTo(0.6616, 4);
    // 4.5 %: 2.0505 nets 0.012 %, under the user's 0.1 % minimum
    expect(arbitrageForUser(found, { ...user, commission: { betfair_ex_uk: 0.045 } })).toBeNull();
  });

  it('is not counted in the landing page’s figures', () => {
    const [found] = scanned(true).arbitrage;
    const update = {
      action: 'new' as const,
      id: found.id,
      event_id: found.eventId,
      board: 'odds' as const,
      time_found: found.timeFound,
      expires_in: 1800,
      opportunity: found,
    };
    expect(dailyFindings('arbitrage', [update])).toEqual([]);
  });

  it('a line found at the published rates keeps that arbitrage, whatever the lower rates would pick', () => {
    // Away: FanDuel +106 beats Betfair's +110 net of 5 % (2.045), Betfair's beats it at 0 %: the line is published
    // with FanDuel's leg, and no marked copy through Betfair joins it
    const board = event([
      book('draftkings', {
        h2h: [
          ['Home', 100],
          ['Away', -150],
        ],
      }),
      book('fanduel', {
        h2h: [
          ['Home', -150],
          ['Away', 106],
        ],
      }),
      book('betfair_ex_uk', {
        h2h: [
          ['Home', -150],
          ['Away', 110],
        ],
      }),
    ]);
    const published = scanned(false, [board]).arbitrage;
    expect(published.map((o) => o.legs.map((leg) => leg.book))).toEqual([['draftkings', 'fanduel']]);
    expect(scanned(true, [board]).arbitrage).toEqual(published);
  });

  it.each(BOARDS)('%s: the published lists are unchanged by the lower rates', (file) => {
    const events = read(file);
    const now = newestUpdate(events)!;
    const options = { arbitrage: { minProfitPct: 0.1, bankroll: MAX_BANKROLL, maxStake: SCANNER_MAX_STAKE } };
    const published = new PreparedBoard();
    published.load(events);
    const below = new PreparedBoard(DEFAULT_COMMISSIONS, { belowRates: true });
    below.load(events);
    const expected = published.scan(options, now);
    const found = below.scan(options, now);
    expect({ ...found, arbitrage: found.arbitrage.filter((o) => !o.belowDefaultCommission) }).toEqual(expected);
  });
});
