import {
  formatMoney,
  BET_SLIP_MESSAGES,
  dollarsToCents,
  MIN_BET_CENTS,
  parseAmerican,
  pickProfitCents,
  type PickStatus,
  type PickStatusFilter,
  type UserPick,
  wholeDollarsToCents,
} from '@oddspulse/shared';
import { byInstant } from '../../ui/charts/chart-time';
import type { LocalPicksImportAnswer } from './picks-api';
import { formatAmericanOdds, type OddsDisplayFormat } from '../../format/odds-format';

/** The browser list imported once on sign-in (spec 002 §3, DECISIONS 18). */
export const LOCAL_PICKS_KEY = 'oss_my_picks_v1';
/** Spec 002 §9: the validation banner stays 5 seconds. */
export const VALIDATION_BANNER_MS = 5000;

export function autoValidatedMessage(count: number): string {
  return `Auto-validated ${count} bet(s)`;
}

/** When a pick was settled: automatically, else by hand, else (imported settled) when it was added. */
export function settledAt(pick: Pick<UserPick, 'settledDate' | 'validatedAt' | 'dateAdded'>): string {
  return pick.settledDate ?? pick.validatedAt ?? pick.dateAdded;
}

export interface ProfitPoint {
  at: string;
  pickId: string;
  selection: string;
  odds: string;
  status: PickStatus;
  profitCents: number;
  cumulativeCents: number;
}

/** Cumulative profit over time: the settled picks in order of settlement, each adding its profit. */
export function cumulativeProfitSeries(picks: readonly UserPick[]): ProfitPoint[] {
  const settled = picks
    .filter((p) => p.status !== 'pending')
    .map((p) => ({ pick: p, at: settledAt(p) }))
    .sort((a, b) => a.at.localeCompare(b.at) || a.pick.id.localeCompare(b.pick.id));
  let total = 0;
  return settled.map(({ pick, at }) => {
    const profit = pickProfitCents(pick) ?? 0;
    total += profit;
    return {
      at,
      pickId: pick.id,
      selection: pick.selection,
      odds: pick.odds,
      status: pick.status,
      profitCents: profit,
      cumulativeCents: total,
    };
  });
}

/**
 * A profit series as a time chart draws it: one point per settlement instant (epoch seconds), the running total in
 * cents after it, and the settlements of each instant (picks validated together share one).
 */
export function profitChartData(series: readonly ProfitPoint[]): {
  times: number[];
  totals: number[];
  settlements: ProfitPoint[][];
} {
  const instants = byInstant(series, (p) => Date.parse(p.at) / 1000);
  return {
    times: instants.map((i) => i.time),
    totals: instants.map((i) => i.points.at(-1)!.cumulativeCents),
    settlements: instants.map((i) => i.points),
  };
}

/**
 * The settlements under the chart's crosshair in words, their odds in the user's format: "Bills 10/11 won +$9.09, total
 * +$9.09"; several at one instant are listed before the total they make.
 */
export function describeProfitPoints(points: readonly ProfitPoint[], format: OddsDisplayFormat): string {
  const picks = points.map(
    (p) =>
      `${p.selection} ${formatPickOdds(p.odds, format)} ${statusLabel(p.status).toLowerCase()} ${formatMoney(p.profitCents, { signed: true })}`,
  );
  const last = points.at(-1);
  return last ? `${picks.join('; ')}, total ${formatMoney(last.cumulativeCents, { signed: true })}` : '';
}

/**
 * Applies picks the server settled (a `picks.settled` push, a manual settle) to the list on screen: each is
 * replaced by id, and dropped when the status filter no longer admits it. Picks not on screen are ignored
 * (they belong to another period or filter; the next load shows them).
 */
export function applySettledPicks(
  list: readonly UserPick[],
  settled: readonly UserPick[],
  status: PickStatusFilter,
): UserPick[] {
  const byId = new Map(settled.map((p) => [p.id, p]));
  return list.flatMap((pick) => {
    const next = byId.get(pick.id);
    if (!next) return [pick];
    if (status !== 'all' && next.status !== status) return [];
    return [next];
  });
}

/** A pick's odds (stored American) in the user's odds format; as written when they are not American odds. */
export function formatPickOdds(odds: string, format: OddsDisplayFormat): string {
  const american = parseAmerican(odds);
  return american === null ? odds : formatAmericanOdds(american, format);
}

export function statusLabel(status: PickStatus): string {
  return status === 'push' ? 'Push' : status[0].toUpperCase() + status.slice(1);
}

/**
 * What the user is told once a browser list of `given` items has been imported (DECISIONS 18): the picks added, or that
 * the account had them all already (the list was imported before, in this browser or from another), or that none could
 * be read.
 */
export function localPicksImportedToast(
  given: number,
  answer: LocalPicksImportAnswer,
): { type: 'success' | 'info' | 'warning'; message: string } {
  if (answer.imported > 0) {
    const skipped = answer.skipped > 0 ? ` (${answer.skipped} already there or unreadable, skipped)` : '';
    return {
      type: 'success',
      message: `Imported ${answer.imported} pick(s) from this browser into My Picks${skipped}`,
    };
  }
  if (answer.alreadyImported)
    return { type: 'info', message: 'The picks saved in this browser were already in My Picks' };
  return {
    type: 'warning',
    message: `None of the ${given} pick(s) saved in this browser could be read: none was imported`,
  };
}

/**
 * The list found in the browser under oss_my_picks_v1: null when absent, unreadable or empty (nothing to
 * import). Items are sent as they are; the server validates them.
 */
export function readLocalPicks(raw: string | null): unknown[] | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    console.warn(`${LOCAL_PICKS_KEY} is not JSON; it is left in place`, error);
    return null;
  }
  return Array.isArray(parsed) && parsed.length > 0 ? parsed : null;
}

/**
 * A stake typed on a pick, in dollars: the slip's rule, at least $1 (spec 001 §5, message verbatim) once rounded to the
 * cent, as the server records it (dollarsToCents, DECISIONS 25: 0.995 is $1.00). The number to send as typed, or the
 * message to show: the server rounds it to the cent, once, from the decimal; rounding here too made 1.005 $1.00
 * (Math.round(1.005 * 100) is 100) where the server makes it $1.01.
 */
export function readStakeInput(text: string): { stake: number } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: 'Enter a stake' };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { error: 'Enter a stake in dollars, such as 25 or 12.50' };
  if ((dollarsToCents(value) ?? 0) < MIN_BET_CENTS) return { error: BET_SLIP_MESSAGES.minimumBet };
  return { stake: value };
}

/**
 * What the payout typed on a pick to win records: spec 002 §4, §9 keep a hand-entered payout to whole dollars (the
 * input steps by cents), rounded half-up once by the server's rule (wholeDollarsToCents), so the card says so before
 * Won is pressed rather than showing $191.00 paid for $190.60 typed.
 */
export function payoutHint(text: string): string {
  const cents = text.trim() === '' ? null : wholeDollarsToCents(text);
  return cents === null ? 'Kept to whole dollars' : `Kept to whole dollars: recorded as ${formatMoney(cents)}`;
}
