import type { OpportunityUpdate } from '../realtime/channels';
import { scanEvent } from '../engine/opportunities/scan';
import { book, event, NOW } from '../testing/board-builder';
import {
  boardCoverage,
  dailyCounterFields,
  dailyFindings,
  distinctKey,
  summariseDailyCounters,
  utcDay,
} from './landing-stats';
import type { SportBoard } from './odds';

const update = (
  opportunity: { id: string; flags?: string[] },
  timeFound = new Date(NOW).toISOString(),
  action: 'new' | 'updated' = 'new',
): OpportunityUpdate => ({
  action,
  id: opportunity.id,
  event_id: 'evt1',
  board: 'odds',
  time_found: timeFound,
  expires_in: 1800,
  opportunity,
});

// A two-book moneyline with an arbitrage (DraftKings +110 / FanDuel +105), and four books so EV has a fair line.
const market = event([
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
      ['Home', -115],
      ['Away', -105],
    ],
  }),
  book('williamhill_us', {
    h2h: [
      ['Home', -112],
      ['Away', -108],
    ],
  }),
]);
const scan = scanEvent(market, {}, NOW);

/** Opportunities as detection publishes them, at the default books unless told: just the fields the count reads. */
const arbitrage = (id: string, profitPct: number, flags: string[] = [], books = ['draftkings', 'fanduel']) =>
  ({
    id,
    flags,
    profitPct,
    legs: [
      { book: books[0], outcome: 'Home', decimal: 2.1 },
      { book: books[1], outcome: 'Away', decimal: 2.05 },
    ],
  }) as never;
const middle = (id: string, gap: number, probability: number, books = ['draftkings', 'fanduel']) =>
  ({
    id,
    flags: [],
    gap,
    probability,
    legs: [
      { book: books[0], outcome: 'Over', point: 44.5, decimal: 1.91 },
      { book: books[1], outcome: 'Under', point: 48.5, decimal: 1.91 },
    ],
  }) as never;
const evRow = (id: string, evPct: number, isDfs = false, bookKey = 'draftkings') =>
  ({ id, flags: [], evPct, isDfs, book: bookKey }) as never;

// DECISIONS 17: opportunities found today and average edge today are counted by detection, once each.
describe('dailyFindings', () => {
  it('counts new and changed clean opportunities with their edge in basis points (EV %, arbitrage profit %)', () => {
    expect(scan.arbitrage.length).toBeGreaterThan(0);
    expect(scan.ev.length).toBeGreaterThan(0);
    const arb = scan.arbitrage[0];
    const ev = scan.ev[0];
    expect(dailyFindings('arbitrage', [update(arb)])).toEqual([
      { id: distinctKey(arb.id, arb), day: '2026-01-10', edgeBp: Math.round(arb.profitPct * 100) },
    ]);
    expect(dailyFindings('ev', [update(ev, undefined, 'updated')])).toEqual([
      { id: ev.id, day: '2026-01-10', edgeBp: Math.round(ev.evPct * 100) },
    ]);
  });

  // DECISIONS 29: one opportunity is its event, market, and legs' books and lines, whatever its price updates
  it('counts the same books at the same lines once, and another pair of books on that line as another', () => {
    const legs = (a: string, b: string, price = 110) => [
      { book: a, outcome: 'Over', point: 47.5, price },
      { book: b, outcome: 'Under', point: 47.5, price: 105 },
    ];
    const first = distinctKey('arb:e1:totals::47.5:2', { legs: legs('draftkings', 'fanduel') });
    expect(distinctKey('arb:e1:totals::47.5:2', { legs: legs('fanduel', 'draftkings', 120).reverse() })).not.toBe(
      first,
    );
    expect(distinctKey('arb:e1:totals::47.5:2', { legs: [...legs('draftkings', 'fanduel', 125)].reverse() })).toBe(
      first,
    );
    expect(distinctKey('arb:e1:totals::47.5:2', { legs: legs('draftkings', 'betmgm') })).not.toBe(first);
    expect(distinctKey('arb:e1:totals::47.5:2', { legs: legs('caesars', 'fanduel') })).toBe(
      distinctKey('arb:e1:totals::47.5:2', { legs: legs('williamhill_us', 'fanduel') }),
    );
    expect(distinctKey('ev:e1:h2h::Home::draftkings', { evPct: 2 })).toBe('ev:e1:h2h::Home::draftkings');
  });

  it('gives middles no edge: they count as found but stay out of the average', () => {
    const found = dailyFindings('middles', [update(middle('mid:1', 3.5, 20))]);
    expect(found).toEqual([{ id: expect.stringMatching(/^mid:1\|/), day: '2026-01-10', edgeBp: null }]);
  });

  it('leaves out what is gone and what is flagged stale or suspect; live is a real opportunity', () => {
    const gone: OpportunityUpdate = {
      action: 'gone',
      id: 'arb:gone',
      event_id: 'evt1',
      board: 'odds',
      time_found: new Date(NOW).toISOString(),
      expires_in: 0,
    };
    const found = dailyFindings('arbitrage', [
      gone,
      update(arbitrage('arb:stale', 2, ['stale'])),
      update(arbitrage('arb:suspect', 14, ['live', 'suspect'])),
      update(arbitrage('arb:live', 1.234, ['live'])),
    ]);
    expect(found).toEqual([{ id: expect.stringMatching(/^arb:live\|/), day: '2026-01-10', edgeBp: 123 }]);
  });

  it("counts only sportsbook +EV rows: not EV of 0 or less, and not DFS pick'em rows priced at the −119 convention", () => {
    const found = dailyFindings('ev', [
      update(evRow('ev:zero', 0)),
      update(evRow('ev:dfs-minus', -2.4, true, 'prizepicks')),
      update(evRow('ev:dfs-plus', 22.5, true, 'prizepicks')),
      update(evRow('ev:book', 0.8)),
    ]);
    expect(found.map((f) => f.id)).toEqual(['ev:book']);
  });

  // DECISIONS 29, issue wording §12: "found today" is what a user with the defaults could have seen, not all detection publishes.
  it('counts only what the scanners show a user with the defaults: their thresholds and the default books', () => {
    const arbs = dailyFindings('arbitrage', [
      update(arbitrage('arb:default', 0.5)),
      update(arbitrage('arb:thin', 0.3)),
      update(arbitrage('arb:other-books', 2, [], ['pinnacle', 'fanduel'])),
      update(arbitrage('arb:caesars', 1, [], ['caesars', 'betmgm'])),
    ]);
    expect(arbs.map((f) => f.id.split('|')[0])).toEqual(['arb:default', 'arb:caesars']);
    const middles = dailyFindings('middles', [
      update(middle('mid:default', 3, 15)),
      update(middle('mid:narrow', 2.5, 30)),
      update(middle('mid:unlikely', 4, 10)),
      update(middle('mid:other-books', 4, 30, ['bovada', 'fanduel'])),
    ]);
    expect(middles.map((f) => f.id.split('|')[0])).toEqual(['mid:default']);
    const ev = dailyFindings('ev', [
      update(evRow('ev:default', 1.5)),
      update(evRow('ev:other-book', 8, false, 'pinnacle')),
    ]);
    expect(ev.map((f) => f.id)).toEqual(['ev:default']);
  });

  it('counts an opportunity on the UTC day it was first found, not the day it was published again', () => {
    const [finding] = dailyFindings('ev', [update(evRow('ev:1', 1), '2026-01-10T23:30:00-05:00', 'updated')]);
    expect(finding.day).toBe('2026-01-11');
    expect(utcDay('2026-01-10T23:59:59.999Z')).toBe('2026-01-10');
  });
});

describe('summariseDailyCounters', () => {
  it('totals the kinds and averages the edge over the EV bets and arbitrages that have one', () => {
    const ev = dailyCounterFields('ev');
    const arb = dailyCounterFields('arbitrage');
    const mid = dailyCounterFields('middles');
    // 3 EV bets of 1.00 %, 2.00 %, 3.01 % and 1 arbitrage of 0.50 %: mean 6.51 / 4 = 1.6275 → 1.63
    const hash = {
      [ev.found]: '3',
      [ev.edgeBpSum]: '601',
      [ev.edgeCount]: '3',
      [arb.found]: '1',
      [arb.edgeBpSum]: '50',
      [arb.edgeCount]: '1',
      [mid.found]: '2',
    };
    expect(summariseDailyCounters(hash)).toEqual({
      opportunities_today: { total: 6, ev: 3, arbitrage: 1, middles: 2 },
      average_edge_pct_today: 1.63,
    });
  });

  it('has no average before anything with an edge is found (never a made-up zero)', () => {
    expect(summariseDailyCounters({})).toEqual({
      opportunities_today: { total: 0, ev: 0, arbitrage: 0, middles: 0 },
      average_edge_pct_today: null,
    });
    expect(summariseDailyCounters({ [dailyCounterFields('middles').found]: '4' }).average_edge_pct_today).toBeNull();
  });
});

describe('boardCoverage', () => {
  it('counts each market once however many books quote it, props per player, and books by canonical key', () => {
    const odds: SportBoard = {
      sport_key: 'americanfootball_nfl',
      fetched_at: new Date(NOW).toISOString(),
      events: [
        event(
          [
            book('draftkings', {
              h2h: [
                ['Home', 110],
                ['Away', -130],
              ],
              totals: [
                ['Over', -110, 44.5],
                ['Under', -110, 44.5],
              ],
            }),
            book('caesars', {
              h2h: [
                ['Home', 105],
                ['Away', -125],
              ],
            }),
          ],
          3_600_000,
          'g1',
        ),
        event(
          [
            book('williamhill_us', {
              spreads: [
                ['Home', -110, -3],
                ['Away', -110, 3],
              ],
            }),
          ],
          3_600_000,
          'g2',
        ),
        {
          ...event(
            [
              book('fanduel', {
                h2h: [
                  ['Home', 110],
                  ['Away', -130],
                ],
              }),
            ],
            -10_800_000,
            'g3',
          ),
          completed: true,
        },
      ],
    };
    const props: SportBoard = {
      sport_key: 'basketball_nba',
      fetched_at: new Date(NOW).toISOString(),
      events: [
        event(
          [
            book('prizepicks', {
              player_points: [
                ['Over', -119, 24.5, 'Player A'],
                ['Under', -119, 24.5, 'Player A'],
                ['Over', -119, 18.5, 'Player B'],
              ],
            }),
            book('fanatics', { player_points: [['Over', -110, 25.5, 'Player A']] }),
          ],
          3_600_000,
          'n1',
        ),
      ],
    };
    // g1: h2h, totals; g2: spreads; n1: Player A and Player B points. Books: draftkings, williamhill_us (caesars), prizepicks, fanatics.
    expect(boardCoverage([odds, null, props], NOW)).toEqual({ markets_tracked: 5, books_covered: 4 });
  });

  it('ignores locked prices: a book with none open is not covering anything', () => {
    const board: SportBoard = {
      sport_key: 'americanfootball_nfl',
      fetched_at: new Date(NOW).toISOString(),
      events: [
        event([
          book('draftkings', {
            h2h: [
              ['Home', 110],
              ['Away', -130],
            ],
          }),
        ]),
      ],
    };
    board.events[0].bookmakers[0].markets[0].outcomes.forEach((o) => (o.price = 0));
    expect(boardCoverage([board], NOW)).toEqual({ markets_tracked: 0, books_covered: 0 });
  });

  // DECISIONS 17: the figures are live. A board whose provider is failing holds its last prices (frozen, not quoted
  // now), and a game past the live window (spec 001 §9: 3.5 h after its start) is over though no final mark came.
  it('counts neither a stale board nor a game past the live window', () => {
    const quoted = () =>
      book('draftkings', {
        h2h: [
          ['Home', 110],
          ['Away', -130],
        ],
      });
    const stale: SportBoard = {
      sport_key: 'basketball_nba',
      fetched_at: new Date(NOW - 3 * 86_400_000).toISOString(),
      stale_since: new Date(NOW - 3 * 86_400_000 + 30_000).toISOString(),
      events: [event([quoted()], 3_600_000, 'frozen')],
    };
    const board: SportBoard = {
      sport_key: 'americanfootball_nfl',
      fetched_at: new Date(NOW).toISOString(),
      events: [event([quoted()], -4 * 3_600_000, 'over'), event([quoted()], -3 * 3_600_000, 'live')],
    };
    expect(boardCoverage([stale, board], NOW)).toEqual({ markets_tracked: 1, books_covered: 1 });
  });
});
