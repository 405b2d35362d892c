import type { PickAmounts } from './pick';
import { pickProfitCents, settledPayoutCents } from './settlement';

/** What the statistics need of a pick; money in integer cents. */
export interface StatsPick extends PickAmounts {
  league: string;
  edge: number | null;
  clv: number | null;
  dateAdded: string;
  /** When it was settled (automatically or by hand); orders the streaks. */
  settledAt: string | null;
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
  bestStreak: number;
  currentStreak: number;
  streakType: 'win' | 'loss' | null;
  monthlyStats: Record<string, MonthStats>;
  sportStats: Record<string, SportStats>;
}

/** Rounds half away from zero to one decimal (spec 002 §9: win rate and ROI to one decimal). */
export function roundOneDecimal(value: number): number {
  // The nudge keeps binary representation error (24.55 stored as 24.5499…) from rounding a half down.
  return (Math.sign(value) * Math.round((Math.abs(value) + 1e-9) * 10)) / 10;
}

function percent(numerator: number, denominator: number): number {
  return denominator > 0 ? roundOneDecimal((numerator / denominator) * 100) : 0;
}

function mean(values: number[]): number | null {
  return values.length ? roundOneDecimal(values.reduce((a, b) => a + b, 0) / values.length) : null;
}

function emptyMonth(): MonthStats {
  return { bets: 0, won: 0, lost: 0, push: 0, stakedCents: 0, returnsCents: 0, profitCents: 0 };
}

function addTo(bucket: MonthStats, pick: StatsPick) {
  bucket.bets += 1;
  if (pick.status === 'pending') return;
  bucket[pick.status] += 1;
  bucket.stakedCents += pick.stakeCents;
  bucket.returnsCents += settledPayoutCents(pick) ?? 0;
  bucket.profitCents += pickProfitCents(pick) ?? 0;
}

/**
 * Statistics over the picks given (the caller selects the period, DECISIONS 20). Streaks follow the
 * order of settlement: the current streak is the run of equal results ending at the latest settled pick,
 * pushes skipped; the best streak is the longest run of wins (DECISIONS 21).
 */
export function computePickStats(picks: readonly StatsPick[]): PickStats {
  const monthlyStats: Record<string, MonthStats> = {};
  const sportBuckets: Record<string, MonthStats> = {};
  const counts = { won: 0, lost: 0, push: 0, pending: 0 };
  let staked = 0;
  let pendingStaked = 0;
  let returns = 0;

  for (const pick of picks) {
    counts[pick.status] += 1;
    const month = pick.dateAdded.slice(0, 7);
    addTo((monthlyStats[month] ??= emptyMonth()), pick);
    addTo((sportBuckets[pick.league || 'Other'] ??= emptyMonth()), pick);
    if (pick.status !== 'pending') {
      staked += pick.stakeCents;
      returns += settledPayoutCents(pick) ?? 0;
    } else pendingStaked += pick.stakeCents;
  }

  const decided = picks
    .filter((p) => p.status === 'won' || p.status === 'lost')
    .sort((a, b) => (a.settledAt ?? a.dateAdded).localeCompare(b.settledAt ?? b.dateAdded));
  let bestStreak = 0;
  let run = 0;
  for (const pick of decided) {
    run = pick.status === 'won' ? run + 1 : 0;
    bestStreak = Math.max(bestStreak, run);
  }
  let currentStreak = 0;
  const last = decided[decided.length - 1];
  for (let i = decided.length - 1; i >= 0 && decided[i].status === last.status; i -= 1) currentStreak += 1;

  const sportStats: Record<string, SportStats> = {};
  for (const [league, bucket] of Object.entries(sportBuckets)) {
    sportStats[league] = { ...bucket, winRate: percent(bucket.won, bucket.won + bucket.lost) };
  }

  return {
    totalBets: picks.length,
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
    avgEdge: mean(picks.flatMap((p) => (p.edge === null ? [] : [p.edge]))),
    avgClv: mean(picks.flatMap((p) => (p.clv === null ? [] : [p.clv]))),
    bestStreak,
    currentStreak,
    streakType: last ? (last.status === 'won' ? 'win' : 'loss') : null,
    monthlyStats,
    sportStats,
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
