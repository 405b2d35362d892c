import type { BoardEvent } from '../domain/odds';
import type { SteamAlert, SteamMarket } from '../domain/steam';
import { americanToDecimal } from '../engine/odds/odds-format';
import { book, event, NOW, type OutcomeSpec } from '../testing/board-builder';
import { detectSteam, reviewSteamAlert, steamAlertOutlived } from './steam-detect';
import type { SteamSeries } from './steam-quotes';

const ago = (seconds: number) => NOW - seconds * 1000;

/** A series from [seconds ago, American price, line?] quotes, oldest first. */
function series(
  bookKey: string,
  market: SteamMarket,
  side: string,
  quotes: Array<[number, number, number?]>,
): SteamSeries {
  return {
    book: bookKey,
    market,
    side,
    quotes: quotes.map(([s, american, point]) => ({
      at: ago(s),
      price: americanToDecimal(american),
      point: point ?? null,
    })),
  };
}

const moneyline = (home: number, away: number): Record<string, OutcomeSpec[]> => ({
  h2h: [
    ['Home', home],
    ['Away', away],
  ],
});

/**
 * The moneyline case: Pinnacle takes Home from −150 to −175 (60 % → 63.64 % implied, 60 s ago) and Circa from −150 to
 * −180 30 s later; DraftKings and FanDuel are still near the old price, BetMGM has moved most of the way.
 */
const moneylineEvent = (overrides: Record<string, [number, number]> = {}): BoardEvent => {
  const prices: Record<string, [number, number]> = {
    pinnacle: [-175, 160],
    circasports: [-180, 160],
    draftkings: [-150, 130],
    fanduel: [-155, 135],
    betmgm: [-170, 145],
    ...overrides,
  };
  return event(Object.entries(prices).map(([key, [home, away]]) => book(key, moneyline(home, away))));
};
const moneylineWindow = (): SteamSeries[] => [
  series('pinnacle', 'h2h', 'Home', [
    [200, -150],
    [60, -175],
  ]),
  series('pinnacle', 'h2h', 'Away', [
    [200, 140],
    [60, 160],
  ]),
  series('circasports', 'h2h', 'Home', [
    [200, -150],
    [30, -180],
  ]),
  series('draftkings', 'h2h', 'Home', [[200, -150]]),
  series('fanduel', 'h2h', 'Home', [[200, -155]]),
  // 60 % → 62.96 %: a move, not of steam size
  series('betmgm', 'h2h', 'Home', [
    [200, -150],
    [40, -170],
  ]),
];

function detectOne(input: Parameters<typeof detectSteam>[0]): SteamAlert {
  const alerts = detectSteam(input);
  expect(alerts).toHaveLength(1);
  return alerts[0];
}

// DECISIONS 34: the origin, its confirmation, the stale soft books against the new fair line.
describe('detectSteam', () => {
  it('raises a moneyline move confirmed by a second sharp book, with the soft books still at the old price', () => {
    const alert = detectOne({ event: moneylineEvent(), window: moneylineWindow(), now: NOW, alerted: [] });
    expect(alert).toMatchObject({
      type: 'steam',
      eventId: 'evt1',
      market: 'h2h',
      side: 'Home',
      game: 'Away @ Home',
      origin: {
        book: 'pinnacle',
        sharp: true,
        from: { price: -150 },
        to: { price: -175 },
        at: new Date(ago(60)).toISOString(),
      },
      movedAt: new Date(ago(60)).toISOString(),
      confirmations: [{ book: 'circasports', sharp: true, from: { price: -150 }, to: { price: -180 } }],
      confirmedAt: new Date(ago(30)).toISOString(),
      // BetMGM's 2.96 points is not the move
      breadth: 2,
      timeFound: new Date(NOW).toISOString(),
      ageSeconds: 60,
      status: 'active',
    });
    // The fair line: Pinnacle −175/+160 de-vigged, 0.636364 / (0.636364 + 0.384615) = 0.623288; Circa's 0.625668
    // weighs 2.5 against Pinnacle's 3, so the weighted median is Pinnacle's. −165 in American odds.
    expect(alert.fair.probability).toBeCloseTo(0.623288, 6);
    expect(alert.fair.price).toBe(-165);
    // DraftKings −150: 0.623288 × 1.666667 − 1 = 3.88 %; FanDuel −155: × 1.645161 − 1 = 2.54 %; BetMGM −170: −1.01 %
    expect(alert.staleBooks.map((b) => [b.book, b.price, b.evPct])).toEqual([
      ['draftkings', -150, 3.88],
      ['fanduel', -155, 2.54],
    ]);
    expect(alert.bestEvPct).toBe(3.88);
    expect(alert.id).toBe(`steam:evt1:h2h:Home:pinnacle:${ago(60)}`);
  });

  it('confirms a spread move by three other books, measured from the half point onto the key number', () => {
    const lines: Record<string, [number, number, number]> = {
      pinnacle: [-4, -105, -115],
      lowvig: [-4, -110, -110],
      betonlineag: [-4, -110, -110],
      bovada: [-4, -110, -110],
      draftkings: [-2.5, -110, -110],
      fanduel: [-3, -110, -110],
      betmgm: [-2.5, -120, 100],
      williamhill_us: [-2.5, -105, -115],
    };
    const spreads = event(
      Object.entries(lines).map(([key, [point, home, away]]) =>
        book(key, {
          spreads: [
            ['Home', home, point],
            ['Away', away, -point],
          ],
        }),
      ),
    );
    const moved = (key: string, s: number) =>
      series(key, 'spreads', 'Home', [
        [240, -110, -2.5],
        [s, -110, -4],
      ]);
    const window = [
      // −2.5 → −3 onto the key number 100 s ago (steam size in football), then −4
      series('pinnacle', 'spreads', 'Home', [
        [240, -110, -2.5],
        [100, -110, -3],
        [50, -105, -4],
      ]),
      moved('lowvig', 80),
      moved('betonlineag', 70),
      moved('bovada', 20),
      series('draftkings', 'spreads', 'Home', [[240, -110, -2.5]]),
      series('williamhill_us', 'spreads', 'Home', [[240, -105, -2.5]]),
      series('betmgm', 'spreads', 'Home', [[240, -120, -2.5]]),
      series('fanduel', 'spreads', 'Home', [[240, -110, -3]]),
    ];
    const alert = detectOne({ event: spreads, window, now: NOW, alerted: [] });
    expect(alert.origin).toMatchObject({
      book: 'pinnacle',
      from: { point: -2.5 },
      to: { point: -4, price: -105 },
      at: new Date(ago(100)).toISOString(),
    });
    expect(alert.confirmations.map((c) => [c.book, c.sharp])).toEqual([
      ['lowvig', false],
      ['betonlineag', false],
      ['bovada', false],
    ]);
    // the third book's move confirms it
    expect(alert.confirmedAt).toBe(new Date(ago(20)).toISOString());
    expect(alert.breadth).toBe(4);
    // Fair: Pinnacle −4 −105/−115, 0.512195 / (0.512195 + 0.534884) = 0.489166 at −4.
    expect(alert.fair).toMatchObject({ point: -4 });
    expect(alert.fair.probability).toBeCloseTo(0.489166, 6);
    // At −2.5, 1.5 points better: Φ(Φ⁻¹(0.489166) + 1.5 / 13.3) = 0.534116. Caesars −105: × 1.952381 − 1 = 4.28 %;
    // DraftKings −110: × 1.909091 − 1 = 1.97 %; BetMGM −120, still at the old number: −2.08 %, at or past the new
    // line. FanDuel −3 −110: 0.519153 × 1.909091 − 1 = −0.89 %. The books that moved to −4 −110: −6.61 %.
    expect(alert.staleBooks.map((b) => [b.book, b.point, b.evPct])).toEqual([
      ['williamhill_us', -2.5, 4.28],
      ['draftkings', -2.5, 1.97],
    ]);
  });

  it('needs the confirmation within 90 seconds of the origin', () => {
    const late = moneylineWindow().map((s) =>
      s.book === 'circasports'
        ? series('circasports', 'h2h', 'Home', [
            [300, -150],
            [-40, -180],
          ])
        : s,
    );
    // Circa's move lands 100 s after Pinnacle's (60 s ago → 40 s from now): unconfirmed
    expect(detectSteam({ event: moneylineEvent(), window: late, now: NOW + 40_000, alerted: [] })).toEqual([]);
    // two soft books are not breadth enough
    const two = [
      ...moneylineWindow().filter((s) => s.book !== 'circasports'),
      series('bovada', 'h2h', 'Home', [
        [200, -150],
        [50, -180],
      ]),
      series('lowvig', 'h2h', 'Home', [
        [200, -150],
        [40, -180],
      ]),
    ];
    expect(detectSteam({ event: moneylineEvent(), window: two, now: NOW, alerted: [] })).toEqual([]);
    // a third makes it
    const three = [
      ...two,
      series('betonlineag', 'h2h', 'Home', [
        [200, -150],
        [10, -180],
      ]),
    ];
    expect(detectOne({ event: moneylineEvent(), window: three, now: NOW, alerted: [] }).confirmedAt).toBe(
      new Date(ago(10)).toISOString(),
    );
  });

  it('needs the confirmation to follow the origin: books that moved before the sharp book are the market it followed', () => {
    // DraftKings, FanDuel and BetMGM took Home to −180 100 s ago; Pinnacle followed them to −175 20 s ago
    const soft = (key: string) =>
      series(key, 'h2h', 'Home', [
        [240, -150],
        [100, -180],
      ]);
    const followed = [
      series('pinnacle', 'h2h', 'Home', [
        [240, -150],
        [20, -175],
      ]),
      series('pinnacle', 'h2h', 'Away', [
        [240, 140],
        [20, 160],
      ]),
      soft('draftkings'),
      soft('fanduel'),
      soft('betmgm'),
      series('williamhill_us', 'h2h', 'Home', [[240, -150]]),
    ];
    const market = moneylineEvent({
      draftkings: [-180, 150],
      fanduel: [-180, 150],
      betmgm: [-180, 150],
      williamhill_us: [-150, 130],
    });
    expect(detectSteam({ event: market, window: followed, now: NOW, alerted: [] })).toEqual([]);
    // a sharp book that moved seconds before Pinnacle is the origin, and Pinnacle its confirmation
    const circaFirst = [
      ...followed,
      series('circasports', 'h2h', 'Home', [
        [240, -150],
        [25, -180],
      ]),
    ];
    const alert = detectOne({ event: market, window: circaFirst, now: NOW, alerted: [] });
    expect(alert.origin).toMatchObject({ book: 'circasports', at: new Date(ago(25)).toISOString() });
    expect(alert.confirmations.map((c) => c.book)).toEqual(['pinnacle']);
    expect(alert.confirmedAt).toBe(new Date(ago(20)).toISOString());
  });

  it('takes books that followed a sharp move made in steps, before its last step, as its confirmation', () => {
    // Pinnacle moves first, in two steps: Home −150 → −160 100 s ago (61.54 %, 1.54 points), then → −175 60 s ago
    // (63.64 %, steam size). Bovada, LowVig and BetOnline follow its first step, to −180, 80 s ago: 20 s after the
    // sharp book moved, 20 s before its move reached 3 points. DraftKings and FanDuel are still at −150 and −155.
    const followers = ['bovada', 'lowvig', 'betonlineag'];
    const event = moneylineEvent({ bovada: [-180, 150], lowvig: [-180, 150], betonlineag: [-180, 150] });
    const window = [
      series('pinnacle', 'h2h', 'Home', [
        [200, -150],
        [100, -160],
        [60, -175],
      ]),
      series('pinnacle', 'h2h', 'Away', [
        [200, 140],
        [60, 160],
      ]),
      series('draftkings', 'h2h', 'Home', [[200, -150]]),
      series('fanduel', 'h2h', 'Home', [[200, -155]]),
      ...followers.map((key) =>
        series(key, 'h2h', 'Home', [
          [200, -150],
          [80, -180],
        ]),
      ),
    ];
    const alert = detectOne({ event, window, now: NOW, alerted: [] });
    expect(alert.origin).toMatchObject({ book: 'pinnacle', at: new Date(ago(60)).toISOString() });
    expect(alert.movedAt).toBe(new Date(ago(100)).toISOString());
    expect(alert.confirmations.map((c) => [c.book, c.at])).toEqual([
      ['betonlineag', new Date(ago(80)).toISOString()],
      ['bovada', new Date(ago(80)).toISOString()],
      ['lowvig', new Date(ago(80)).toISOString()],
    ]);
    // confirmed when Pinnacle's last step made its move one of steam size
    expect(alert.confirmedAt).toBe(new Date(ago(60)).toISOString());
    // Pinnacle −175/+160 de-vigged: 0.623288; DraftKings −150: 3.88 %, FanDuel −155: 2.54 %
    expect(alert.staleBooks.map((b) => [b.book, b.evPct])).toEqual([
      ['draftkings', 3.88],
      ['fanduel', 2.54],
    ]);
    // books that had moved before the sharp book's first step are still the market it followed
    const led = window.map((s) =>
      followers.includes(s.book)
        ? series(s.book, 'h2h', 'Home', [
            [200, -150],
            [110, -180],
          ])
        : s,
    );
    expect(detectSteam({ event, window: led, now: NOW, alerted: [] })).toEqual([]);

    // nor does a tick of the sharp book's that went back before they moved: its move begins with its last run away from
    // the old price (−150 → −155 290 s ago, back to −150 250 s ago, then −160 100 s ago and −175 60 s ago)
    const ticked = [
      series('pinnacle', 'h2h', 'Home', [
        [299, -150],
        [290, -155],
        [250, -150],
        [100, -160],
        [60, -175],
      ]),
      series('pinnacle', 'h2h', 'Away', [
        [299, 140],
        [60, 160],
      ]),
      series('draftkings', 'h2h', 'Home', [[299, -150]]),
      series('fanduel', 'h2h', 'Home', [[299, -155]]),
      ...followers.map((key) =>
        series(key, 'h2h', 'Home', [
          [299, -150],
          [110, -180],
        ]),
      ),
    ];
    expect(detectSteam({ event, window: ticked, now: NOW, alerted: [] })).toEqual([]);
  });

  it('takes a later sharp move the market followed as the origin when an earlier one went unfollowed', () => {
    // Circa took Home to −180 280 s ago and no book followed within 90 s; Pinnacle's own move to −175 60 s ago was
    // followed by three books within 30 s: an origin move confirmed by breadth
    const window = [
      series('circasports', 'h2h', 'Home', [
        [290, -150],
        [280, -180],
      ]),
      ...moneylineWindow().filter((s) => s.book !== 'circasports'),
      ...(
        [
          ['bovada', 50],
          ['lowvig', 40],
          ['betonlineag', 30],
        ] as const
      ).map(([key, s]) =>
        series(key, 'h2h', 'Home', [
          [290, -150],
          [s, -180],
        ]),
      ),
    ];
    const alert = detectOne({ event: moneylineEvent(), window, now: NOW, alerted: [] });
    expect(alert.origin).toMatchObject({ book: 'pinnacle', at: new Date(ago(60)).toISOString() });
    expect(alert.confirmations.map((c) => c.book)).toEqual(['bovada', 'lowvig', 'betonlineag']);
    expect(alert.confirmedAt).toBe(new Date(ago(30)).toISOString());
  });

  it('prices the stale books against the sharp books that made the move, not one still at the old price', () => {
    // Circa takes Home from −150 to −180 60 s ago and three books follow; Pinnacle still stands at −150/+130
    const event = moneylineEvent({
      pinnacle: [-150, 130],
      bovada: [-180, 150],
      lowvig: [-180, 160],
      betonlineag: [-180, 160],
    });
    const window = [
      ...moneylineWindow().filter((s) => !['pinnacle', 'circasports', 'betmgm'].includes(s.book)),
      series('circasports', 'h2h', 'Home', [
        [200, -150],
        [60, -180],
      ]),
      series('pinnacle', 'h2h', 'Home', [[200, -150]]),
      ...(
        [
          ['bovada', 50],
          ['lowvig', 40],
          ['betonlineag', 30],
        ] as const
      ).map(([key, s]) =>
        series(key, 'h2h', 'Home', [
          [200, -150],
          [s, -180],
        ]),
      ),
    ];
    const alert = detectOne({ event, window, now: NOW, alerted: [] });
    expect(alert.origin.book).toBe('circasports');
    // Circa's −180/+160 de-vigged: 0.642857 / (0.642857 + 0.384615) = 0.625668, not Pinnacle's old 0.58 (which
    // outweighs Circa, 3 to 2.5, and would leave DraftKings −150 at −3.3 %): DraftKings −150 is 0.625668 × 1.666667 −
    // 1 = 4.28 %, FanDuel −155 is × 1.645161 − 1 = 2.93 %
    expect(alert.fair.probability).toBeCloseTo(0.625668, 6);
    expect(alert.staleBooks.map((b) => [b.book, b.evPct])).toEqual([
      ['draftkings', 4.28],
      ['fanduel', 2.93],
    ]);
  });

  it('names only the soft books still at the price they stood at before the move, not every price worth taking', () => {
    // Pinnacle's move began 60 s ago. BetMGM went from −150 to −160 40 s ago: it has moved toward the new line, though
    // −160 is still worth 0.623288 × 1.625 − 1 = 1.28 %. Caesars first quoted the game 30 s ago, at −145 (× 1.689655
    // − 1 = 5.31 %): it never stood at the old price. DraftKings and FanDuel stand where they stood before the move.
    const event = moneylineEvent({ betmgm: [-160, 140], williamhill_us: [-145, 125] });
    const window = [
      ...moneylineWindow().filter((s) => s.book !== 'betmgm'),
      series('betmgm', 'h2h', 'Home', [
        [200, -150],
        [40, -160],
      ]),
      series('williamhill_us', 'h2h', 'Home', [[30, -145]]),
    ];
    const alert = detectOne({ event, window, now: NOW, alerted: [] });
    expect(alert.staleBooks.map((b) => [b.book, b.price, b.evPct])).toEqual([
      ['draftkings', -150, 3.88],
      ['fanduel', -155, 2.54],
    ]);
    expect(alert.staleBooks.map((b) => b.oldPrice?.price)).toEqual([-150, -155]);
  });

  it('leaves out a book still at its old price that stands at or past the new line: it has nothing to catch up', () => {
    // BetRivers has stood at −170 since before the move: 0.623288 × 1.588235 − 1 = −1.01 % against the new line
    const event = moneylineEvent({ betrivers: [-170, 150] });
    const window = [...moneylineWindow(), series('betrivers', 'h2h', 'Home', [[200, -170]])];
    const alert = detectOne({ event, window, now: NOW, alerted: [] });
    expect(alert.staleBooks.map((b) => b.book)).toEqual(['draftkings', 'fanduel']);
  });

  it('takes no half point off a line in basketball, where there is no key number', () => {
    const nba = { ...moneylineEvent(), sport_key: 'basketball_nba' };
    const window = [
      series('pinnacle', 'spreads', 'Home', [
        [200, -110, -2.5],
        [60, -110, -3],
      ]),
      series('circasports', 'spreads', 'Home', [
        [200, -110, -2.5],
        [50, -110, -3],
      ]),
    ];
    expect(detectSteam({ event: nba, window, now: NOW, alerted: [] })).toEqual([]);
  });

  it('counts the Betfair exchange as a confirmation but never as the origin', () => {
    const withExchange = (secondsAgo: number) => [
      series('betfair_ex_uk', 'h2h', 'Home', [
        [200, -150],
        [secondsAgo, -180],
      ]),
      ...moneylineWindow().filter((s) => s.book !== 'circasports'),
    ];
    // the exchange follows Pinnacle's move (60 s ago) 20 s later
    const alert = detectOne({ event: moneylineEvent(), window: withExchange(40), now: NOW, alerted: [] });
    expect(alert.origin.book).toBe('pinnacle');
    expect(alert.confirmations.map((c) => [c.book, c.sharp])).toEqual([['betfair_ex_uk', true]]);
    // the exchange moving first is the market Pinnacle followed, and alone it is no origin
    expect(detectSteam({ event: moneylineEvent(), window: withExchange(90), now: NOW, alerted: [] })).toEqual([]);
    const withoutSharp = withExchange(40).filter((s) => s.book !== 'pinnacle');
    expect(detectSteam({ event: moneylineEvent(), window: withoutSharp, now: NOW, alerted: [] })).toEqual([]);
  });

  it('alerts a side once in 30 minutes', () => {
    const input = { event: moneylineEvent(), window: moneylineWindow(), now: NOW };
    const at = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
    expect(detectSteam({ ...input, alerted: [{ market: 'h2h', side: 'Home', timeFound: at(29) }] })).toEqual([]);
    expect(detectSteam({ ...input, alerted: [{ market: 'h2h', side: 'Home', timeFound: at(30) }] })).toHaveLength(1);
    expect(detectSteam({ ...input, alerted: [{ market: 'h2h', side: 'Away', timeFound: at(1) }] })).toHaveLength(1);
  });

  it('reads a move from the price standing when the window began, and drops one that went back', () => {
    // Pinnacle had moved to −175 ten minutes ago: no move within the window
    const old = moneylineWindow().map((s) =>
      s.book === 'pinnacle' && s.side === 'Home'
        ? series('pinnacle', 'h2h', 'Home', [
            [900, -150],
            [600, -175],
          ])
        : s,
    );
    expect(detectSteam({ event: moneylineEvent(), window: old, now: NOW, alerted: [] })).toEqual([]);
    const back = moneylineWindow().map((s) =>
      s.book === 'pinnacle' && s.side === 'Home'
        ? series('pinnacle', 'h2h', 'Home', [
            [200, -150],
            [60, -175],
            [20, -150],
          ])
        : s,
    );
    expect(detectSteam({ event: moneylineEvent(), window: back, now: NOW, alerted: [] })).toEqual([]);
  });

  it('raises nothing once the game has started, or when no soft book is left at the old price', () => {
    const started = { ...moneylineEvent(), commence_time: new Date(NOW - 1000).toISOString() };
    expect(detectSteam({ event: started, window: moneylineWindow(), now: NOW, alerted: [] })).toEqual([]);
    const caughtUp = moneylineEvent({ draftkings: [-175, 150], fanduel: [-180, 150] });
    expect(detectSteam({ event: caughtUp, window: moneylineWindow(), now: NOW, alerted: [] })).toEqual([]);
  });
});

describe('reviewSteamAlert', () => {
  const alert = () => detectOne({ event: moneylineEvent(), window: moneylineWindow(), now: NOW, alerted: [] });

  it('keeps an alert while its soft books hold their price, and drops each as it catches up', () => {
    expect(reviewSteamAlert(alert(), moneylineEvent(), NOW + 5000)).toEqual({ change: 'unchanged', alert: alert() });
    const review = reviewSteamAlert(alert(), moneylineEvent({ draftkings: [-175, 150] }), NOW + 10_000);
    expect(review.change).toBe('updated');
    expect(review.alert.staleBooks.map((b) => b.book)).toEqual(['fanduel']);
    expect(review.alert.bestEvPct).toBe(2.54);
    expect(review.alert.ageSeconds).toBe(70);
  });

  it('keeps a book that moved away from the new line and drops one that moved toward it, adding none', () => {
    // DraftKings lengthens from −150 to −145 (away from the move: 0.623288 × 1.689655 − 1 = 5.31 %), FanDuel shortens
    // from −155 to −160 (toward it, though still 1.28 %), Caesars comes in at −145 after the move
    const moved = moneylineEvent({ draftkings: [-145, 125], fanduel: [-160, 140], williamhill_us: [-145, 125] });
    const review = reviewSteamAlert(alert(), moved, NOW + 10_000);
    expect(review.change).toBe('updated');
    expect(review.alert.staleBooks.map((b) => [b.book, b.price, b.evPct, b.oldPrice?.price])).toEqual([
      ['draftkings', -145, 5.31, -150],
    ]);
    // DraftKings back to −148: toward the line from −145, not from −150 where it stood before the move (4.44 %)
    const back = reviewSteamAlert(review.alert, moneylineEvent({ draftkings: [-148, 128], fanduel: [-160, 140] }), NOW);
    expect(back.alert.staleBooks.map((b) => [b.book, b.price, b.evPct])).toEqual([['draftkings', -148, 4.44]]);
    // and to −152, past it: caught up
    const caught = reviewSteamAlert(back.alert, moneylineEvent({ draftkings: [-152, 130], fanduel: [-160, 140] }), NOW);
    expect(caught.alert).toMatchObject({ status: 'expired', expiry: 'caught_up' });
  });

  it('expires the alert when the last soft book catches up', () => {
    const review = reviewSteamAlert(
      alert(),
      moneylineEvent({ draftkings: [-175, 150], fanduel: [-170, 150] }),
      NOW + 20_000,
    );
    expect(review).toMatchObject({
      change: 'expired',
      alert: {
        status: 'expired',
        expiry: 'caught_up',
        expiredAt: new Date(NOW + 20_000).toISOString(),
        staleBooks: [],
      },
    });
  });

  /** The moneyline board with `keys`' lines taken down: the book gone from the game, or its Home price locked. */
  const takenDown = (board: BoardEvent, gone: string[], locked: string[] = []): BoardEvent => ({
    ...board,
    bookmakers: board.bookmakers
      .filter((b) => !gone.includes(b.key))
      .map((b) =>
        locked.includes(b.key)
          ? {
              ...b,
              markets: b.markets.map((m) => ({
                ...m,
                outcomes: m.outcomes.map((o) => (o.name === 'Home' ? { ...o, price: 1 } : o)),
              })),
            }
          : b,
      ),
  });
  const rows = (a: SteamAlert) => a.staleBooks.map((b) => [b.book, b.price, b.evPct, b.down ?? false]);

  // DECISIONS 34: a book whose line is down has not caught up. It stays named, marked down at the price it stood at,
  // bettable again when it is back at the old price.
  it('keeps a soft book that takes its line down, marked down, and bettable again when it is back at the old price', () => {
    const down = reviewSteamAlert(alert(), takenDown(moneylineEvent(), ['draftkings']), NOW + 5000);
    expect(down.change).toBe('updated');
    // the bettable book first: the alert's figure is what can be taken now
    expect(rows(down.alert)).toEqual([
      ['fanduel', -155, 2.54, false],
      ['draftkings', -150, 3.88, true],
    ]);
    expect(down.alert.bestEvPct).toBe(2.54);
    expect(down.alert.staleBooks[1].oldPrice?.price).toBe(-150);
    // still down: nothing to publish
    expect(reviewSteamAlert(down.alert, takenDown(moneylineEvent(), ['draftkings']), NOW + 10_000).change).toBe(
      'unchanged',
    );
    const back = reviewSteamAlert(down.alert, moneylineEvent(), NOW + 25_000);
    expect(back.change).toBe('updated');
    expect(back.alert.staleBooks).toEqual(alert().staleBooks);
    expect(back.alert.bestEvPct).toBe(3.88);
  });

  it('judges a down book that comes back at another price as any price change', () => {
    const down = reviewSteamAlert(alert(), takenDown(moneylineEvent(), ['draftkings']), NOW + 5000).alert;
    // back at −175: moved toward the line, caught up
    const caught = reviewSteamAlert(down, moneylineEvent({ draftkings: [-175, 150] }), NOW + 20_000);
    expect(rows(caught.alert)).toEqual([['fanduel', -155, 2.54, false]]);
    // back at −145: moved away, still stale at its price now (5.31 %)
    const away = reviewSteamAlert(down, moneylineEvent({ draftkings: [-145, 125] }), NOW + 20_000);
    expect(rows(away.alert)).toEqual([
      ['draftkings', -145, 5.31, false],
      ['fanduel', -155, 2.54, false],
    ]);
  });

  // A down book keeps the alert no longer than its usual life: its 30 minutes, its game's start or leaving the board.
  it('keeps an alert whose every book is down, until its 30 minutes end, never as caught up', () => {
    // DraftKings leaves the game, FanDuel locks its Home price
    const allDown = takenDown(moneylineEvent(), ['draftkings'], ['fanduel']);
    const review = reviewSteamAlert(alert(), allDown, NOW + 5000);
    expect(review).toMatchObject({ change: 'updated', alert: { status: 'active' } });
    expect(rows(review.alert)).toEqual([
      ['draftkings', -150, 3.88, true],
      ['fanduel', -155, 2.54, true],
    ]);
    expect(review.alert.bestEvPct).toBe(3.88);
    // the last bettable book catching up leaves the alert to the one that is down
    const oneLeft = reviewSteamAlert(
      alert(),
      takenDown(moneylineEvent({ fanduel: [-175, 150] }), ['draftkings']),
      NOW + 5000,
    );
    expect(oneLeft.alert).toMatchObject({ status: 'active' });
    expect(rows(oneLeft.alert)).toEqual([['draftkings', -150, 3.88, true]]);
    expect(reviewSteamAlert(review.alert, allDown, NOW + 30 * 60_000 - 1).change).toBe('unchanged');
    expect(reviewSteamAlert(review.alert, allDown, NOW + 30 * 60_000).alert).toMatchObject({
      status: 'expired',
      expiry: 'timed_out',
    });
  });

  // An alert saved before stale books carried `down` reads as every book bettable, and is reviewed as before.
  it('reviews an alert saved before books could be down', () => {
    const stored = JSON.parse(JSON.stringify(alert())) as SteamAlert;
    expect(stored.staleBooks.some((b) => 'down' in b)).toBe(false);
    expect(reviewSteamAlert(stored, moneylineEvent(), NOW + 5000).change).toBe('unchanged');
    expect(rows(reviewSteamAlert(stored, takenDown(moneylineEvent(), ['fanduel']), NOW + 5000).alert)).toEqual([
      ['draftkings', -150, 3.88, false],
      ['fanduel', -155, 2.54, true],
    ]);
  });

  it('expires it when the game starts or leaves the board, and 30 minutes after it was found', () => {
    const started = { ...moneylineEvent(), commence_time: new Date(NOW + 10_000).toISOString() };
    expect(reviewSteamAlert(alert(), started, NOW + 10_000).alert.expiry).toBe('started');
    expect(reviewSteamAlert(alert(), undefined, NOW + 1000).alert.expiry).toBe('removed');
    expect(reviewSteamAlert(alert(), moneylineEvent(), NOW + 30 * 60_000).alert.expiry).toBe('timed_out');
    expect(reviewSteamAlert(alert(), moneylineEvent(), NOW + 30 * 60_000 - 1).change).toBe('unchanged');
  });
});

describe('steamAlertOutlived', () => {
  it('ends an alert by the clock: 30 minutes after it was found, or its game started', () => {
    const alert = detectOne({ event: moneylineEvent(), window: moneylineWindow(), now: NOW, alerted: [] });
    expect(steamAlertOutlived(alert, NOW + 30 * 60_000 - 1)).toBe(false);
    expect(steamAlertOutlived(alert, NOW + 30 * 60_000)).toBe(true);
    const soon = { ...alert, commenceTime: new Date(NOW + 60_000).toISOString() };
    expect(steamAlertOutlived(soon, NOW + 59_999)).toBe(false);
    expect(steamAlertOutlived(soon, NOW + 60_000)).toBe(true);
  });
});
