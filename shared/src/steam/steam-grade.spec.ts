import type { SteamAlert } from '../domain/steam';
import { americanToDecimal } from '../engine/odds/odds-format';
import { NOW } from '../testing/board-builder';
import { gradeSteamAlert, type ClosingQuote } from './steam-grade';

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
