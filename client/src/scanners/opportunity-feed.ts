import {
  arbitrageStakes,
  arbitrageTotalStakeCents,
  canonicalBookKey,
  middleOutcomes,
  middleTotalStakeCents,
  type ArbitrageOpportunity,
  type MiddleOpportunity,
  type OpportunityUpdate,
} from '@oddspulse/shared';

/**
 * The scanners' live list (issue 8, spec 001 §5): the first load, then each pushed new / updated / gone.
 * New ones are marked so they can be highlighted, updated ones change in place, gone ones fade out before
 * they are removed. Detection publishes at the loosest thresholds; each user's inputs apply here, with the
 * engine's stake split for the user's max stake and bankroll.
 */
export type Opportunity = ArbitrageOpportunity | MiddleOpportunity;

export interface FeedItem<T extends Opportunity> {
  opportunity: T;
  /** 'new' for a while after it arrived over the socket, 'gone' while it fades out. */
  status: 'current' | 'new' | 'updated' | 'gone';
  /** When the status was set (ms). */
  since: number;
}

/** How long a new/updated highlight and a fade-out last. */
export const HIGHLIGHT_MS = 3000;
export const FADE_MS = 1500;

export function initialFeed<T extends Opportunity>(list: readonly T[], now: number): FeedItem<T>[] {
  return list.map((opportunity) => ({ opportunity, status: 'current', since: now }));
}

export function applyUpdate<T extends Opportunity>(feed: readonly FeedItem<T>[], update: OpportunityUpdate, now: number): FeedItem<T>[] {
  const index = feed.findIndex((item) => item.opportunity.id === update.id);
  if (update.action === 'gone') {
    if (index === -1) return [...feed];
    return feed.map((item, i) => (i === index ? { ...item, status: 'gone', since: now } : item));
  }
  const opportunity = update.opportunity as T | undefined;
  if (!opportunity) return [...feed];
  if (index === -1) return [{ opportunity, status: 'new', since: now }, ...feed];
  return feed.map((item, i) => (i === index ? { opportunity, status: 'updated', since: now } : item));
}

/** Drops faded-out items and ends highlights. */
export function settleFeed<T extends Opportunity>(feed: readonly FeedItem<T>[], now: number): FeedItem<T>[] {
  return feed
    .filter((item) => !(item.status === 'gone' && now - item.since >= FADE_MS))
    .map((item) => ((item.status === 'new' || item.status === 'updated') && now - item.since >= HIGHLIGHT_MS ? { ...item, status: 'current', since: item.since } : item));
}

export interface ArbitrageInputs {
  minProfit: number;
  maxStake: number;
  bankroll: number;
  books: readonly string[];
}

export interface MiddleInputs {
  minGap: number;
  minProbability: number;
  maxStake: number;
  bankroll: number;
  books: readonly string[];
}

const inBooks = (o: Opportunity, books: readonly string[]) => {
  if (!books.length) return true;
  const allowed = new Set(books.map(canonicalBookKey));
  return o.legs.every((leg) => allowed.has(canonicalBookKey(leg.book)));
};

/** An arbitrage at the user's inputs: hidden below the minimum profit or outside the books; stakes re-split. */
export function arbitrageForUser(o: ArbitrageOpportunity, inputs: ArbitrageInputs): ArbitrageOpportunity | null {
  if (o.profitPct < inputs.minProfit || !inBooks(o, inputs.books)) return null;
  const split = arbitrageStakes(o.legs.map((l) => l.decimal), arbitrageTotalStakeCents(inputs.bankroll, inputs.maxStake));
  return {
    ...o,
    totalStake: split.totalCents / 100,
    profitAmount: split.guaranteedProfitCents / 100,
    legs: o.legs.map((leg, i) => ({ ...leg, stake: split.stakesCents[i] / 100, payout: split.payoutsCents[i] / 100 })),
  };
}

/** A middle at the user's inputs: gap and probability minimums, books, stake min(max stake, 10 % bankroll) split 50/50. */
export function middleForUser(o: MiddleOpportunity, inputs: MiddleInputs): MiddleOpportunity | null {
  if (o.gap < inputs.minGap || o.probability < inputs.minProbability || !inBooks(o, inputs.books) || o.legs.length !== 2) return null;
  const total = middleTotalStakeCents(inputs.bankroll, inputs.maxStake);
  const outcome = middleOutcomes([o.legs[0].decimal, o.legs[1].decimal], total);
  return {
    ...o,
    totalStake: total / 100,
    maxProfit: outcome.bestCaseCents / 100,
    worstCase: outcome.worstCaseCents / 100,
    legs: o.legs.map((leg, i) => ({ ...leg, stake: outcome.stakesCents[i] / 100, payout: Math.floor(outcome.stakesCents[i] * leg.decimal + 1e-9) / 100 })),
  };
}

/** Seconds since an ISO time at `now` (a leg's age, ticking between pushes). */
export function ageSeconds(iso: string, now: number): number {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : Math.max(0, Math.round((now - t) / 1000));
}
