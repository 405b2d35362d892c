import type { PickAmounts } from '../picks/pick';
import { settledPayoutCents } from '../picks/settlement';
import { pickStatsFromTotals, type PickStats, type PickTotals } from '../picks/stats';

/** What the statistics need of a pick; money in integer cents. */
export interface StatsPick extends PickAmounts {
  league: string;
  bookmaker: string | null;
  market: string;
  edge: number | null;
  clv: number | null;
  dateAdded: string;
  /** When it was settled (automatically or by hand); orders the streaks. */
  settledAt: string | null;
}

/**
 * The statistics of spec 002 §3 worked out from the picks themselves, one by one: the oracle of the database's sums
 * (PicksRepository.statsTotals and statsStreaks feed pickStatsFromTotals on the server). Streaks follow the order of
 * settlement: the current streak is the run of equal results ending at the latest settled pick, pushes skipped; the
 * best streak is the longest run of wins (DECISIONS 21).
 */
export function computePickStats(picks: readonly StatsPick[]): PickStats {
  const groups = new Map<string, PickTotals>();
  for (const pick of picks) {
    const month = pick.dateAdded.slice(0, 7);
    const league = pick.league || 'Other';
    const book = pick.bookmaker || 'Other';
    const market = pick.market || 'Other';
    const key = `${month}|${league}|${book}|${market}|${pick.status}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        month,
        league,
        book,
        market,
        status: pick.status,
        bets: 0,
        stakedCents: 0,
        returnsCents: 0,
        edgeSum: 0,
        edgeCount: 0,
        clvSum: 0,
        clvCount: 0,
        beatCloseCount: 0,
      };
      groups.set(key, group);
    }
    group.bets += 1;
    group.stakedCents += pick.stakeCents;
    group.returnsCents += settledPayoutCents(pick) ?? 0;
    if (pick.edge !== null) {
      group.edgeSum += pick.edge;
      group.edgeCount += 1;
    }
    if (pick.clv !== null) {
      group.clvSum += pick.clv;
      group.clvCount += 1;
      if (pick.clv > 0) group.beatCloseCount += 1;
    }
  }

  const decided = picks
    .filter((p) => p.status === 'won' || p.status === 'lost')
    .sort((a, b) => (a.settledAt ?? a.dateAdded).localeCompare(b.settledAt ?? b.dateAdded));
  let best = 0;
  let run = 0;
  for (const pick of decided) {
    run = pick.status === 'won' ? run + 1 : 0;
    best = Math.max(best, run);
  }
  let current = 0;
  const last = decided[decided.length - 1];
  for (let i = decided.length - 1; i >= 0 && decided[i].status === last.status; i -= 1) current += 1;
  return pickStatsFromTotals([...groups.values()], {
    best,
    current,
    type: last ? (last.status === 'won' ? 'win' : 'loss') : null,
  });
}
