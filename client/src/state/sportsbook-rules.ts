import { SPORTSBOOKS, selectableSportsbooks, type PlanAccess, type Sportsbook } from '@oddspulse/shared';
import { usePlan } from './session-state';

export interface BookGroups {
  popular: Sportsbook[];
  dfs: Sportsbook[];
  other: Sportsbook[];
}

/** The my-sportsbooks groups (spec 000 §2): popular, DFS apps and "Other Sportsbooks". */
export function groupSportsbooks(books: readonly Sportsbook[] = SPORTSBOOKS): BookGroups {
  return {
    popular: books.filter((b) => b.popular && !b.isDFS),
    dfs: books.filter((b) => b.isDFS),
    other: books.filter((b) => !b.popular && !b.isDFS),
  };
}

/**
 * The catalogue books a plan may see and select (DECISIONS 27, the shared rule), in catalogue order; while the plan
 * is loading, the free plan's (the server filters by the plan in force anyway).
 */
export function planSportsbooks(access: PlanAccess | null): Sportsbook[] {
  const allowed = new Set(selectableSportsbooks(access ?? { plan: 'free', unlimited: false }));
  return SPORTSBOOKS.filter((b) => allowed.has(b.key));
}

/** The signed-in user's plan books, for the odds and scanner filters. */
export function usePlanSportsbooks(): Sportsbook[] {
  const plan = usePlan();
  return planSportsbooks(plan.status === 'ready' ? { plan: plan.info.plan, unlimited: plan.info.unlimited } : null);
}
