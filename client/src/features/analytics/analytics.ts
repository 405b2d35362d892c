import { bookLabel, isSettled, parseAmerican, pickProfitCents, type UserPick } from '@oddspulse/shared';
import { byInstant } from '../../ui/charts/chart-time';
import { settledAt } from '../picks';

/**
 * Advanced analytics for Platinum (sold with the plan, found nowhere): closing-line value over time and how
 * often the user beat the close, and profit and ROI by sport, book, market, odds band and edge at placement, from the
 * user's own picks. A group counts settled picks with a stake; ROI is profit over stake; win rate leaves pushes out.
 */
export interface GroupPerformance {
  key: string;
  bets: number;
  stakedCents: number;
  profitCents: number;
  /** Percent, or null with nothing staked. */
  roiPct: number | null;
  /** Percent of decided (won or lost) bets, or null with none decided. */
  winRatePct: number | null;
}

export type Dimension = 'sport' | 'book' | 'market' | 'oddsBand' | 'edgeRange';

/** American odds in five bands a bettor thinks in. */
export function oddsBand(odds: string): string {
  const american = parseAmerican(odds);
  if (american === null) return 'Unknown odds';
  if (american <= -200) return '−200 or shorter';
  if (american <= -121) return '−199 to −121';
  if (american <= 120) return '−120 to +120';
  if (american <= 250) return '+121 to +250';
  return 'Longer than +250';
}

/** The edge the pick was placed at (its EV %, when it had one). */
export function edgeRange(edge: number | null): string {
  if (edge === null) return 'No edge recorded';
  if (edge < 0) return 'Below 0%';
  if (edge < 2) return '0–2%';
  if (edge < 5) return '2–5%';
  return '5% or more';
}

const keyOf: Record<Dimension, (pick: UserPick) => string> = {
  sport: (p) => p.league || p.sport || 'Unknown sport',
  // by the book's name: a key ("draftkings") and its name ("DraftKings") are one book
  book: (p) => (p.bookmaker ? bookLabel(p.bookmaker) : '') || 'Unknown book',
  market: (p) => p.market,
  oddsBand: (p) => oddsBand(p.odds),
  edgeRange: (p) => edgeRange(p.edge),
};

/** The ROI of every pick settled so far, at one settlement. */
export interface RoiPoint {
  at: string;
  bets: number;
  stakedCents: number;
  profitCents: number;
  roiPct: number;
}

/**
 * ROI over time: after each settled pick with a stake (in order of settlement), the profit so far over the stake so
 * far, counted as performanceBy counts a group.
 */
export function roiSeries(picks: readonly UserPick[]): RoiPoint[] {
  const settled = picks
    .flatMap((pick) => {
      const profit = pickProfitCents(pick);
      return isSettled(pick.status) && pick.stakeCents > 0 && profit !== null
        ? [{ pick, profit, at: settledAt(pick) }]
        : [];
    })
    .sort((a, b) => a.at.localeCompare(b.at) || a.pick.id.localeCompare(b.pick.id));
  let staked = 0;
  let profit = 0;
  return settled.map((s, i) => {
    staked += s.pick.stakeCents;
    profit += s.profit;
    return { at: s.at, bets: i + 1, stakedCents: staked, profitCents: profit, roiPct: (profit / staked) * 100 };
  });
}

/**
 * The ROI series as a time chart draws it: one point per settlement instant (epoch seconds), the ROI in percent after
 * it, and the series' point that made it (the last settlement of the instant).
 */
export function roiChartData(series: readonly RoiPoint[]): { times: number[]; rois: number[]; points: RoiPoint[] } {
  const instants = byInstant(series, (p) => Date.parse(p.at) / 1000);
  const points = instants.map((i) => i.points.at(-1)!);
  return { times: instants.map((i) => i.time), rois: points.map((p) => p.roiPct), points };
}

/** Performance per group of a dimension, most staked first. */
export function performanceBy(picks: readonly UserPick[], dimension: Dimension): GroupPerformance[] {
  const groups = new Map<string, { bets: number; staked: number; profit: number; won: number; decided: number }>();
  for (const pick of picks) {
    const profit = pickProfitCents(pick);
    if (!isSettled(pick.status) || pick.stakeCents <= 0 || profit === null) continue;
    const key = keyOf[dimension](pick);
    const group = groups.get(key) ?? { bets: 0, staked: 0, profit: 0, won: 0, decided: 0 };
    group.bets += 1;
    group.staked += pick.stakeCents;
    group.profit += profit;
    if (pick.status === 'won' || pick.status === 'lost') group.decided += 1;
    if (pick.status === 'won') group.won += 1;
    groups.set(key, group);
  }
  return [...groups.entries()]
    .map(([key, g]) => ({
      key,
      bets: g.bets,
      stakedCents: g.staked,
      profitCents: g.profit,
      roiPct: g.staked > 0 ? (g.profit / g.staked) * 100 : null,
      winRatePct: g.decided > 0 ? (g.won / g.decided) * 100 : null,
    }))
    .sort((a, b) => b.stakedCents - a.stakedCents || a.key.localeCompare(b.key));
}

export interface ClvPoint {
  /** YYYY-MM-DD the pick was placed. */
  day: string;
  /** Mean CLV (percent) of the picks placed that day. */
  meanClvPct: number;
  picks: number;
}

export interface ClvSummary {
  picks: number;
  /** Mean CLV in percent, null without picks that have one. */
  meanClvPct: number | null;
  /** Percent of picks whose price beat the closing line (CLV above 0). */
  beatRatePct: number | null;
  series: ClvPoint[];
}

/** Closing-line value over time and its beat rate, from the picks that have a recorded close. */
export function clvSummary(picks: readonly UserPick[]): ClvSummary {
  const withClv = picks.filter((p): p is UserPick & { clv: number } => p.clv !== null);
  const byDay = new Map<string, number[]>();
  for (const pick of withClv) {
    const day = pick.dateAdded.slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), pick.clv]);
  }
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  return {
    picks: withClv.length,
    meanClvPct: withClv.length ? mean(withClv.map((p) => p.clv)) : null,
    beatRatePct: withClv.length ? (withClv.filter((p) => p.clv > 0).length / withClv.length) * 100 : null,
    series: [...byDay.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([day, values]) => ({ day, meanClvPct: mean(values), picks: values.length })),
  };
}

/** The CLV series as a time chart draws it: each day at its UTC midnight in epoch seconds, its mean CLV. */
export function clvChartData(series: readonly ClvPoint[]): { times: number[]; means: number[] } {
  return { times: series.map((p) => Date.parse(`${p.day}T00:00:00Z`) / 1000), means: series.map((p) => p.meanClvPct) };
}
