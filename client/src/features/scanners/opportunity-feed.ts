import {
  arbitrageForUser,
  middleForUser,
  type ArbitrageOpportunity,
  type MiddleOpportunity,
  type OpportunityUpdate,
} from '@oddspulse/shared';
import type { ScannerSettings } from './scanner-settings';

/**
 * The scanners' live list (spec 001 §5): the first load, then each pushed new / updated / gone.
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

export function applyUpdate<T extends Opportunity>(
  feed: readonly FeedItem<T>[],
  update: OpportunityUpdate<T>,
  now: number,
): FeedItem<T>[] {
  const index = feed.findIndex((item) => item.opportunity.id === update.id);
  if (update.action === 'gone') {
    if (index === -1) return [...feed];
    return feed.map((item, i) => (i === index ? { ...item, status: 'gone', since: now } : item));
  }
  const opportunity = update.opportunity;
  if (!opportunity) return [...feed];
  if (index === -1) return [{ opportunity, status: 'new', since: now }, ...feed];
  return feed.map((item, i) => (i === index ? { opportunity, status: 'updated', since: now } : item));
}

/** Drops faded-out items and ends highlights. */
export function settleFeed<T extends Opportunity>(feed: readonly FeedItem<T>[], now: number): FeedItem<T>[] {
  return feed
    .filter((item) => !(item.status === 'gone' && now - item.since >= FADE_MS))
    .map((item) =>
      (item.status === 'new' || item.status === 'updated') && now - item.since >= HIGHLIGHT_MS
        ? { ...item, status: 'current', since: item.since }
        : item,
    );
}

/** The user's inputs on a pushed opportunity: the engine's filters and stake sizing, the same as the server's scanner calls. */
export { arbitrageForUser, middleForUser, type ArbitrageInputs, type MiddleInputs } from '@oddspulse/shared';

/** Seconds since an ISO time at `now` (a leg's age, ticking between pushes). */
export function ageSeconds(iso: string, now: number): number {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : Math.max(0, Math.round((now - t) / 1000));
}

/** Who the scanners size opportunities for: the scanner inputs, bankroll (DOLLARS), book filter and own exchange commission rates. */
export interface ScannerUser {
  inputs: ScannerSettings;
  bankroll: number;
  books: readonly string[];
  /** FRACTIONS by book; an exchange absent keeps the default its legs carry. */
  commission?: Readonly<Record<string, number>>;
}

/** An opportunity as this user sees it (the engine's own rules for their inputs, books and bankroll), or null when filtered out. */
export function opportunityForUser(o: ArbitrageOpportunity, user: ScannerUser): ArbitrageOpportunity | null;
export function opportunityForUser(o: MiddleOpportunity, user: ScannerUser): MiddleOpportunity | null;
export function opportunityForUser(o: Opportunity, user: ScannerUser): Opportunity | null;
export function opportunityForUser(
  o: Opportunity,
  { inputs, bankroll, books, commission }: ScannerUser,
): Opportunity | null {
  return o.type === 'arbitrage'
    ? arbitrageForUser(o, { minProfit: inputs.minProfit, maxStake: inputs.maxStake, bankroll, books, commission })
    : middleForUser(o, {
        minGap: inputs.minGap,
        minProbability: inputs.minProbability,
        maxStake: inputs.middleStake,
        bankroll,
        books,
        commission,
      });
}

/** The feed as this user sees it, best first (arbitrage by profit, middles by probability). */
export function sizedForUser(feed: readonly FeedItem<Opportunity>[], user: ScannerUser): FeedItem<Opportunity>[] {
  const result: FeedItem<Opportunity>[] = [];
  for (const item of feed) {
    const sized = opportunityForUser(item.opportunity, user);
    if (sized) result.push({ ...item, opportunity: sized });
  }
  return result.sort((a, b) =>
    a.opportunity.type === 'arbitrage' && b.opportunity.type === 'arbitrage'
      ? b.opportunity.profitPct - a.opportunity.profitPct
      : (b.opportunity as MiddleOpportunity).probability - (a.opportunity as MiddleOpportunity).probability,
  );
}

/**
 * How many opportunities the user would see (at their inputs and books) that `matches` (the page's search) leaves out:
 * an empty list says the search, not the market, keeps them out.
 */
export function shownOutside(
  feed: readonly FeedItem<Opportunity>[],
  matches: (opportunity: Opportunity) => boolean,
  user: ScannerUser,
): number {
  return feed.filter(
    (item) =>
      item.status !== 'gone' && !matches(item.opportunity) && opportunityForUser(item.opportunity, user) !== null,
  ).length;
}

/**
 * How many opportunities the user's inputs would show with every book that their book filter hides (DECISIONS 28):
 * the empty or thin scanner says so and offers "Show all books". Zero without a book filter.
 */
export function hiddenByBooks(feed: readonly FeedItem<Opportunity>[], user: ScannerUser): number {
  if (user.books.length === 0) return 0;
  const shown = (books: readonly string[]) =>
    feed.filter((item) => item.status !== 'gone' && opportunityForUser(item.opportunity, { ...user, books }) !== null);
  return shown([]).length - shown(user.books).length;
}
