import type { EvBet } from '@oddspulse/shared';
import { isLive, localDay } from '../odds/filters/filters';

/**
 * The dashboard's recommended bets (spec 001 §5 dashboard recommendations, DECISIONS 13): the real EV of the
 * user's books, today's games only; at most 5 candidates, 3 shown, 6 books in the comparison. Confidence
 * follows the edge: High above 8, Medium above 4, else Low.
 */
export const MAX_CANDIDATES = 5;
export const MAX_SHOWN = 3;
export const COMPARE_BOOKS = 6;

export type Confidence = 'High' | 'Medium' | 'Low';

export function confidenceOf(edgePct: number): Confidence {
  return edgePct > 8 ? 'High' : edgePct > 4 ? 'Medium' : 'Low';
}

export function isToday(commenceTime: string, now: number): boolean {
  const start = Date.parse(commenceTime);
  return !Number.isNaN(start) && (localDay(start) === localDay(now) || isLive(commenceTime, now));
}

/**
 * The best +EV bets of today's games: one per outcome (its best book), highest EV first. DFS apps are left
 * out, and so are prices flagged stale or suspect: a recommendation must be one a user can really bet.
 */
export function recommendations(bets: readonly EvBet[], now: number): EvBet[] {
  const best = new Map<string, EvBet>();
  for (const bet of bets) {
    if (
      bet.isDfs ||
      !(bet.evPct > 0) ||
      !isToday(bet.commenceTime, now) ||
      bet.flags.includes('stale') ||
      bet.flags.includes('suspect')
    )
      continue;
    const key = `${bet.eventId}|${bet.market}|${bet.description ?? ''}|${bet.outcome}|${bet.point ?? ''}`;
    const held = best.get(key);
    if (!held || bet.evPct > held.evPct) best.set(key, bet);
  }
  return [...best.values()].sort((a, b) => b.evPct - a.evPct).slice(0, MAX_CANDIDATES);
}
