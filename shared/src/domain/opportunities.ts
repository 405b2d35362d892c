/**
 * What detection finds on a board (spec 001 §3 arbitrage and middle opportunities, with their flags and ages).
 * Money is in dollars rounded to the cent (computed in integer cents); percentages are PERCENT (2.5 = 2.5 %);
 * probabilities are FRACTIONS (0.52); `price` is American odds rounded to the whole number shown to users
 * and `decimal` the unrounded decimal odds the maths used. Times are ISO-8601 UTC.
 */

/**
 * Shown beside an opportunity so a user never mistakes a phantom for a real one:
 * - `live`: the game has started;
 * - `stale`: a leg lags the newest leg of the same opportunity by more than 2 min (pre-match) or 20 s (live);
 * - `suspect`: profit above the configurable bound (default 10 %).
 */
export type OpportunityFlag = 'live' | 'stale' | 'suspect';

/** The event an opportunity belongs to (spec 001 §3: game, sport, commence_time). */
export interface OpportunityEvent {
  eventId: string;
  sport: string;
  sportTitle: string;
  /** "Away @ Home". */
  game: string;
  homeTeam: string;
  awayTeam: string;
  commenceTime: string;
}

/** One bet of an arbitrage or a middle (spec 001 §3: bookmaker, selection, odds, stake, payout, implied_prob). */
export interface OpportunityLeg {
  /** Canonical bookmaker key (Caesars is `williamhill_us`). */
  book: string;
  bookTitle: string;
  /** The market key of this leg (an alternate line keeps its own key, e.g. `alternate_totals`). */
  market: string;
  /** Outcome name: team, 'Draw', 'Over', 'Under', 'Yes', 'No'. */
  outcome: string;
  /** The player (props) or team (team totals) the outcome is about. */
  description?: string;
  point?: number;
  /** American odds, rounded. */
  price: number;
  /** Decimal odds, unrounded. */
  decimal: number;
  /** 1 / decimal, fraction. */
  impliedProb: number;
  /**
   * The book's commission on net winnings, FRACTION (0 at a book): the leg is sized and paid at the effective
   * price 1 + (decimal − 1) × (1 − commission), which a client can work out again from `decimal` and this.
   */
  commission: number;
  /**
   * A lay at an exchange (a back/lay arbitrage's second leg): it wins when the outcome does NOT happen. Absent on
   * a back bet, which every other leg is.
   */
  lay?: true;
  /** Lay legs: what must be held at the exchange, lay stake × (decimal − 1), dollars rounded to the cent. */
  liability?: number;
  /** Dollars, rounded to the cent (a lay leg: the lay stake, the backer's stake the exchange matches). */
  stake: number;
  /**
   * Dollars returned (stake included) if this leg wins, net of commission, rounded to the cent. A lay leg: the
   * liability back plus the lay stake net of commission, when the outcome does not happen.
   */
  payout: number;
  /** The book's last update of this market. */
  lastUpdate: string;
  /** Seconds between lastUpdate and "now". */
  ageSeconds: number;
  link?: string;
}

interface OpportunityBase extends OpportunityEvent {
  /** Stable across updates of the same opportunity: the pipeline's new / updated / gone key. */
  id: string;
  /** Market family: `alternate_` is folded into its base market (alternate_spreads → spreads). */
  market: string;
  /** The player or team for props and team totals. */
  description?: string;
  flags: OpportunityFlag[];
  /** Seconds between the oldest leg's last update and "now". */
  ageSeconds: number;
  /** "Now" of the scan that found it (the pipeline keeps the first one it saw). */
  timeFound: string;
  /** How long it is shown before it expires, in seconds (spec 001 §9: 30 min). */
  expiresIn: number;
}

export interface ArbitrageOpportunity extends OpportunityBase {
  type: 'arbitrage';
  /**
   * two_way (moneyline, spread, total, props) or three_way (1X2 with a draw, DECISIONS 11): every outcome backed
   * at a book. back_lay: one outcome backed at a book and laid at an exchange (`h2h_lay`), legs [back, lay].
   */
  kind: 'two_way' | 'three_way' | 'back_lay';
  /**
   * PERCENT, net of commission, before stake rounding: 1 / Σ(1 / effective decimal) − 1; back_lay: what the back
   * stake nets either way, back effective × (1 − lay commission) / (lay decimal − lay commission) − 1, over the back
   * stake and its liability (1 + back effective × (lay decimal − 1) / (lay decimal − lay commission)). The price's
   * own figure, whatever the stake: what a minimum profit, an alert rule, the suspect bound and the order compare.
   */
  profitPct: number;
  /**
   * PERCENT the rounded stakes make: profitAmount ÷ totalStake (DECISIONS 25: the shown profit is the profit of the
   * rounded stakes), so it never disagrees with the amount it is shown beside; 0 when nothing is staked. Set wherever
   * the stakes are sized, for the user's stake too (opportunities-for-user.ts).
   */
  stakedProfitPct: number;
  /** Guaranteed profit in dollars after stakes are rounded to the cent: the worse outcome's net result. */
  profitAmount: number;
  /**
   * Dollars: min(max stake, bankroll), as the rounded stakes add up; back_lay: all the bettor puts up, the back stake
   * and the liability held at the exchange (on the lay leg), within min(max stake, bankroll).
   */
  totalStake: number;
  /** Σ(1 / effective decimal), fraction (< 1 for an arbitrage); back_lay: 1 / (1 + profit), the same reading. */
  totalImpliedProb: number;
  legs: OpportunityLeg[];
  /**
   * Found at the lowest commission a user may set, not at the published rates (commission.ts LOWEST_COMMISSIONS):
   * its legs carry the published rates and its figures are worked at them (its profit there is not positive, or
   * below detection's minimum). Only a user whose own rates make it an arbitrage is shown it (opportunities-for-user.ts).
   */
  belowDefaultCommission?: true;
}

export interface MiddleOpportunity extends OpportunityBase {
  type: 'middle';
  /** Points between the two lines. */
  gap: number;
  /** Both legs win when the result (total, or margin of the first leg's team) is strictly inside. */
  middleRange: { low: number; high: number };
  /** Rough chance of landing in the middle, PERCENT (8 / point capped at 45 for totals, 6 / point capped at 40 for spreads). */
  probability: number;
  /** Dollars: min(max stake, 10 % of bankroll), split 50/50. */
  totalStake: number;
  /** Dollars won if both legs win (best case). */
  maxProfit: number;
  /** Dollars won (negative: lost) if one leg wins and the other loses, the worse of the two (worst case). */
  worstCase: number;
  legs: OpportunityLeg[];
}

/** One +EV row: a book's price against the fair line (DECISIONS 10). */
export interface EvBet extends OpportunityEvent, Pick<OpportunityBase, 'timeFound' | 'expiresIn'> {
  id: string;
  /** The market family (alternate lines folded in: `spreads` for `alternate_spreads`), as the fair line groups them. */
  market: string;
  /**
   * The market key as the book lists this price (`alternate_spreads`, `player_points_alternate`, …): the odds
   * table lists a row per such key, so this names the bet's row.
   */
  listedMarket: string;
  outcome: string;
  description?: string;
  point?: number;
  book: string;
  bookTitle: string;
  /** American odds, rounded (DFS apps: −119). */
  price: number;
  decimal: number;
  /** The book's commission on net winnings, FRACTION (0 at a book and for DFS apps); EV is worked net of it. */
  commission: number;
  /** Fair probability of the outcome, fraction (weighted median across books of the de-vigged probabilities). */
  fairProbability: number;
  /** 1 / fairProbability. */
  fairDecimal: number;
  /** Fair line in American odds, rounded. */
  fairPrice: number;
  /** fairProbability × effective decimal − 1 (net of commission, commission.ts), in PERCENT. */
  evPct: number;
  /** De-vig method used. */
  method: string;
  /** For method `blend`: the methods averaged. */
  blend?: string[];
  /** Books whose complete market went into the fair probability. */
  fairBooks: number;
  /** Distinct books quoting this outcome. */
  books: number;
  isDfs: boolean;
  lastUpdate: string;
  ageSeconds: number;
  flags: OpportunityFlag[];
  link?: string;
}

/** What a scan of a board finds (the scan CLI's JSON, the pipeline's per-event result). */
export interface ScanResult {
  arbitrage: ArbitrageOpportunity[];
  middles: MiddleOpportunity[];
  ev: EvBet[];
}

/** Opportunity expiry shown to users, seconds (spec 001 §9: 30 min). */
export const OPPORTUNITY_EXPIRY_SECONDS = 30 * 60;
