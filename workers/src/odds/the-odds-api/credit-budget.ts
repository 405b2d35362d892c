/**
 * The Odds API credit budget. Each call costs markets × regions credits (per event for event odds); the
 * remaining balance comes back on every response (x-requests-remaining/used/last). Below the reserve
 * only the priority sports and the polls of live and about-to-start games (`urgent`: the scheduler's polls by event
 * id) keep spending, so the credits left go to what matters most.
 */
import type { OddsApiCredits } from '@oddspulse/core';

export interface BudgetRules {
  reserve: number;
  prioritySports: readonly string[];
}

export type BudgetDecision = { allowed: true } | { allowed: false; reason: string };

/** Credits one call costs: one per market per region (The Odds API's usage rule). */
export function oddsCallCost(markets: number, regions: number): number {
  return Math.max(1, markets) * Math.max(1, regions);
}

export function budgetDecision(
  state: OddsApiCredits,
  rules: BudgetRules,
  sport: string,
  cost: number,
  urgent = false,
): BudgetDecision {
  if (state.remaining === null) return { allowed: true };
  if (state.remaining < cost) {
    return {
      allowed: false,
      reason: `${state.remaining} credits left, ${cost} needed: polling stopped until the quota resets`,
    };
  }
  if (state.remaining - cost < rules.reserve && !urgent && !rules.prioritySports.includes(sport)) {
    return {
      allowed: false,
      reason: `${state.remaining} credits left, below the reserve of ${rules.reserve}: low-priority sport paused`,
    };
  }
  return { allowed: true };
}

/** Reads the usage headers; absent headers (as on a 401) leave the state unknown for that field. */
export function creditsFromHeaders(headers: Headers): OddsApiCredits | null {
  const read = (name: string) => {
    const value = headers.get(name);
    if (value === null || value.trim() === '') return null;
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  };
  const state = {
    remaining: read('x-requests-remaining'),
    used: read('x-requests-used'),
    last: read('x-requests-last'),
  };
  return state.remaining === null && state.used === null && state.last === null ? null : state;
}
