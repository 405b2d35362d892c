import type { PickStatus } from './pick';

/**
 * The sums of one group of a user's picks (one month of adding, one league, one status) that the statistics are made
 * from: the database adds them up (PicksRepository.statsTotals), so no request reads every pick. Money in cents; a
 * settled pick's return is the payout it was settled with, a pending pick's nothing; edge and CLV as sums and counts
 * of the picks that carry one.
 */
export interface PickTotals {
  /** The UTC month the picks were added, "2026-10". */
  month: string;
  /** Their league, "Other" when they have none. */
  league: string;
  /** Their book (its catalogue key, a parlay's list as saved), "Other" when they have none. */
  book: string;
  /** Their market as saved ("Moneyline", "Point Spread"), "Other" when blank. */
  market: string;
  status: PickStatus;
  bets: number;
  stakedCents: number;
  returnsCents: number;
  edgeSum: number;
  edgeCount: number;
  clvSum: number;
  clvCount: number;
  /** Of the picks with a CLV, those whose CLV is above nothing: they beat the closing line. */
  beatCloseCount: number;
}

/**
 * Streaks (DECISIONS 21), over the won and lost picks in the order they were settled, pushes skipped: the longest run of
 * wins, and the run of equal results ending at the latest.
 */
export interface PickStreaks {
  best: number;
  current: number;
  type: 'win' | 'loss' | null;
}

export interface MonthStats {
  bets: number;
  won: number;
  lost: number;
  push: number;
  stakedCents: number;
  returnsCents: number;
  profitCents: number;
}

export interface SportStats extends MonthStats {
  /** Percent, one decimal. */
  winRate: number;
}

/** The user statistics of spec 002 §3, with DECISIONS 21 for streaks and avgEdge. */
export interface PickStats {
  totalBets: number;
  wonBets: number;
  lostBets: number;
  pushBets: number;
  pendingBets: number;
  /** Stakes of settled picks (a pending stake is neither won nor lost yet). */
  totalStakedCents: number;
  /** Stakes of pending picks: money at stake now, kept apart so ROI stays profit over settled stakes. */
  pendingStakedCents: number;
  totalReturnsCents: number;
  netProfitCents: number;
  /** won / (won + lost), percent to one decimal; pushes do not count. */
  winRate: number;
  /** net profit / total staked, percent to one decimal. */
  roi: number;
  /** Mean edge (percent, one decimal) of the picks that carry one; null when none does. */
  avgEdge: number | null;
  /** Mean closing-line value (percent, one decimal) of the picks that have one. */
  avgClv: number | null;
  /** Percent (one decimal) of the picks with a CLV that beat the closing line (CLV above 0); null when none has one. */
  beatCloseRate: number | null;
  bestStreak: number;
  currentStreak: number;
  streakType: 'win' | 'loss' | null;
  monthlyStats: Record<string, MonthStats>;
  sportStats: Record<string, SportStats>;
  /** The same by book ("Other" for picks without one). */
  bookStats: Record<string, SportStats>;
  /** The same by market as saved. */
  marketStats: Record<string, SportStats>;
}

/** Rounds half away from zero to one decimal (spec 002 §9: win rate and ROI to one decimal). */
export function roundOneDecimal(value: number): number {
  // The nudge keeps binary representation error (24.55 stored as 24.5499…) from rounding a half down.
  return (Math.sign(value) * Math.round((Math.abs(value) + 1e-9) * 10)) / 10;
}

function percent(numerator: number, denominator: number): number {
  return denominator > 0 ? roundOneDecimal((numerator / denominator) * 100) : 0;
}

function emptyMonth(): MonthStats {
  return { bets: 0, won: 0, lost: 0, push: 0, stakedCents: 0, returnsCents: 0, profitCents: 0 };
}

function bucketOf(buckets: Map<string, MonthStats>, key: string): MonthStats {
  let bucket = buckets.get(key);
  if (!bucket) buckets.set(key, (bucket = emptyMonth()));
  return bucket;
}

function addTo(bucket: MonthStats, group: PickTotals) {
  bucket.bets += group.bets;
  if (group.status === 'pending') return;
  bucket[group.status] += group.bets;
  bucket.stakedCents += group.stakedCents;
  bucket.returnsCents += group.returnsCents;
  bucket.profitCents += group.returnsCents - group.stakedCents;
}

/**
 * The user statistics of spec 002 §3 from the sums of the period's picks and their streaks (the caller selects the
 * period, DECISIONS 20): counts, money, win rate and ROI to one decimal, the mean edge and CLV of the picks that carry
 * one with the share that beat the closing line, and the breakdowns by month, league, book and market.
 */
export function pickStatsFromTotals(groups: readonly PickTotals[], streaks: PickStreaks): PickStats {
  // Maps, not objects: a league, book or market is the user's own text, and `__proto__` as an object's key would
  // add that bucket's sums to Object.prototype
  const monthlyStats = new Map<string, MonthStats>();
  const sportBuckets = new Map<string, MonthStats>();
  const bookBuckets = new Map<string, MonthStats>();
  const marketBuckets = new Map<string, MonthStats>();
  const counts = { won: 0, lost: 0, push: 0, pending: 0 };
  let bets = 0;
  let staked = 0;
  let pendingStaked = 0;
  let returns = 0;
  const edge = { sum: 0, count: 0 };
  const clv = { sum: 0, count: 0 };
  let beatClose = 0;

  for (const group of groups) {
    bets += group.bets;
    counts[group.status] += group.bets;
    addTo(bucketOf(monthlyStats, group.month), group);
    addTo(bucketOf(sportBuckets, group.league || 'Other'), group);
    addTo(bucketOf(bookBuckets, group.book || 'Other'), group);
    addTo(bucketOf(marketBuckets, group.market || 'Other'), group);
    if (group.status !== 'pending') {
      staked += group.stakedCents;
      returns += group.returnsCents;
    } else pendingStaked += group.stakedCents;
    edge.sum += group.edgeSum;
    edge.count += group.edgeCount;
    clv.sum += group.clvSum;
    clv.count += group.clvCount;
    beatClose += group.beatCloseCount;
  }

  // Object.fromEntries defines each key as the object's own, `__proto__` too
  const withWinRates = (buckets: Map<string, MonthStats>): Record<string, SportStats> =>
    Object.fromEntries(
      [...buckets].map(([key, bucket]) => [key, { ...bucket, winRate: percent(bucket.won, bucket.won + bucket.lost) }]),
    );
  const mean = ({ sum, count }: { sum: number; count: number }) => (count ? roundOneDecimal(sum / count) : null);

  return {
    totalBets: bets,
    wonBets: counts.won,
    lostBets: counts.lost,
    pushBets: counts.push,
    pendingBets: counts.pending,
    totalStakedCents: staked,
    pendingStakedCents: pendingStaked,
    totalReturnsCents: returns,
    netProfitCents: returns - staked,
    winRate: percent(counts.won, counts.won + counts.lost),
    roi: percent(returns - staked, staked),
    avgEdge: mean(edge),
    avgClv: mean(clv),
    beatCloseRate: clv.count ? percent(beatClose, clv.count) : null,
    bestStreak: streaks.best,
    currentStreak: streaks.current,
    streakType: streaks.type,
    monthlyStats: Object.fromEntries(monthlyStats),
    sportStats: withWinRates(sportBuckets),
    bookStats: withWinRates(bookBuckets),
    marketStats: withWinRates(marketBuckets),
  };
}

/** What a percentage statistic reads: one decimal, or "—" when there is nothing to measure (never "0.0%"). */
export function statPercentText(value: number | null): string {
  return value === null ? '—' : `${value.toFixed(1)}%`;
}

/** Win rate needs a won or lost pick (pushes do not count); "—" before that. */
export function winRateText(stats: { won: number; lost: number; winRate: number }): string {
  return statPercentText(stats.won + stats.lost > 0 ? stats.winRate : null);
}

/**
 * The headline figures as the picks page and the dashboard both show them (the dashboard's "Recent
 * Performance" reads the same numbers as /picks): a figure with nothing settled behind it is "—".
 */
export function headlineStats(stats: PickStats): {
  winRate: string;
  roi: string;
  avgEdge: string;
  avgClv: string;
  totalBets: string;
} {
  return {
    winRate: winRateText({ won: stats.wonBets, lost: stats.lostBets, winRate: stats.winRate }),
    roi: statPercentText(stats.totalStakedCents > 0 ? stats.roi : null),
    avgEdge: statPercentText(stats.avgEdge),
    avgClv: statPercentText(stats.avgClv),
    totalBets: String(stats.totalBets),
  };
}
