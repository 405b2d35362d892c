import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  americanToDecimal,
  computePickStats,
  isValidAmerican,
  UserPick,
  PickStats,
  PickStatus,
  settlementPayoutCents,
  SettledStatus,
} from '@oddspulse/shared';
import { NewPickRow, PickRow, PicksRepository, PickSort } from './picks.repository';

export const PICK_PERIODS = { '7d': 7, '30d': 30, '90d': 90 } as const;
export type PickPeriod = keyof typeof PICK_PERIODS;

export interface NewPick {
  clientId?: string;
  game: string;
  league: string;
  sport?: string | null;
  market: string;
  selection: string;
  odds: string;
  bookmaker?: string | null;
  stakeCents: number;
  potentialCents?: number | null;
  type?: 'single' | 'parlay';
  edge?: number | null;
  note?: string | null;
  eventId?: string | null;
  commenceTime?: string | null;
  dateAdded?: string;
  status?: PickStatus;
  actualPayoutCents?: number | null;
}

export interface ManualSettlement {
  status: SettledStatus;
  /** What the user says a won pick actually paid, in cents; kept to whole dollars (spec 002 §4). */
  actualPayoutCents?: number;
}

/** American odds text ("+150", "-110") as a number, or null when it is not a valid American price. */
export function parseAmerican(odds: string): number | null {
  const value = Number(odds.trim().replace(/^\+/, ''));
  return Number.isFinite(value) && isValidAmerican(value) ? value : null;
}

/** stake × decimal odds, to the cent (half up); null when the odds are unreadable. */
export function potentialPayoutCents(stakeCents: number, odds: string): number | null {
  const american = parseAmerican(odds);
  return american === null ? null : Math.round(stakeCents * americanToDecimal(american));
}

export function toPick(row: PickRow): UserPick {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: row.id,
    game: row.game,
    league: row.league,
    sport: row.sport,
    market: row.market,
    selection: row.selection,
    odds: row.odds,
    bookmaker: row.bookmaker,
    stakeCents: row.stake_cents,
    potentialCents: row.potential_cents,
    actualPayoutCents: row.actual_payout_cents,
    status: row.status,
    type: row.type,
    edge: row.edge,
    note: row.note,
    eventId: row.event_id,
    commenceTime: iso(row.commence_time),
    dateAdded: row.date_added.toISOString(),
    settledDate: iso(row.settled_date),
    validatedAt: iso(row.validated_at),
    validatedBy: row.validated_by,
    validationConfidence: row.validation_confidence,
    espnGameId: row.espn_game_id,
    closingOdds: row.closing_odds,
    clv: row.clv,
  };
}

function profitCents(pick: UserPick): number {
  return pick.status === 'pending' ? 0 : (pick.actualPayoutCents ?? 0) - pick.stakeCents;
}

const SORTS: Record<PickSort, (a: UserPick, b: UserPick) => number> = {
  date: (a, b) => b.dateAdded.localeCompare(a.dateAdded),
  profit: (a, b) => profitCents(b) - profitCents(a),
  odds: (a, b) => (parseAmerican(b.odds) === null ? 0 : americanToDecimal(parseAmerican(b.odds)!)) - (parseAmerican(a.odds) === null ? 0 : americanToDecimal(parseAmerican(a.odds)!)),
  sport: (a, b) => a.league.localeCompare(b.league) || b.dateAdded.localeCompare(a.dateAdded),
};

export function periodStart(period: PickPeriod, now: Date): Date {
  return new Date(now.getTime() - PICK_PERIODS[period] * 86_400_000);
}

@Injectable()
export class PicksService {
  constructor(private readonly picks: PicksRepository) {}

  /** The chosen period alone selects the list (DECISIONS 20). */
  async list(userId: string, options: { period: PickPeriod; status?: PickStatus; sort: PickSort }, now = new Date()): Promise<UserPick[]> {
    const rows = await this.picks.list(userId, { since: periodStart(options.period, now), status: options.status });
    return rows.map(toPick).sort(SORTS[options.sort]);
  }

  async stats(userId: string, period: PickPeriod, now = new Date()): Promise<PickStats> {
    const rows = await this.picks.list(userId, { since: periodStart(period, now) });
    return computePickStats(
      rows.map((row) => ({
        status: row.status,
        stakeCents: row.stake_cents,
        payoutCents: row.actual_payout_cents,
        league: row.league,
        edge: row.edge,
        clv: row.clv,
        dateAdded: row.date_added.toISOString(),
        settledAt: (row.settled_date ?? row.validated_at)?.toISOString() ?? null,
      })),
    );
  }

  async create(userId: string, input: NewPick): Promise<UserPick> {
    return toPick(await this.picks.create(this.toRow(userId, input)));
  }

  /** Manual won / lost / push (spec 002 §4): only a pending pick, and a win's payout in whole dollars. */
  async settleManually(userId: string, id: string, input: ManualSettlement, now = new Date()): Promise<UserPick> {
    const current = await this.picks.find(userId, id);
    if (!current) throw new NotFoundException('Pick not found');
    if (current.status !== 'pending') throw new ConflictException(`This pick is already ${current.status}`);
    let payout = settlementPayoutCents(input.status, current.stake_cents, current.potential_cents);
    if (input.status === 'won' && input.actualPayoutCents !== undefined) payout = Math.round(input.actualPayoutCents / 100) * 100;
    const updated = await this.picks.settle(id, { status: input.status, actual_payout_cents: payout, validated_at: now }, userId);
    if (!updated) throw new ConflictException('This pick was settled in the meantime');
    return toPick(updated);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.picks.delete(userId, id))) throw new NotFoundException('Pick not found');
  }

  /**
   * Imports the browser's oss_my_picks_v1 list once per user (DECISIONS 18); picks already present by
   * their browser id are skipped. A second call imports nothing.
   */
  async importOnce(userId: string, list: NewPick[]): Promise<{ imported: number; skipped: number; alreadyImported: boolean }> {
    const outcome = await this.picks.importOnce(userId, async (trx) => {
      let imported = 0;
      for (const item of list) {
        if (await this.picks.createIfNew(this.toRow(userId, item), trx)) imported += 1;
      }
      return { imported, skipped: list.length - imported, result: null };
    });
    if (!outcome) return { imported: 0, skipped: list.length, alreadyImported: true };
    return { imported: outcome.imported, skipped: outcome.skipped, alreadyImported: false };
  }

  private toRow(userId: string, input: NewPick): NewPickRow {
    if (input.stakeCents < 0) throw new BadRequestException('Stake cannot be negative');
    const status = input.status ?? 'pending';
    const potential = input.potentialCents ?? potentialPayoutCents(input.stakeCents, input.odds);
    return {
      user_id: userId,
      client_id: input.clientId ?? null,
      game: input.game.trim(),
      league: input.league.trim(),
      sport: input.sport ?? null,
      market: input.market.trim(),
      selection: input.selection.trim(),
      odds: input.odds.trim(),
      bookmaker: input.bookmaker ?? null,
      stake_cents: input.stakeCents,
      potential_cents: potential,
      status,
      actual_payout_cents: status === 'pending' ? null : (input.actualPayoutCents ?? settlementPayoutCents(status, input.stakeCents, potential)),
      type: input.type ?? 'single',
      edge: input.edge ?? null,
      note: input.note ?? null,
      event_id: input.eventId ?? null,
      commence_time: input.commenceTime ?? null,
      date_added: input.dateAdded ?? new Date(),
    };
  }
}
