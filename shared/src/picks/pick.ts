import { commissionOf, netPayoutCents } from '../engine/odds/commission';
import { payoutCents } from '../engine/odds/money';
import { americanToDecimal, isValidAmerican } from '../engine/odds/odds-format';
import type { UnsettledReason } from './settlement';

/** Pick statuses: spec 002 §3 plus `push` (DECISIONS 19). Only `pending` may change, and only forward. */
export const PICK_STATUSES = ['pending', 'won', 'lost', 'push'] as const;
export type PickStatus = (typeof PICK_STATUSES)[number];
export type SettledStatus = Exclude<PickStatus, 'pending'>;

/** A pick as the API returns it (spec 002 §3). Money is in integer cents. */
export interface UserPick {
  id: string;
  game: string;
  league: string;
  sport: string | null;
  market: string;
  selection: string;
  /** American odds as text, as the user saw them (spec 002 §3). */
  odds: string;
  bookmaker: string | null;
  stakeCents: number;
  potentialCents: number | null;
  actualPayoutCents: number | null;
  status: PickStatus;
  type: 'single' | 'parlay';
  /** Edge in percent at the time of adding. */
  edge: number | null;
  note: string | null;
  eventId: string | null;
  /** When the game starts, if known. */
  commenceTime: string | null;
  dateAdded: string;
  settledDate: string | null;
  validatedAt: string | null;
  validatedBy: string | null;
  validationConfidence: number | null;
  espnGameId: string | null;
  /** Closing price at the same book (or the fair closing line), American, for CLV. */
  closingOdds: number | null;
  /** Closing-line value in percent: how much better the taken price was than the close. */
  clv: number | null;
  /** Why a pending pick is not settled yet, once settlement has looked at it; null otherwise. */
  unsettledReason: UnsettledReason | null;
}

/**
 * A pick as POST /api/picks takes it (spec 002 §3): the pick's own fields, money in integer cents; the server fills in
 * the rest (id, status, dates, the payout from its price when none is given: pickPotentialCents).
 */
export type NewPick = Pick<UserPick, 'game' | 'league' | 'market' | 'selection' | 'odds' | 'stakeCents'> &
  Partial<
    Pick<UserPick, 'sport' | 'bookmaker' | 'potentialCents' | 'type' | 'edge' | 'note' | 'eventId' | 'commenceTime'>
  > & {
    /**
     * What the pick returns per unit staked if it wins, when the sender priced it (the bet slip does): its exact decimal
     * price, net of an exchange's commission at the user's rate, a parlay's legs multiplied. `odds` are a whole American
     * number, which a parlay's or an exchange's price seldom is: a stake set or changed later is paid at this.
     */
    payoutDecimal?: number | null;
  };

export function isSettled(status: PickStatus): status is SettledStatus {
  return status !== 'pending';
}

/** American odds text ("+150", "-110") as a number, or null when it is not a valid American price. */
export function parseAmerican(odds: string): number | null {
  const value = Number(odds.trim().replace(/^\+/, ''));
  return Number.isFinite(value) && isValidAmerican(value) ? value : null;
}

/**
 * What a pick returns if it wins: stake × decimal odds, half-up to the cent as the books pay (DECISIONS 25), net of
 * `commission` (FRACTION) at an exchange (commission.ts); null when the odds are unreadable.
 */
export function pickPayoutCents(stakeCents: number, odds: string, commission = 0): number | null {
  const american = parseAmerican(odds);
  return american === null ? null : netPayoutCents(stakeCents, americanToDecimal(american), commission);
}

/**
 * What a pick returns if it wins at `stakeCents`, the one rule for a pick saved without a payout and for a stake set or
 * changed later: at its exact price when it has one (payoutDecimal, half-up once as the books pay, DECISIONS 25), else
 * from its odds at its book's default commission (pickPayoutCents); null when the odds are unreadable. Re-priced from
 * the odds alone, a $100 parlay of two −110 legs saved at $364.46 became $364.00 (its "+264").
 */
export function pickPotentialCents(
  stakeCents: number,
  pick: { odds: string; bookmaker: string | null; payoutDecimal: number | null },
): number | null {
  if (pick.payoutDecimal !== null) return payoutCents(stakeCents, pick.payoutDecimal);
  return pickPayoutCents(stakeCents, pick.odds, pickCommission(pick.bookmaker));
}

/**
 * The commission a pick's winnings pay at its book, at the exchange's default: a pick keeps the book as the slip
 * names it, and the exchanges' feed names (Betfair, Matchbook, Smarkets) read as their keys. 0 for anything else.
 */
export function pickCommission(bookmaker: string | null | undefined): number {
  return bookmaker ? commissionOf(bookmaker) : 0;
}

/** The money of a pick that its payout and profit are worked out from, in cents. */
export type PickAmounts = Pick<UserPick, 'status' | 'stakeCents' | 'potentialCents' | 'actualPayoutCents'>;

/** The tracker's periods (spec 002 §9), each the days it reaches back; the period alone selects the list (DECISIONS 20). */
export const PICK_PERIODS = ['7d', '30d', '90d'] as const;
export type PickPeriod = (typeof PICK_PERIODS)[number];
export const DEFAULT_PICK_PERIOD: PickPeriod = '30d';
const PICK_PERIOD_DAYS: Record<PickPeriod, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** When a period starts, counted back from `now`. */
export function pickPeriodStart(period: PickPeriod, now: Date): Date {
  return new Date(now.getTime() - PICK_PERIOD_DAYS[period] * 86_400_000);
}

/** The tracker's status filter and sorts (spec 002 §9). */
export const PICK_STATUS_FILTERS = ['all', ...PICK_STATUSES] as const;
export type PickStatusFilter = (typeof PICK_STATUS_FILTERS)[number];
export const PICK_SORTS = ['date', 'profit', 'odds', 'sport'] as const;
export type PickSort = (typeof PICK_SORTS)[number];
