import { americanToDecimal } from '../engine/odds/odds-format';
import { isSoftBook, isSteamSized, movedToward, probabilityAtLine, touchesKeyNumber } from './steam-rules';

const NFL = 'americanfootball_nfl';
const NBA = 'basketball_nba';
const ml = (american: number) => ({ price: americanToDecimal(american), point: null });
const at = (point: number) => ({ price: 1.909, point });

// DECISIONS 34: the size of an origin move.
describe('isSteamSized', () => {
  it('takes 3 points of implied probability on a moneyline', () => {
    // −150 is 60 % implied; −170 is 170/270 = 62.96 % (2.96 points); −175 is 175/275 = 63.64 % (3.64 points)
    expect(isSteamSized('h2h', NFL, 'Home', ml(-150), ml(-170))).toBe(false);
    expect(isSteamSized('h2h', NFL, 'Home', ml(-150), ml(-175))).toBe(true);
    // exactly 3 points: 50 % to 53 %
    expect(isSteamSized('h2h', NFL, 'Home', { price: 2, point: null }, { price: 1 / 0.53, point: null })).toBe(true);
    // the other way is a move away from the side
    expect(isSteamSized('h2h', NFL, 'Home', ml(-175), ml(-150))).toBe(false);
  });

  it('takes a point on a spread, or half a point onto or off 3 or 7 in American football', () => {
    expect(isSteamSized('spreads', NFL, 'Home', at(-3), at(-4))).toBe(true);
    expect(isSteamSized('spreads', NFL, 'Home', at(-3.5), at(-4))).toBe(false);
    expect(isSteamSized('spreads', NFL, 'Home', at(-2.5), at(-3))).toBe(true);
    expect(isSteamSized('spreads', NFL, 'Home', at(-3), at(-3.5))).toBe(true);
    expect(isSteamSized('spreads', NFL, 'Home', at(-6.5), at(-7))).toBe(true);
    // the underdog taking fewer points is a move toward it: +3 → +2.5 leaves the 3
    expect(isSteamSized('spreads', NFL, 'Away', at(3), at(2.5))).toBe(true);
    expect(isSteamSized('spreads', NFL, 'Away', at(3), at(3.5))).toBe(false);
    // basketball has no key numbers
    expect(isSteamSized('spreads', NBA, 'Home', at(-2.5), at(-3))).toBe(false);
    expect(isSteamSized('spreads', NBA, 'Home', at(-2.5), at(-3.5))).toBe(true);
  });

  it('takes a point on a total, up for Over and down for Under; key numbers are margins, not totals', () => {
    expect(isSteamSized('totals', NBA, 'Over', at(220.5), at(221.5))).toBe(true);
    expect(isSteamSized('totals', NBA, 'Under', at(220.5), at(221.5))).toBe(false);
    expect(isSteamSized('totals', NBA, 'Under', at(221.5), at(220.5))).toBe(true);
    expect(isSteamSized('totals', NFL, 'Over', at(44.5), at(45))).toBe(false);
  });
});

// DECISIONS 34: a soft book is still at the old price while its price has not moved toward the side.
describe('movedToward', () => {
  it('takes any move toward the side, in implied probability on a moneyline and in points on a line', () => {
    expect(movedToward('h2h', 'Home', ml(-150), ml(-151))).toBe(true);
    expect(movedToward('h2h', 'Home', ml(-150), ml(-149))).toBe(false);
    expect(movedToward('h2h', 'Home', ml(-150), ml(-150))).toBe(false);
    expect(movedToward('h2h', 'Home', ml(10000), ml(9900))).toBe(true);
    expect(movedToward('spreads', 'Home', at(-2.5), at(-3))).toBe(true);
    // the juice alone: still at the old number
    expect(movedToward('spreads', 'Home', at(-2.5), { price: 1.8, point: -2.5 })).toBe(false);
    expect(movedToward('totals', 'Under', at(44.5), at(44))).toBe(true);
    expect(movedToward('totals', 'Over', at(44.5), at(44))).toBe(false);
  });

  it('reads a price back from the window, stored to 6 places, as the same price', () => {
    // −150 is 1.666666…; the window holds 1.666667, 0.00000012 less implied probability
    expect(movedToward('h2h', 'Home', { price: 1.666667, point: null }, ml(-150))).toBe(false);
    expect(movedToward('h2h', 'Home', ml(-150), { price: 1.666667, point: null })).toBe(false);
  });
});

describe('touchesKeyNumber', () => {
  it('is a line range holding 3 or 7 either side of zero', () => {
    expect(touchesKeyNumber(NFL, -2.5, -3)).toBe(true);
    expect(touchesKeyNumber(NFL, 7, 7.5)).toBe(true);
    expect(touchesKeyNumber(NFL, 4, 6.5)).toBe(false);
    expect(touchesKeyNumber('americanfootball_ncaaf', 2, 4)).toBe(true);
    expect(touchesKeyNumber(NBA, 2, 4)).toBe(false);
  });
});

// Final scores read as normal around the line, with the sport's deviation: NFL margins 13.3, NBA totals 18.
describe('probabilityAtLine', () => {
  it('adds what the curve holds over the points in the bettor’s favour, and takes away those against', () => {
    // 50 % at −4.5 is Φ(1.5 / 13.3) = 54.49 % at −3, and Φ(−1 / 13.3) = 47.00 % at −5.5
    expect(probabilityAtLine(NFL, 'spreads', 'Home', 0.5, -4.5, -3)).toBeCloseTo(0.544898, 5);
    expect(probabilityAtLine(NFL, 'spreads', 'Home', 0.5, -4.5, -5.5)).toBeCloseTo(0.470033, 5);
    // Over at 220.5 instead of 222.5, Φ(2 / 18) = 54.42 %; Under at 222.5 instead of 220.5 the same
    expect(probabilityAtLine(NBA, 'totals', 'Over', 0.5, 222.5, 220.5)).toBeCloseTo(0.544236, 5);
    expect(probabilityAtLine(NBA, 'totals', 'Under', 0.5, 220.5, 222.5)).toBeCloseTo(0.544236, 5);
    // far lines stay probabilities: 80 % ten points on is Φ(0.841621 + 10 / 13.3) = 94.45 %
    expect(probabilityAtLine(NFL, 'spreads', 'Home', 0.8, -10, 0)).toBeCloseTo(0.944476, 5);
  });

  it('leaves a moneyline or the same line alone, and cannot price another line of a sport it has no deviation for', () => {
    expect(probabilityAtLine(NFL, 'h2h', 'Home', 0.55, null, null)).toBe(0.55);
    expect(probabilityAtLine(NFL, 'spreads', 'Home', 0.55, -3, -3)).toBe(0.55);
    expect(probabilityAtLine('cricket_ipl', 'totals', 'Over', 0.5, 160.5, 158.5)).toBeNull();
  });
});

describe('isSoftBook', () => {
  it('leaves out the sharp books, the Betfair exchange under any key, and the DFS apps', () => {
    expect(['draftkings', 'caesars', 'novig', 'bovada'].every(isSoftBook)).toBe(true);
    expect(['pinnacle', 'circa', 'bookmaker', 'betfair_ex_uk', 'betfair', 'prizepicks'].some(isSoftBook)).toBe(false);
  });
});
