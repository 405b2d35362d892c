import type { Plan } from './plans';
import { AccountMessages } from './accounts';
import { SPORTSBOOKS, canonicalBookKey, findSportsbook } from '../books/sportsbooks';

/**
 * What a user's plan allows (spec 000 §6, 001 §6, DECISIONS 2, 5, 14). Pure, so the server's guards,
 * the socket gateway and the client all decide the same way.
 */
export interface PlanAccess {
  plan: Plan;
  /** An admin flag: "Platinum, or a plan flagged unlimited, passes any guard" (spec 000 §6). */
  unlimited: boolean;
}

export interface PlanStateLike {
  plan: Plan;
  status: 'active' | 'trialing' | 'past_due' | 'canceled' | 'incomplete';
  current_period_end: Date | null;
  /** Set to end with its period (a cancel, DECISIONS 3): no renewal comes. */
  cancel_at_period_end: boolean;
  /** A gifted month (DECISIONS 4): it never renews. */
  is_gifted: boolean;
  unlimited: boolean;
}

/**
 * How long a subscription that renews keeps its plan past its period's end while the renewal is not yet recorded
 * (spec 000 §1: billing is monthly and auto-renewing). Stripe renews at the period's end and says so by webhook, in
 * seconds. A webhook that is lost is made up by the workers: the customers whose renewal is due are read from Stripe
 * hourly, and every customer daily (BILLING_RECONCILE_INTERVAL_MS); the local gateway renews a subscription when it is
 * read. Two days cover the daily run that comes within a day of the period's end, and one more should Stripe be away
 * for that one and for the hourly reads. A failed payment (past due), a cancel at the period's end, a gift, or a
 * subscription Stripe ended get none.
 */
export const RENEWAL_GRACE_MS = 2 * 86_400_000;

/** Statuses under which a paid plan holds (spec 000 §1): Stripe billing it, in its trial, or retrying a failed payment. */
const LIVE_STATUSES: readonly string[] = ['active', 'trialing', 'past_due'];
/** Statuses of a subscription that renews by itself at its period's end when it is not set to end. */
export const RENEWING_STATUSES = ['active', 'trialing'] as const;

/** What decides how long a paid period gives access: a plan state's, or a Stripe subscription's as billing reads it. */
export interface PaidPeriod {
  status: string;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  is_gifted: boolean;
}

/**
 * How long a paid period gives access, the one rule for every place that decides a plan (plan states and Stripe
 * subscriptions alike): `live`, whether its status gives any; `until`, when that ends by itself (null: only a change
 * of state ends it). A period set to end, a gift's month and a past-due subscription end at the period's end; a
 * subscription that renews, at its end plus the renewal grace, by which its renewal is recorded (and the period moved
 * on) unless Stripe ended it.
 */
export function paidAccess(period: PaidPeriod): { live: boolean; until: Date | null } {
  if (!LIVE_STATUSES.includes(period.status)) return { live: false, until: null };
  const end = period.current_period_end;
  if (!end) return { live: true, until: null };
  const renews =
    (RENEWING_STATUSES as readonly string[]).includes(period.status) &&
    !period.cancel_at_period_end &&
    !period.is_gifted;
  return { live: true, until: renews ? new Date(end.getTime() + RENEWAL_GRACE_MS) : end };
}

/** Whether the period gives access at `now` (paidAccess). */
export function isPaidPeriodLive(period: PaidPeriod, now: Date): boolean {
  const { live, until } = paidAccess(period);
  return live && (until === null || until.getTime() > now.getTime());
}

/**
 * The plan in force now. A paid plan holds while its subscription is active, trialing or past due (Stripe is retrying)
 * and its access has not ended (paidAccess): cancel-at-period-end and gifts keep it until the period's end, a
 * subscription that renews until its renewal is recorded, for the renewal grace at most.
 */
export function effectivePlan(state: PlanStateLike | null | undefined, now: Date = new Date()): PlanAccess {
  if (!state) return { plan: 'free', unlimited: false };
  return { plan: isPaidPeriodLive(state, now) ? state.plan : 'free', unlimited: state.unlimited };
}

/**
 * When the plan in force now lapses by itself: the end of the paid period it holds by (a gift's month, a canceled
 * subscription's period; a renewing one's with the renewal grace). Null when only a change of the plan state can
 * change it (free, or no period end).
 */
export function accessLapsesAt(state: PlanStateLike | null | undefined, now: Date = new Date()): Date | null {
  if (!state || state.plan === 'free' || !isPaidPeriodLive(state, now)) return null;
  return paidAccess(state).until;
}

/** The plan in force now and when it lapses by itself (null: only a change of the plan state can change it). */
export interface CurrentAccess {
  access: PlanAccess;
  until: Date | null;
}

/** A user's plan row as the accounts queries read it; a query joining it gives nulls for a user who never had one. */
export interface PlanColumns {
  plan: Plan | null;
  status: PlanStateLike['status'] | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean | null;
  is_gifted: boolean | null;
  unlimited: boolean | null;
}

/**
 * Plan row → access, the one place it is done (sessions, API keys, the plan service and, through the plan-changed
 * message, the socket gateway all call it): no row, or a row without plan and status, is the free plan.
 */
export function currentAccess(row: PlanColumns | null | undefined, now: Date = new Date()): CurrentAccess {
  const state: PlanStateLike | null =
    row?.plan && row.status
      ? {
          plan: row.plan,
          status: row.status,
          current_period_end: row.current_period_end,
          cancel_at_period_end: row.cancel_at_period_end ?? false,
          is_gifted: row.is_gifted ?? false,
          unlimited: row.unlimited ?? false,
        }
      : null;
  return { access: effectivePlan(state, now), until: accessLapsesAt(state, now) };
}

/** Gold or Platinum (or unlimited): passes the paid-plan guard. */
export function hasPaidPlan(access: PlanAccess): boolean {
  return access.unlimited || access.plan === 'gold' || access.plan === 'platinum';
}

/** Platinum means plan equals platinum or unlimited true (spec 000 §6, 001 §6). */
export function hasPlatinum(access: PlanAccess): boolean {
  return access.unlimited || access.plan === 'platinum';
}

/** DECISIONS 2: only the free plan is metered. */
export function isMetered(access: PlanAccess): boolean {
  return !hasPaidPlan(access);
}

/** What a gated page, section, endpoint or feed asks of the plan (spec 000 §6 requiresPaidPlan, requiresPlatinum). */
export type PlanGate = 'paid' | 'platinum';

/**
 * The one table of which feature needs which plan (spec 000 §6 roles; 001 §2 sections; DECISIONS 14 feeds, 34 steam
 * sold with the scanners). The server's guards, the socket's feeds and the client's guards and sections all read it,
 * so a page cannot tell a user a feature needs another plan than the server asks for.
 */
export const PLAN_GATES = {
  odds: 'paid',
  props: 'paid',
  arbitrage: 'platinum',
  middles: 'platinum',
  steam: 'platinum',
  analytics: 'platinum',
  apiKeys: 'platinum',
} as const satisfies Record<string, PlanGate>;
export type GatedFeature = keyof typeof PLAN_GATES;

/** Whether the plan passes a gate: Platinum (or unlimited) passes any (spec 000 §6). */
export function passesGate(access: PlanAccess, gate: PlanGate): boolean {
  return gate === 'platinum' ? hasPlatinum(access) : hasPaidPlan(access);
}

/** What a plan guard shows a plan that does not pass its gate, verbatim (spec 000 §6 guards). */
export const PLAN_GATE_PANELS: Record<PlanGate, { title: string; text: string; action: string; to: string }> = {
  paid: {
    title: 'Subscription Required',
    text: 'This feature requires a Gold or Platinum subscription.',
    action: 'Choose Your Plan',
    to: '/subscribe',
  },
  platinum: {
    title: 'Platinum Plan Required',
    text: AccountMessages.platinumRequired,
    action: 'Upgrade to Platinum',
    to: '/pricing',
  },
};

/** Live socket feeds (DECISIONS 14): scores and reactions are public; the others as the plan-gate table says. */
export const LIVE_FEEDS = ['scores', 'reactions', 'odds', 'props', 'arbitrage', 'middles', 'steam'] as const;
export type LiveFeed = (typeof LIVE_FEEDS)[number];

export function allowedLiveFeeds(access: PlanAccess | null): LiveFeed[] {
  return LIVE_FEEDS.filter((feed) =>
    feed === 'scores' || feed === 'reactions' ? true : access !== null && passesGate(access, PLAN_GATES[feed]),
  );
}

export function canUseLiveFeed(access: PlanAccess | null, feed: LiveFeed): boolean {
  return allowedLiveFeeds(access).includes(feed);
}

/**
 * Book access per plan, the one rule (DECISIONS 27): free sees the popular books and the DFS apps; Gold and
 * Platinum see every book of the catalogue, as the plans are sold. Pricing, My Sportsbooks, the odds and
 * scanner filters, REST and the socket all read it through the functions below.
 */
export function seesEveryBook(access: PlanAccess): boolean {
  return hasPaidPlan(access);
}

/** Whether the plan may see and select a catalogue book (unknown keys: never). */
export function canToggleSportsbook(access: PlanAccess, key: string): boolean {
  const book = findSportsbook(key);
  if (!book) return false;
  return seesEveryBook(access) || book.popular || book.isDFS;
}

/** The plan's books as pricing words them: "Popular sportsbooks and DFS apps", or "25+ sportsbooks" (the catalogue rounded down to 5). */
export function planBooksCopy(access: PlanAccess): string {
  return seesEveryBook(access)
    ? `${Math.floor(SPORTSBOOKS.length / 5) * 5}+ sportsbooks`
    : 'Popular sportsbooks and DFS apps';
}

/** Catalogue keys the plan may select, in catalogue order. */
export function selectableSportsbooks(access: PlanAccess): string[] {
  return SPORTSBOOKS.filter((b) => canToggleSportsbook(access, b.key)).map((b) => b.key);
}

export interface SportsbookSelectionCheck {
  /** Canonical keys, deduplicated, in the order given. */
  keys: string[];
  unknown: string[];
  notAllowed: string[];
}

/** Canonicalises a requested selection and names what is unknown or beyond the plan. */
export function checkSportsbookSelection(access: PlanAccess, requested: readonly string[]): SportsbookSelectionCheck {
  const keys: string[] = [];
  const unknown: string[] = [];
  const notAllowed: string[] = [];
  for (const raw of requested) {
    const key = canonicalBookKey(raw);
    if (keys.includes(key) || unknown.includes(raw) || notAllowed.includes(key)) continue;
    if (!findSportsbook(key)) unknown.push(raw);
    else if (!canToggleSportsbook(access, key)) notAllowed.push(key);
    else keys.push(key);
  }
  return { keys, unknown, notAllowed };
}

/** Keeps the stored books the plan still allows (a downgrade to free hides the paid books without deleting them). */
export function sportsbooksAllowedNow(access: PlanAccess, stored: readonly string[]): string[] {
  return uniqueKeys(stored).filter((key) => canToggleSportsbook(access, key));
}

/** The stored catalogue books the plan hides now, in their stored order: the other side of `sportsbooksAllowedNow`. */
export function sportsbooksHiddenByPlan(access: PlanAccess, stored: readonly string[]): string[] {
  return uniqueKeys(stored).filter((key) => findSportsbook(key) !== undefined && !canToggleSportsbook(access, key));
}

/**
 * The books to store when a user saves `chosen` (books the plan allows, as `checkSportsbookSelection` kept them) over
 * `stored`: the chosen ones, then the stored ones the plan hides. My Sportsbooks shows and sends only the books the plan
 * allows, so a downgraded user's save, a bankroll-only one too, would otherwise delete the hidden books that are the
 * user's books again on an upgrade (DECISIONS 27, 36); an allowed book left out of `chosen` is removed.
 */
export function sportsbooksToStore(access: PlanAccess, chosen: readonly string[], stored: readonly string[]): string[] {
  return [...chosen, ...sportsbooksHiddenByPlan(access, stored).filter((key) => !chosen.includes(key))];
}

function uniqueKeys(stored: readonly string[]): string[] {
  return stored.map(canonicalBookKey).filter((key, i, all) => all.indexOf(key) === i);
}
