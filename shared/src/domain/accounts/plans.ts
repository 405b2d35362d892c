import type { OpsRole } from '../../ops/ops-roles';

/** Subscription plans (spec 000 §1, DECISIONS 1–2). */
export const PLANS = ['free', 'gold', 'platinum'] as const;
export type Plan = (typeof PLANS)[number];

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}

/** Monthly prices in integer cents (DECISIONS 1: Gold $10, Platinum $25 everywhere). */
export const PLAN_PRICE_CENTS: Record<Plan, number> = {
  free: 0,
  gold: 1000,
  platinum: 2500,
};

/** Free-plan odds-data calls per calendar month (spec 000 §9, DECISIONS 2); the server's config may override it. */
export const DEFAULT_FREE_MONTHLY_QUOTA = 250;

/** The demo password shared by the seeded demo accounts (DECISIONS 7); never used in production. */
export const DEMO_PASSWORD = 'oddspulse-demo';

/**
 * One seeded account per plan when DEMO_MODE is on (DECISIONS 7), and one for operations staff: a free
 * plan with the `ops` role, which demo mode grants it as OPS_EMAILS would.
 */
export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; plan: Plan; role?: OpsRole }> = [
  { email: 'free@demo.local', plan: 'free' },
  { email: 'gold@demo.local', plan: 'gold' },
  { email: 'platinum@demo.local', plan: 'platinum' },
  { email: 'ops@demo.local', plan: 'free', role: 'ops' },
];
