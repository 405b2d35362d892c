import type { ArbitrageOpportunity, EvBet, MiddleOpportunity } from './opportunities';
import { hasPaidPlan, hasPlatinum, type PlanAccess } from './accounts/entitlements';
import { marketLabel, selectionText, signedPoint } from './market-labels';
import { isPlayerPropMarket } from './odds';
import { STEAM_MARKET_LABELS, type SteamAlert, type SteamPrice } from './steam';
import { describePriceTarget, type PriceTarget, type PriceTargetHit } from './price-targets';
import { canonicalBookKey, isDfsBook } from './books/sportsbooks';
import { SCANNER_EXCLUDED_BOOKS } from '../engine/opportunities/opportunity-legs';
import { isSoftBook } from '../steam/steam-rules';

/**
 * Alert rules: what a user asks to be told about with the tab closed, and the pure decision
 * whether an opportunity detection found or updated fires a rule. The workers evaluate with it; the API and the
 * /alerts page use the same plan gates and messages.
 */
export const ALERT_KINDS = ['arbitrage', 'middle', 'ev', 'steam', 'price_target'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_CHANNELS = ['webhook', 'push', 'email'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
export type AlertDeliveryStatus = 'pending' | 'sent' | 'failed' | 'skipped';

/** Quiet hours: minutes of the day in the rule's IANA time zone; start > end wraps midnight (22:00–07:00). */
export interface QuietHours {
  start: number;
  end: number;
  timeZone: string;
}

/**
 * What evaluation needs of a rule. `min` is PERCENT: profit (arbitrage), middle probability (middle), EV (ev), the best
 * stale price's EV (steam); a price target has none (0).
 */
export interface AlertRuleCriteria {
  kind: AlertKind;
  min: number;
  /** Empty: any sport. */
  sports: string[];
  /**
   * Empty: any book; otherwise every leg (or the +EV bet's book) must be one of these; for steam, one of the books still
   * at the old price; for a price target, the books where it may be met.
   */
  books: string[];
  maxLegAgeSeconds: number | null;
  quietHours: QuietHours | null;
  /** The user's own exchange commission rates (FRACTIONS by book; see opportunityAtRates); absent: the defaults. */
  commission?: Readonly<Record<string, number>>;
  /** A price target rule's game, market, side, line and price; null for every other kind. */
  target: PriceTarget | null;
}

/** A rule as the API answers it. `secret` (the webhook signing secret) is in the answer that created it only. */
export interface AlertRule extends Omit<AlertRuleCriteria, 'commission'> {
  id: string;
  webhookUrl: string | null;
  push: boolean;
  email: boolean;
  /** Set when the webhook was disabled after repeated failures; `notice` says why. */
  webhookDisabledAt: string | null;
  notice: string | null;
  createdAt: string;
  secret?: string;
}

export interface AlertDelivery {
  id: number;
  opportunityId: string;
  channel: AlertChannel;
  status: AlertDeliveryStatus;
  reason: string | null;
  attempts: number;
  summary: AlertSummary;
  createdAt: string;
  updatedAt: string;
}

/** What every channel says about one opportunity (the push notification, the webhook's text, a digest line). */
export interface AlertSummary {
  kind: AlertKind;
  opportunityId: string;
  sport: string;
  game: string;
  title: string;
  text: string;
  /** The app path that opens the opportunity. */
  path: string;
  commenceTime: string;
  /** The book's own link to the bet (steam: the best stale book; a price target: the best book meeting it). */
  link?: string;
  /** The figure the rule's minimum is compared with (alertValue, PERCENT): orders what the hourly cap held. */
  value?: number;
}

export type AlertOpportunity = ArbitrageOpportunity | MiddleOpportunity | EvBet | SteamAlert;

/** Messages of the alerts API and page. */
export const AlertMessages = {
  platinumRequired: 'Arbitrage, middle and steam alerts come with Platinum.',
  goldRequired: '+EV and price target alerts come with Gold or Platinum.',
  noChannel: 'Choose at least one way to be alerted: a webhook, push or e-mail.',
  webhookInvalid: 'The webhook URL must be an http(s) URL.',
  webhookHttpsRequired: 'The webhook URL must use https.',
  webhookPrivate: 'The webhook URL must point at a public address (not loopback or a private network).',
  webhookUnresolvable: 'The webhook URL’s host could not be resolved.',
  ruleNotFound: 'Alert rule not found.',
  pushUnavailable: 'Push notifications are not configured on this server.',
  tooManyRules: 'You can have at most 20 alert rules.',
  targetRequired: 'A price target needs its game, market, side and price.',
  targetNotAllowed: 'Only a price target alert takes a target.',
  targetPointRequired: 'A spread or total target needs its line.',
  targetGameNotFound: 'That game is not on the board: choose one of the games listed.',
  targetOutcomeInvalid: 'Choose a side the game offers: one of its teams, or Over or Under.',
  webhookDisabledNotice: (failures: number, reason: string) =>
    `The webhook was disabled after ${failures} failed deliveries in a row (last: ${reason}). Save the rule to turn it back on.`,
} as const;

export const MAX_ALERT_RULES = 20;

/** After the user replaces the webhook signing secret, the old one signs beside the new one this long. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

/** The kinds Gold has; every other kind is Platinum's. */
const GOLD_ALERT_KINDS: readonly AlertKind[] = ['ev', 'price_target'];

/** Platinum for arbitrage, middles and steam (the scanners' plan), Gold (or Platinum) for +EV and price targets. */
export function canUseAlertKind(access: PlanAccess, kind: AlertKind): boolean {
  return GOLD_ALERT_KINDS.includes(kind) ? hasPaidPlan(access) : hasPlatinum(access);
}

/** Why a user with `access` is not sent alerts of `kind` (the plan gate's message), or null when they are. */
export function alertKindRefusal(access: PlanAccess, kind: AlertKind): string | null {
  if (canUseAlertKind(access, kind)) return null;
  return GOLD_ALERT_KINDS.includes(kind) ? AlertMessages.goldRequired : AlertMessages.platinumRequired;
}

/**
 * Whether a rule of `kind` can fire at `book` (a catalogue key or alias): whether the kind's alerts are ever at it. An
 * arbitrage's or middle's legs are never at a DFS app or ProphetX (SCANNER_EXCLUDED_BOOKS, spec 001 §5); a steam alert's
 * books are the soft books still at the old price, never a sharp book, the exchange that confirms or a DFS app
 * (isSoftBook, DECISIONS 34); a price target is never met at a DFS app; a +EV bet may be at any book.
 */
export function alertRuleTakesBook(kind: AlertKind, book: string): boolean {
  switch (kind) {
    case 'arbitrage':
    case 'middle':
      return !SCANNER_EXCLUDED_BOOKS.includes(canonicalBookKey(book));
    case 'steam':
      return isSoftBook(book);
    case 'price_target':
      return !isDfsBook(book);
    case 'ev':
      return true;
  }
}

/** Minutes of the day at `now` in `timeZone` (an unknown zone reads as UTC). */
export function minuteOfDay(now: number, timeZone: string): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  } catch {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  }
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

/** Whether `now` falls in the quiet hours (start inclusive, end exclusive; start > end wraps midnight). */
export function inQuietHours(quiet: QuietHours | null, now: number): boolean {
  if (!quiet || quiet.start === quiet.end) return false;
  const m = minuteOfDay(now, quiet.timeZone);
  return quiet.start < quiet.end ? m >= quiet.start && m < quiet.end : m >= quiet.start || m < quiet.end;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The figure `min` is compared with, PERCENT. */
export function alertValue(opportunity: AlertOpportunity): number {
  if (!('type' in opportunity)) return opportunity.evPct;
  if (opportunity.type === 'steam') return opportunity.bestEvPct;
  return opportunity.type === 'arbitrage' ? opportunity.profitPct : opportunity.probability;
}

function kindOf(opportunity: AlertOpportunity): AlertKind {
  return 'type' in opportunity ? opportunity.type : 'ev';
}

/** Every leg (the +EV bet's book) at one of `books`; for steam, one of the books still at the old price. */
function inBooks(opportunity: AlertOpportunity, books: readonly string[]): boolean {
  if ('type' in opportunity && opportunity.type === 'steam')
    return opportunity.staleBooks.some((stale) => books.includes(stale.book));
  const legs = 'legs' in opportunity ? opportunity.legs.map((leg) => leg.book) : [opportunity.book];
  return legs.every((book) => books.includes(book));
}

export type AlertVerdict =
  | { fires: true }
  | { fires: false; reason: 'plan' | 'kind' | 'below_min' | 'sport' | 'book' | 'leg_age' | 'quiet_hours' };

/**
 * Whether `opportunity` fires `rule` for a user with `access` at `now`. Once-per-rule and the
 * per-user rate cap need the deliveries, so the workers apply them on top.
 */
export function evaluateAlertRule(
  rule: AlertRuleCriteria,
  opportunity: AlertOpportunity,
  access: PlanAccess,
  now: number,
): AlertVerdict {
  if (kindOf(opportunity) !== rule.kind) return { fires: false, reason: 'kind' };
  if (!canUseAlertKind(access, rule.kind)) return { fires: false, reason: 'plan' };
  if (alertValue(opportunity) < rule.min) return { fires: false, reason: 'below_min' };
  if (rule.sports.length && !rule.sports.includes(opportunity.sport)) return { fires: false, reason: 'sport' };
  if (rule.books.length && !inBooks(opportunity, rule.books)) return { fires: false, reason: 'book' };
  if (rule.maxLegAgeSeconds !== null && opportunity.ageSeconds > rule.maxLegAgeSeconds)
    return { fires: false, reason: 'leg_age' };
  if (inQuietHours(rule.quietHours, now)) return { fires: false, reason: 'quiet_hours' };
  return { fires: true };
}

function american(price: number): string {
  return `${price > 0 ? '+' : ''}${price}`;
}

function pct(value: number): string {
  return `${Math.round(value * 100) / 100}%`;
}

/** What an alert's link selects on the odds page (client/src/features/odds/alert-link.ts reads it back). */
export interface AlertLink {
  /** The odds page section; Straight Bets when absent. */
  mode?: 'game' | 'props' | 'arbitrage' | 'middles' | 'steam';
  sport: string;
  market: string;
  /** The bet's book, the legs' books, or the books still at the old price. */
  books: readonly string[];
  /** The game, searched by its home team. */
  homeTeam: string;
  opportunity?: string;
}

/**
 * The odds page path of a link: the section, then the sport, market and books it selects (so a filter on NFL, say, or
 * books without the bet's own does not leave the page empty), the game's search and the opportunity.
 */
export function alertLinkPath(link: AlertLink): string {
  const parts = [
    ...(link.mode ? [`mode=${link.mode}`] : []),
    `sport=${encodeURIComponent(link.sport)}`,
    `market=${encodeURIComponent(link.market)}`,
    `books=${link.books.map(encodeURIComponent).join(',')}`,
    `q=${encodeURIComponent(link.homeTeam)}`,
    ...(link.opportunity ? [`opportunity=${encodeURIComponent(link.opportunity)}`] : []),
  ];
  return `/sportsbooks?${parts.join('&')}`;
}

/**
 * The app path that opens the opportunity's scanner, or for +EV the odds page's section that lists the bet (Player
 * Props for a prop, else Straight Bets), on its sport, market, books and game.
 */
export function alertPath(opportunity: AlertOpportunity): string {
  const kind = kindOf(opportunity);
  const mode =
    'type' in opportunity
      ? kind === 'arbitrage' || kind === 'steam'
        ? kind
        : 'middles'
      : isPlayerPropMarket(opportunity.market)
        ? 'props'
        : 'game';
  let books: string[];
  if (!('type' in opportunity)) books = [opportunity.book];
  else if (opportunity.type === 'steam') books = opportunity.staleBooks.map((stale) => stale.book);
  else books = opportunity.legs.map((leg) => leg.book);
  return alertLinkPath({
    mode,
    sport: opportunity.sport,
    // a +EV price, the market its book lists it in (alternate_spreads where the bet names spreads): the table selects it
    market: 'type' in opportunity ? opportunity.market : opportunity.listedMarket,
    books: [...new Set(books)],
    homeTeam: opportunity.homeTeam,
    opportunity: opportunity.id,
  });
}

/** One summary every channel words its message from. */
export function alertSummary(opportunity: AlertOpportunity): AlertSummary {
  const kind = kindOf(opportunity);
  let title: string;
  let detail: string;
  // the web's wording (market-labels.ts): a prop's player, a spread's sign; a back/lay's lay leg is not a back bet at
  // that price, and says so
  const legs = (o: ArbitrageOpportunity | MiddleOpportunity) =>
    o.legs
      .map(
        (leg) =>
          `${leg.lay ? 'Lay ' : ''}${selectionText({ outcome: leg.outcome, point: leg.point, player: leg.description })} ${american(leg.price)} at ${leg.bookTitle}`,
      )
      .join(' / ');
  let link: string | undefined;
  if ('type' in opportunity && opportunity.type === 'steam') {
    const best = opportunity.staleBooks[0];
    const { origin } = opportunity;
    // a spread's line signed, as the web's steam card shows it (api.md "E-mail digest": a spread's signed line)
    const spread = opportunity.market === 'spreads';
    const quote = (p: SteamPrice) =>
      `${p.point === undefined ? '' : `${signedPoint(p.point, spread)} `}${american(p.price)}`;
    title = `Steam ${opportunity.side} ${STEAM_MARKET_LABELS[opportunity.market].toLowerCase()}: ${opportunity.game}`;
    detail =
      `${origin.bookTitle} ${quote(origin.from)} → ${quote(origin.to)}; ` +
      `still ${quote(best)} at ${best.bookTitle} (EV ${pct(best.evPct)})`;
    link = best.link;
  } else if (!('type' in opportunity)) {
    title = `+EV ${pct(opportunity.evPct)}: ${opportunity.game}`;
    detail = `${selectionText({ outcome: opportunity.outcome, point: opportunity.point, player: opportunity.description })} ${american(opportunity.price)} at ${opportunity.bookTitle} (fair ${american(opportunity.fairPrice)})`;
  } else if (opportunity.type === 'arbitrage') {
    title = `Arbitrage ${pct(opportunity.profitPct)}: ${opportunity.game}`;
    detail = legs(opportunity);
  } else {
    // the chance of landing in the middle, not a profit: worded as the scanner card words it
    title = `Middle, ${pct(opportunity.probability)} middle chance: ${opportunity.game}`;
    detail = legs(opportunity);
  }
  return {
    kind,
    opportunityId: opportunity.id,
    sport: opportunity.sport,
    game: opportunity.game,
    title,
    text: `${title} (${marketLabel(opportunity.market)}): ${detail}${link ? ` ${link}` : ''}`,
    value: alertValue(opportunity),
    path: alertPath(opportunity),
    commenceTime: opportunity.commenceTime,
    ...(link ? { link } : {}),
  };
}

/**
 * What every channel says when a price target is met (its `crossing`-th time): the target, and the best book meeting
 * it with its link. The opportunity id names the rule and the crossing, so each crossing is delivered once.
 */
export function priceTargetSummary(
  ruleId: string,
  crossing: number,
  target: PriceTarget,
  hits: readonly PriceTargetHit[],
): AlertSummary {
  const best = hits[0];
  // a spread's line signed, as in the target's own wording (describePriceTarget)
  const line = best.point === undefined ? '' : `${signedPoint(best.point, target.market === 'spreads')} `;
  const others = hits.length > 1 ? ` (and ${hits.length - 1} more)` : '';
  const title = `Price target: ${describePriceTarget(target)}`;
  return {
    kind: 'price_target',
    opportunityId: `price-target:${ruleId}:${crossing}`,
    sport: target.sport,
    game: target.game,
    title,
    text: `${title} (${target.game}): ${line}${american(best.price)} at ${best.bookTitle}${others}${best.link ? ` ${best.link}` : ''}`,
    path: alertLinkPath({
      sport: target.sport,
      market: target.market,
      books: [...new Set(hits.map((hit) => hit.book))],
      homeTeam: target.homeTeam,
    }),
    commenceTime: target.commenceTime,
    ...(best.link ? { link: best.link } : {}),
  };
}

/** Parses "HH:MM" to minutes of the day; null when it is not a time. */
export function parseClock(value: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export function formatClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
