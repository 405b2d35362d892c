import { readStored, storedKey, writeStored } from './stored-value';

/**
 * Whether this browser last saw the signed-in user on a paid plan. The boards of a direct visit of /sportsbooks are
 * asked for as the page starts, before /api/me has answered (spec 001 §7: the first odds row soon); they are asked
 * for only when the plan last read for this very user was paid, so a free or operations account never sends a
 * request its plan is refused (DECISIONS 2), and a paid user who has never been seen here waits for the plan first.
 */
export const PAID_PLAN_KEY = 'oddspulse.paidPlan';
/** Plan info (spec 000 §9 cache keys): a cleanup removes it first, and /api/me writes it again on the next load. */
const PAID_PLAN_STORED = storedKey(PAID_PLAN_KEY, 'cache');

interface PaidPlanHint {
  user: string;
  paid: boolean;
}

/** Kept each time /api/me answers. */
export function rememberPaidPlan(storage: Storage | null, userId: string, paid: boolean): void {
  const hint: PaidPlanHint = { user: userId, paid };
  writeStored(PAID_PLAN_STORED, JSON.stringify(hint), storage);
}

/** True only when the plan last read here belongs to `userId` and was paid; an unreadable note is dropped (unknown). */
export function lastSeenPaid(storage: Storage | null, userId: string): boolean {
  const hint = readStored<Partial<PaidPlanHint> | null>(
    storage,
    PAID_PLAN_KEY,
    (raw) => JSON.parse(raw) as Partial<PaidPlanHint> | null,
    null,
  );
  return hint?.user === userId && hint.paid === true;
}
