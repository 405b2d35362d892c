import { Injectable } from '@nestjs/common';
import {
  americanToDecimal,
  computePickStats,
  parseAmerican,
  pickCommission,
  pickPayoutCents,
  pickPeriodStart,
  pickProfitCents,
  NewPick,
  UserPick,
  PickPeriod,
  PickSort,
  PickStats,
  PickStatus,
  PICKS_PER_PLAN,
  picksLimitMessage,
  type Plan,
  pickToCsvRow,
  settlementPayoutCents,
  SettledStatus,
} from '@oddspulse/shared';
import { NewPickRow, PICKS_IMPORT_CHUNK, PicksRepository, toPick } from '@oddspulse/core';
import { ApiErrors } from '../errors/api-errors';
import { readPicksCsv, writePicksCsv, type CsvLineError } from './picks-csv';

export interface CsvImportResult {
  added: number;
  duplicates: number;
  errors: CsvLineError[];
}

/** A pick to write: POST /api/picks's body, or an imported one with its browser id, date and outcome. */
export interface PickInput extends NewPick {
  clientId?: string;
  dateAdded?: string;
  status?: PickStatus;
  actualPayoutCents?: number | null;
}

/** Whose picks: the account, and the plan that sets how many it keeps (PICKS_PER_PLAN). */
export interface PickOwner {
  id: string;
  plan: Plan;
}

const picksLimit = (plan: Plan) =>
  ApiErrors.conflict(picksLimitMessage(plan), 'PICKS_LIMIT', { limit: PICKS_PER_PLAN[plan] });

export interface ManualSettlement {
  status: SettledStatus;
  /** What the user says a won pick actually paid, in cents; kept to whole dollars (spec 002 §4). */
  actualPayoutCents?: number;
}

const SORTS: Record<PickSort, (a: UserPick, b: UserPick) => number> = {
  date: (a, b) => b.dateAdded.localeCompare(a.dateAdded),
  // a pending pick has no profit yet and sorts with the break-evens
  profit: (a, b) => (pickProfitCents(b) ?? 0) - (pickProfitCents(a) ?? 0),
  odds: (a, b) =>
    (parseAmerican(b.odds) === null ? 0 : americanToDecimal(parseAmerican(b.odds)!)) -
    (parseAmerican(a.odds) === null ? 0 : americanToDecimal(parseAmerican(a.odds)!)),
  sport: (a, b) => a.league.localeCompare(b.league) || b.dateAdded.localeCompare(a.dateAdded),
};

@Injectable()
export class PicksService {
  constructor(private readonly picks: PicksRepository) {}

  /** The chosen period alone selects the list (DECISIONS 20). */
  async list(
    userId: string,
    options: { period: PickPeriod; status?: PickStatus; sort: PickSort },
    now = new Date(),
  ): Promise<UserPick[]> {
    const rows = await this.picks.list(userId, { since: pickPeriodStart(options.period, now), status: options.status });
    return rows.map(toPick).sort(SORTS[options.sort]);
  }

  async stats(userId: string, period: PickPeriod, now = new Date()): Promise<PickStats> {
    const rows = await this.picks.list(userId, { since: pickPeriodStart(period, now) });
    return computePickStats(
      rows.map((row) => ({
        status: row.status,
        stakeCents: row.stake_cents,
        potentialCents: row.potential_cents,
        actualPayoutCents: row.actual_payout_cents,
        league: row.league,
        edge: row.edge,
        clv: row.clv,
        dateAdded: row.date_added.toISOString(),
        settledAt: (row.settled_date ?? row.validated_at)?.toISOString() ?? null,
      })),
    );
  }

  /** A new pick, while the account keeps fewer than its plan's PICKS_PER_PLAN (409 PICKS_LIMIT past it). */
  async create(owner: PickOwner, input: PickInput): Promise<UserPick> {
    const row = this.toRow(owner.id, input);
    return toPick(
      await this.picks.transaction(async (trx) => {
        if ((await this.picks.lockForAdding(owner.id, trx)) >= PICKS_PER_PLAN[owner.plan]) throw picksLimit(owner.plan);
        return this.picks.create(row, trx);
      }),
    );
  }

  /** Manual won / lost / push (spec 002 §4): only a pending pick, and a win's payout in whole dollars. */
  async settleManually(userId: string, id: string, input: ManualSettlement, now = new Date()): Promise<UserPick> {
    const current = await this.picks.find(userId, id);
    if (!current) throw ApiErrors.notFound('Pick not found');
    if (current.status !== 'pending') throw ApiErrors.conflict(`This pick is already ${current.status}`);
    let payout = settlementPayoutCents(input.status, current.stake_cents, current.potential_cents);
    if (input.status === 'won' && input.actualPayoutCents !== undefined)
      payout = Math.round(input.actualPayoutCents / 100) * 100;
    const updated = await this.picks.settle(
      id,
      { status: input.status, actual_payout_cents: payout, validated_at: now },
      userId,
    );
    if (!updated) throw ApiErrors.conflict('This pick was settled in the meantime');
    return toPick(updated);
  }

  /**
   * The stake of a pending pick ("Add to My Picks" saves a pick without one, and nothing could set it later).
   * The payout follows from the pick's odds; a settled pick keeps the money it was settled with.
   */
  async setStake(userId: string, id: string, stakeCents: number): Promise<UserPick> {
    const current = await this.picks.find(userId, id);
    if (!current) throw ApiErrors.notFound('Pick not found');
    if (current.status !== 'pending') throw ApiErrors.conflict(`This pick is already ${current.status}`);
    const updated = await this.picks.setStake(
      userId,
      id,
      stakeCents,
      pickPayoutCents(stakeCents, current.odds, pickCommission(current.bookmaker)),
    );
    if (!updated) throw ApiErrors.conflict('This pick was settled in the meantime');
    return toPick(updated);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.picks.delete(userId, id))) throw ApiErrors.notFound('Pick not found');
  }

  /** The list's picks (its filters and sort) as CSV: the columns of PICK_CSV_COLUMNS, one row per pick. */
  async exportCsv(
    userId: string,
    options: { period: PickPeriod; status?: PickStatus; sort: PickSort },
    now = new Date(),
  ): Promise<string> {
    const rows = await this.picks.list(userId, { since: pickPeriodStart(options.period, now), status: options.status });
    const byId = new Map(rows.map((row) => [row.id, row.client_id]));
    const picks = rows.map(toPick).sort(SORTS[options.sort]);
    return writePicksCsv(picks.map((pick) => pickToCsvRow({ ...pick, clientId: byId.get(pick.id) ?? null })));
  }

  /**
   * Imports a CSV file of picks: all of it or, when any line is wrong, none of it (400 CSV_INVALID naming the first
   * CSV_LISTED_ERRORS bad lines, `more` counting the rest), in one transaction: a row the database refuses leaves
   * nothing imported either. A row the user already has (by its id, or by what it says when it has none) is a duplicate
   * and is not added again, so importing the same file twice adds nothing. Inserted set-based, a chunk at a time. An
   * import that would take the account past its plan's PICKS_PER_PLAN is refused whole (409 PICKS_LIMIT).
   */
  async importCsv(owner: PickOwner, text: string): Promise<CsvImportResult> {
    const { rows, errors, more } = await readPicksCsv(text);
    if (errors.length) {
      const lines = errors.map((e) => `line ${e.line}: ${e.message}`);
      if (more) lines.push(`and ${more} more ${more === 1 ? 'line' : 'lines'}`);
      throw ApiErrors.validation(lines.join('\n'), 'CSV_INVALID', { errors, more });
    }
    const added = await this.picks.transaction(async (trx) => {
      const kept = await this.picks.lockForAdding(owner.id, trx);
      let inserted = 0;
      for (let start = 0; start < rows.length; start += PICKS_IMPORT_CHUNK) {
        const chunk = rows.slice(start, start + PICKS_IMPORT_CHUNK).map(({ key, pick }) => ({
          ...this.toRow(owner.id, { ...pick, clientId: key }),
          validated_at: pick.status === 'pending' || !pick.settledAt ? null : new Date(pick.settledAt),
          closing_odds: pick.closingOdds,
          clv: pick.clv,
        }));
        inserted += await this.picks.importChunk(owner.id, chunk, trx);
      }
      if (kept + inserted > PICKS_PER_PLAN[owner.plan]) throw picksLimit(owner.plan);
      return inserted;
    });
    return { added, duplicates: rows.length - added, errors: [] };
  }

  /**
   * Imports the browser's oss_my_picks_v1 list once per user (DECISIONS 18); picks already present by
   * their browser id are skipped. A second call imports nothing.
   */
  async importOnce(
    owner: PickOwner,
    list: PickInput[],
  ): Promise<{ imported: number; skipped: number; alreadyImported: boolean }> {
    const outcome = await this.picks.importOnce(owner.id, async (trx) => {
      const kept = await this.picks.lockForAdding(owner.id, trx);
      // a chunk of rows made and written at a time, as the CSV import does: 5,000 made at once held the event loop
      let imported = 0;
      for (let start = 0; start < list.length; start += PICKS_IMPORT_CHUNK) {
        const rows = list.slice(start, start + PICKS_IMPORT_CHUNK).map((item) => this.toRow(owner.id, item));
        imported += await this.picks.createManyIfNew(rows, trx);
      }
      if (kept + imported > PICKS_PER_PLAN[owner.plan]) throw picksLimit(owner.plan);
      return { imported, skipped: list.length - imported, result: null };
    });
    if (!outcome) return { imported: 0, skipped: list.length, alreadyImported: true };
    return { imported: outcome.imported, skipped: outcome.skipped, alreadyImported: false };
  }

  private toRow(userId: string, input: PickInput): NewPickRow {
    if (input.stakeCents < 0) throw ApiErrors.validation('Stake cannot be negative');
    const status = input.status ?? 'pending';
    const potential =
      input.potentialCents ?? pickPayoutCents(input.stakeCents, input.odds, pickCommission(input.bookmaker));
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
      actual_payout_cents:
        status === 'pending'
          ? null
          : (input.actualPayoutCents ?? settlementPayoutCents(status, input.stakeCents, potential)),
      type: input.type ?? 'single',
      edge: input.edge ?? null,
      note: input.note ?? null,
      event_id: input.eventId ?? null,
      commence_time: input.commenceTime ?? null,
      date_added: input.dateAdded ?? new Date(),
    };
  }
}
