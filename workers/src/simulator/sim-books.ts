/**
 * How each simulated book prices: its margin (overround), how far behind the true price it runs (lag),
 * how often it updates, how long it holds a number the market has left, how noisy its own view is, and how it
 * rounds. Sharp books (Pinnacle, Circa, the exchanges) run close to the truth with thin margins and move their
 * numbers at once; the rest lag and wander, and hold their numbers for minutes. Lags and update intervals are
 * seconds, as on the real boards, so a price gap between books (an arbitrage) closes within seconds;
 * a number held after a move (a middle) lasts minutes. Times are in simulated seconds.
 */
export interface BookProfile {
  key: string;
  title: string;
  margin: number;
  lagSec: number;
  /** How long it holds its spread and total numbers after the market moves them, moving the juice instead. */
  holdSec: number;
  updateSec: number;
  /** Standard deviation of the book's own view, as a share of the sport's margin spread. */
  noise: number;
  /** American whole numbers, decimals to the cent (the US exchanges), or the exchanges' price ladder (ladderPrices). */
  rounding: 'american' | 'decimal2' | 'ladder';
  /** Share of secondary markets (alternates, periods, team totals) it offers. */
  coverage: number;
  props: boolean;
  dfs: boolean;
  /**
   * An exchange quoting back and lay prices as Betfair, Matchbook and Smarkets do on The Odds API (`h2h` and
   * `h2h_lay`) on the exchanges' price ladder (sim-pricing layPrices). Its margin is the half spread between back and
   * lay; its cost to the bettor is its commission on net winnings, which the engine takes off its prices by its key
   * (commission.ts DEFAULT_COMMISSIONS: Betfair 5 %, Matchbook and Smarkets 2 %). False at a book, and at the US
   * exchanges, which The Odds API quotes back only.
   */
  lays: boolean;
}

const book = (
  key: string,
  title: string,
  margin: number,
  lagSec: number,
  updateSec: number,
  holdSec: number,
  noise: number,
  extra: Partial<BookProfile> = {},
): BookProfile => ({
  key,
  title,
  margin,
  lagSec,
  holdSec,
  updateSec,
  noise,
  rounding: 'american',
  coverage: 0.9,
  props: false,
  dfs: false,
  lays: false,
  ...extra,
});

/** A back-and-lay exchange (above): main markets only, few spreads and totals. */
const LAY_EXCHANGE: Partial<BookProfile> = { rounding: 'ladder', coverage: 0.3, lays: true };

export const BOOK_PROFILES: readonly BookProfile[] = [
  book('pinnacle', 'Pinnacle', 0.025, 2, 5, 0, 0.008, { coverage: 0.7, props: true }),
  book('circasports', 'Circa Sports', 0.03, 4, 10, 30, 0.01, { coverage: 0.6 }),
  book('novig', 'Novig', 0.012, 3, 5, 0, 0.01, { rounding: 'decimal2', coverage: 0.3 }),
  book('prophetx', 'ProphetX', 0.015, 4, 8, 0, 0.012, { rounding: 'decimal2', coverage: 0.3 }),
  book('rebet', 'ReBet', 0.02, 8, 15, 60, 0.015, { rounding: 'decimal2', coverage: 0.2 }),
  book('betopenly', 'BetOpenly', 0.02, 8, 15, 60, 0.015, { rounding: 'decimal2', coverage: 0.2 }),
  book('betfair', 'Betfair', 0.004, 2, 3, 0, 0.008, LAY_EXCHANGE),
  book('matchbook', 'Matchbook', 0.008, 3, 5, 0, 0.01, LAY_EXCHANGE),
  book('smarkets', 'Smarkets', 0.008, 3, 5, 0, 0.01, LAY_EXCHANGE),
  book('lowvig', 'LowVig.ag', 0.025, 10, 15, 120, 0.015, { coverage: 0.5 }),
  book('draftkings', 'DraftKings', 0.045, 8, 15, 120, 0.02, { props: true }),
  book('fanduel', 'FanDuel', 0.045, 10, 15, 180, 0.02, { props: true }),
  book('betmgm', 'BetMGM', 0.05, 15, 20, 420, 0.025, { props: true }),
  book('williamhill_us', 'Caesars', 0.05, 12, 20, 300, 0.025, { props: true }),
  book('espnbet', 'ESPN BET', 0.05, 15, 20, 420, 0.025, { props: true }),
  book('fanatics', 'Fanatics', 0.05, 12, 20, 300, 0.025, { props: true }),
  book('hardrockbet', 'Hard Rock Bet', 0.055, 20, 25, 540, 0.03),
  book('pointsbetus', 'PointsBet', 0.05, 15, 20, 360, 0.025),
  book('betrivers', 'BetRivers', 0.055, 20, 25, 600, 0.03),
  book('wynnbet', 'WynnBET', 0.055, 25, 30, 600, 0.03),
  book('unibet_us', 'Unibet', 0.055, 20, 25, 540, 0.03),
  book('fliff', 'Fliff', 0.06, 25, 30, 600, 0.035),
  book('bovada', 'Bovada', 0.05, 20, 25, 480, 0.03, { props: true }),
  book('betonlineag', 'BetOnline.ag', 0.045, 15, 20, 240, 0.025, { props: true }),
  book('mybookieag', 'MyBookie.ag', 0.06, 30, 30, 600, 0.035),
  book('prizepicks', 'PrizePicks', 0, 60, 90, 0, 0.02, { props: true, dfs: true }),
  book('underdog', 'Underdog', 0, 60, 90, 0, 0.02, { props: true, dfs: true }),
  book('pick6', 'DK Pick6', 0, 60, 90, 0, 0.02, { props: true, dfs: true }),
  book('dabble_au', 'Dabble', 0, 60, 90, 0, 0.02, { props: true, dfs: true }),
];
