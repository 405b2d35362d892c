import type { SteamAlert } from '../domain/steam';
import { americanToDecimal } from '../engine/odds/odds-format';
import { NOW } from '../testing/board-builder';
import { scoreboardGame } from '../testing/scoreboard-game';
import {
  CALLED_OFF_GRADE,
  gradeSteamAlert,
  steamGameStart,
  steamGradeStep,
  STEAM_GRADE_AFTER_MS,
  STEAM_GRADE_GIVE_UP_MS,
  type ClosingQuote,
} from './steam-grade';

/** The alert of a Home moneyline steam whose best stale price was DraftKings −150. */
const alert = {
  type: 'steam',
  sport: 'americanfootball_nfl',
  market: 'h2h',
  side: 'Home',
  staleBooks: [
    { book: 'draftkings', bookTitle: 'DraftKings', price: -150, decimal: americanToDecimal(-150), commission: 0 },
  ],
} as SteamAlert;

const close = (book: string, side: string, american: number, point: number | null = null, secondsAgo = 0) => ({
  book,
  market: point === null ? 'h2h' : 'spreads',
  side,
  point,
  price: americanToDecimal(american),
  at: NOW - secondsAgo * 1000,
});

// DECISIONS 34: every alert graded against the closing line, and whether the soft book moved.
describe('gradeSteamAlert', () => {
  it('grades the best stale price against the sharp close, each book at its latest price', () => {
    const closes: ClosingQuote[] = [
      close('pinnacle', 'Home', -150, null, 3600),
      close('pinnacle', 'Home', -180),
      close('pinnacle', 'Away', 165),
      close('draftkings', 'Home', -175),
      close('draftkings', 'Away', 150),
    ];
    // Pinnacle's close −180/+165: 0.642857 / (0.642857 + 0.377358) = 0.630119; taking −150 (1.666667) then:
    // 1.666667 × 0.630119 − 1 = 5.02 % CLV. The fair close is −170 in American odds. DraftKings itself went to −175.
    expect(gradeSteamAlert(alert, closes)).toEqual({
      status: 'graded',
      book: 'draftkings',
      closingProbability: expect.closeTo(0.630119, 6) as number,
      closingPrice: -170,
      clvPct: 5.02,
      softMoved: true,
      source: 'sharp',
    });
  });

  it('falls back to every book’s close without a sharp one, and says when the soft book stood still', () => {
    const closes = [close('draftkings', 'Home', -150), close('draftkings', 'Away', 130)];
    // DraftKings −150/+130: 0.6 / (0.6 + 0.434783) = 0.579832; 1.666667 × 0.579832 − 1 = −3.36 %
    expect(gradeSteamAlert(alert, closes)).toMatchObject({
      status: 'graded',
      clvPct: -3.36,
      softMoved: false,
      source: 'market',
    });
  });

  it('grades a spread at the taken line', () => {
    const spread = {
      ...alert,
      market: 'spreads',
      staleBooks: [{ ...alert.staleBooks[0], price: -110, decimal: americanToDecimal(-110), point: -2.5 }],
    } as SteamAlert;
    // Pinnacle closes Home −4 −110 / Away +4 −110: 50 % at −4, Φ(1.5 / 13.3) = 54.49 % at −2.5;
    // 1.909091 × 0.544898 − 1 = 4.03 %. DraftKings had no close of its own.
    const closes = [close('pinnacle', 'Home', -110, -4), close('pinnacle', 'Away', -110, 4)];
    expect(gradeSteamAlert(spread, closes)).toMatchObject({ status: 'graded', clvPct: 4.03, softMoved: null });
  });

  it('leaves an alert ungraded without a closing line', () => {
    expect(gradeSteamAlert(alert, [close('pinnacle', 'Home', -180)])).toEqual({
      status: 'ungraded',
      note: 'No closing line was recorded for this market.',
    });
  });
});

// DECISIONS 34: graded against the closing line, the price standing at the game's actual start — which a game called
// off at that start never had. The scoreboard's status names are ESPN's.
describe('steamGradeStep', () => {
  const START = Date.parse('2022-09-17T18:10:00.000Z');
  const DUE = START + STEAM_GRADE_AFTER_MS;
  const status = (name: string, detail: string) => ({ name, detail, completed: false });
  const POSTPONED = status('STATUS_POSTPONED', 'Postponed');
  const at = (start: number, status_type = status('STATUS_SCHEDULED', '9/17 - 2:10 PM EDT')) =>
    scoreboardGame({ commence_time: new Date(start).toISOString(), status_type });
  const live = scoreboardGame({
    live: true,
    status: 'in_progress',
    status_type: status('STATUS_IN_PROGRESS', 'Top 1st'),
  });

  it.each([
    ['postponed', POSTPONED],
    ['cancelled', status('STATUS_CANCELED', 'Canceled')],
  ])('voids the alerts of a game its scoreboard shows %s at their start: it has no closing line', (_, type) => {
    expect(steamGradeStep(START, at(START, type), DUE)).toBe('void');
    expect(CALLED_OFF_GRADE).toEqual({
      status: 'ungraded',
      note: 'The game was postponed or cancelled, so it has no closing line.',
    });
  });

  it('voids them when the scoreboard lists the game called off at a later start than theirs', () => {
    expect(steamGradeStep(START, at(START + 3_600_000, POSTPONED), DUE)).toBe('void');
  });

  it('grades a postponed game at the new start the odds board put it back to, past the one called off', () => {
    expect(steamGradeStep(START + 86_400_000, at(START, POSTPONED), DUE + 86_400_000)).toBe('grade');
  });

  it('grades a game no scoreboard knows, and one the scoreboard shows started or final', () => {
    expect(steamGradeStep(START, undefined, DUE)).toBe('grade');
    expect(steamGradeStep(START, live, DUE)).toBe('grade');
    const final = scoreboardGame({
      status: 'final',
      completed: true,
      status_type: { ...status('STATUS_FINAL', 'Final'), completed: true },
    });
    expect(steamGradeStep(START, final, DUE)).toBe('grade');
  });

  // ESPN suspends a game stopped after it began (rain in the fifth inning): it had its close at the start
  it('grades a game its scoreboard shows suspended, after the wait of a game not shown under way', () => {
    const suspended = at(START, status('STATUS_SUSPENDED', 'Suspended'));
    expect(steamGradeStep(START, suspended, DUE)).toBe('wait');
    expect(steamGradeStep(START, suspended, START + STEAM_GRADE_GIVE_UP_MS)).toBe('grade');
  });

  // A postponement is often announced after the listed start (a rain delay called off): grading first lost it.
  it('waits while the scoreboard still shows the game to be played, up to the give-up, then grades it', () => {
    for (const game of [at(START), at(START, status('STATUS_DELAYED', 'Delayed'))]) {
      expect(steamGradeStep(START, game, DUE)).toBe('wait');
      expect(steamGradeStep(START, game, START + STEAM_GRADE_GIVE_UP_MS - 1)).toBe('wait');
      expect(steamGradeStep(START, game, START + STEAM_GRADE_GIVE_UP_MS)).toBe('grade');
    }
  });
});

describe('steamGameStart', () => {
  const START = Date.parse('2022-09-17T18:10:00.000Z');
  const LATER = START + 3 * 3_600_000;
  const listedAt = (start: number, over = {}) =>
    scoreboardGame({ commence_time: new Date(start).toISOString(), ...over });

  it('takes the start the odds board lists, else keeps the one held', () => {
    expect(steamGameStart(START, LATER, undefined, START)).toBe(LATER);
    expect(steamGameStart(START, undefined, undefined, LATER)).toBe(START);
    expect(steamGameStart(START, NaN, undefined, LATER)).toBe(START);
  });

  it('takes a later start from the scoreboard when the game is still to be played at the odds board’s', () => {
    const due = START + STEAM_GRADE_AFTER_MS;
    expect(steamGameStart(START, undefined, listedAt(LATER), due)).toBe(LATER);
    expect(steamGameStart(START, START, listedAt(LATER), due)).toBe(LATER);
    // and keeps it once the game is under way, the odds board still listing the old start
    const underWay = listedAt(LATER, { status: 'in_progress', live: true });
    expect(steamGameStart(LATER, START, underWay, LATER + 1)).toBe(LATER);
  });

  it('keeps the odds board’s start before it falls due, and when the scoreboard has the game under way then', () => {
    expect(steamGameStart(START, START, listedAt(LATER), START + STEAM_GRADE_AFTER_MS - 1)).toBe(START);
    // the scoreboard listing the start a few minutes later than the board, the game began at the board's
    const underWay = listedAt(START + 5 * 60_000, { status: 'in_progress', live: true });
    expect(steamGameStart(START, START, underWay, START + STEAM_GRADE_AFTER_MS)).toBe(START);
  });

  // DECISIONS 34: the close is the price standing at the actual start, which the odds board lists first
  it('follows a start the odds board brings forward, the scoreboard still listing the old one', () => {
    const EARLIER = START - 3_600_000;
    expect(steamGameStart(START, EARLIER, listedAt(START), EARLIER - 60_000)).toBe(EARLIER);
    expect(steamGameStart(START, EARLIER, listedAt(START), EARLIER + STEAM_GRADE_AFTER_MS - 1)).toBe(EARLIER);
    // the record holding it since, and the game under way there
    const underWay = listedAt(START, { status: 'in_progress', live: true });
    expect(steamGameStart(EARLIER, EARLIER, underWay, EARLIER + STEAM_GRADE_AFTER_MS)).toBe(EARLIER);
    expect(steamGameStart(EARLIER, undefined, underWay, START + STEAM_GRADE_AFTER_MS)).toBe(EARLIER);
  });

  it('keeps a start the scoreboard lists earlier, and a called-off game’s start', () => {
    expect(steamGameStart(LATER, undefined, listedAt(START), LATER + STEAM_GRADE_AFTER_MS)).toBe(LATER);
    const postponed = listedAt(LATER, {
      status_type: { name: 'STATUS_POSTPONED', detail: 'Postponed', completed: false },
    });
    expect(steamGameStart(START, undefined, postponed, START + STEAM_GRADE_AFTER_MS)).toBe(START);
  });
});
