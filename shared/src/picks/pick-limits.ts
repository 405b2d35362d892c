import type { Plan } from '../domain/accounts/plans';

/**
 * The most picks an account keeps, by plan: a Free account one import's worth (5,000 rows), the paid plans room for
 * years of betting. What is kept is read by the page (the list a page at a time, the export in slices, the statistics
 * in the database), so the figure bounds storage, not any one request.
 */
export const PICKS_PER_PLAN: Readonly<Record<Plan, number>> = { free: 5_000, gold: 25_000, platinum: 100_000 };

/** Picks in one page of GET /api/picks: the default, and the most a caller may ask for. */
export const PICKS_PAGE_SIZE = 100;
export const PICKS_PAGE_MAX = 500;

const PLAN_NAMES: Readonly<Record<Plan, string>> = { free: 'Free', gold: 'Gold', platinum: 'Platinum' };

/** What a pick past the plan's PICKS_PER_PLAN is answered with (409 PICKS_LIMIT). */
export function picksLimitMessage(plan: Plan): string {
  const limit = PICKS_PER_PLAN[plan].toLocaleString('en-US');
  return `Your ${PLAN_NAMES[plan]} plan keeps up to ${limit} picks: delete some${plan === 'platinum' ? '' : ' or upgrade'} to add more.`;
}

/** One page of picks: the picks, and the cursor of the next page (null on the last). */
export interface PagedPicks<T> {
  picks: T[];
  nextCursor: string | null;
}
