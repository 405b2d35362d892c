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
}

export function isSettled(status: PickStatus): status is SettledStatus {
  return status !== 'pending';
}
