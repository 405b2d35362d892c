import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import {
  bookKeyOf,
  pickPotentialCents,
  wholeDollarsToCents,
  pickPeriodStart,
  NewPick,
  UserPick,
  PickPeriod,
  PICK_SORTS,
  PickSort,
  PickStats,
  pickStatsFromTotals,
  PickStatus,
  PICKS_PER_PLAN,
  picksLimitMessage,
  type PagedPicks,
  type Plan,
  pickToCsvRow,
  recordedPayoutCents,
  settlementPayoutCents,
  SettledStatus,
} from '@oddspulse/shared';
import {
  isPickPosition,
  NewPickRow,
  PICKS_IMPORT_CHUNK,
  type PickPosition,
  PicksRepository,
  toPick,
} from '@oddspulse/core';
import { ApiErrors } from '../errors/api-errors';
import { picksCsvHeader, readPicksCsv, writePicksCsvRows, type CsvLineError } from './picks-csv';

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
  /**
   * What the user says a won pick actually paid, in dollars as given: kept to whole dollars (spec 002 §4), rounded from
   * these dollars once, never from cents already rounded (DECISIONS 25).
   */
  actualPayout?: number;
}

/** Picks read at a time for an export: each slice is a page of the list, written out before the next is read. */
export const EXPORT_SLICE = 500;

/** The list's filters and sort (DECISIONS 20: the chosen period alone selects the list). */
export interface PickListOptions {
  period: PickPeriod;
  status?: PickStatus;
  sort: PickSort;
}

/** A page's cursor: the sort it belongs to and the position of the page's last pick, as opaque text. */
function encodeCursor(sort: PickSort, position: PickPosition): string {
  return Buffer.from(JSON.stringify([sort, position.key, position.at, position.id])).toString('base64url');
}

const cursorShape = z.tuple([z.enum(PICK_SORTS), z.string().max(64).nullable(), z.string(), z.string().uuid()]);

/** The position a cursor names, when it is one this API gave for `sort` (isPickPosition); a 400 otherwise. */
function decodeCursor(sort: PickSort, cursor: string): PickPosition {
  let parsed: z.infer<typeof cursorShape> | null;
  try {
    parsed = cursorShape.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString()));
  } catch {
    parsed = null;
  }
  const position = parsed && parsed[0] === sort ? { key: parsed[1], at: parsed[2], id: parsed[3] } : null;
  if (!position || !isPickPosition(sort, position))
    throw ApiErrors.validation('cursor: not a cursor of this list; start again without it', 'INVALID_CURSOR');
  return position;
}

@Injectable()
export class PicksService {
  constructor(private readonly picks: PicksRepository) {}

  /**
   * One page of the list (DECISIONS 20: the chosen period alone selects it), in the sort's order: `limit` picks after the
   * page `cursor` ended, and the cursor of the next page (null on the last).
   */
  async list(
    userId: string,
    options: PickListOptions & { cursor?: string; limit: number },
    now = new Date(),
  ): Promise<PagedPicks<UserPick>> {
    const rows = await this.picks.page(userId, {
      since: pickPeriodStart(options.period, now),
      status: options.status,
      sort: options.sort,
      after: options.cursor ? decodeCursor(options.sort, options.cursor) : null,
      limit: options.limit + 1,
    });
    const more = rows.length > options.limit;
    const page = more ? rows.slice(0, options.limit) : rows;
    return {
      picks: page.map(toPick),
      nextCursor: more ? encodeCursor(options.sort, page[page.length - 1].position) : null,
    };
  }

  /** The period's statistics (spec 002 §3), from the sums and streaks the database works out over its picks. */
  async stats(userId: string, period: PickPeriod, now = new Date()): Promise<PickStats> {
    const since = pickPeriodStart(period, now);
    const [totals, streaks] = await Promise.all([
      this.picks.statsTotals(userId, since),
      this.picks.statsStreaks(userId, since),
    ]);
    return pickStatsFromTotals(totals, streaks);
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
    if (input.status === 'won' && input.actualPayout !== undefined) {
      const given = wholeDollarsToCents(input.actualPayout);
      if (given === null) throw ApiErrors.validation(`actualPayout: ${input.actualPayout} is not an amount in dollars`);
      payout = given;
    }
    const updated = await this.picks.settle(
      id,
      { status: input.status, actual_payout_cents: payout, validated_at: now },
      userId,
    );
    if (!updated) throw ApiErrors.conflict('This pick was settled in the meantime');
    return toPick(updated);
  }

  /**
   * The stake of a pending pick (a pick may be saved without one, set later on its card). The payout follows from the
   * pick's price (pickPotentialCents: its exact one when it was saved with it, a parlay's or an exchange's); a settled
   * pick keeps the money it was settled with.
   */
  async setStake(userId: string, id: string, stakeCents: number): Promise<UserPick> {
    const current = await this.picks.find(userId, id);
    if (!current) throw ApiErrors.notFound('Pick not found');
    if (current.status !== 'pending') throw ApiErrors.conflict(`This pick is already ${current.status}`);
    const updated = await this.picks.setStake(
      userId,
      id,
      stakeCents,
      pickPotentialCents(stakeCents, {
        odds: current.odds,
        bookmaker: current.bookmaker,
        payoutDecimal: current.payout_decimal,
      }),
    );
    if (!updated) throw ApiErrors.conflict('This pick was settled in the meantime');
    return toPick(updated);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.picks.delete(userId, id))) throw ApiErrors.notFound('Pick not found');
  }

  /**
   * The list's picks (its filters and sort) as CSV, the columns of PICK_CSV_COLUMNS, one row per pick: written to `write`
   * a slice of EXPORT_SLICE picks at a time, each read as a page of the list after the one before was written, so an
   * export of any size holds neither the event loop nor the whole list in memory.
   */
  async exportCsv(
    userId: string,
    options: PickListOptions,
    write: (text: string) => Promise<void>,
    now = new Date(),
  ): Promise<void> {
    const query = { since: pickPeriodStart(options.period, now), status: options.status, sort: options.sort };
    let after: PickPosition | null = null;
    // the header goes out with the first slice: a database that cannot answer is still a clean error, not a cut file
    let text = picksCsvHeader();
    for (;;) {
      const rows = await this.picks.page(userId, { ...query, after, limit: EXPORT_SLICE });
      // the exact price is no field of the API's pick, but the file's: a stake set after the import is paid at it
      const csvRows = rows.map((row) =>
        pickToCsvRow({ ...toPick(row), clientId: row.client_id, payoutDecimal: row.payout_decimal }),
      );
      if (rows.length) text += `\r\n${writePicksCsvRows(csvRows)}`;
      await write(text);
      if (rows.length < EXPORT_SLICE) return;
      after = rows[rows.length - 1].position;
      text = '';
    }
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
          settled_date: pick.settledDate === null ? null : new Date(pick.settledDate),
          validated_at: pick.validatedAt === null ? null : new Date(pick.validatedAt),
          validated_by: pick.validatedBy,
          validation_confidence: pick.validationConfidence,
          espn_game_id: pick.espnGameId,
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
   * Imports a browser's oss_my_picks_v1 list once (DECISIONS 18): the old product kept picks per browser, so a laptop's
   * and a phone's lists differ, and each adds the picks the account does not have yet, by their browser id; one already
   * imported is skipped, so the same list sent again adds nothing. `alreadyImported` says that every pick of the list
   * was in the account already.
   */
  async importBrowserList(
    owner: PickOwner,
    list: PickInput[],
  ): Promise<{ imported: number; skipped: number; alreadyImported: boolean }> {
    const outcome = await this.picks.importBrowserList(owner.id, async (trx) => {
      const kept = await this.picks.lockForAdding(owner.id, trx);
      // a chunk of rows made and written at a time, as the CSV import does: 5,000 made at once held the event loop
      let imported = 0;
      for (let start = 0; start < list.length; start += PICKS_IMPORT_CHUNK) {
        const rows = list.slice(start, start + PICKS_IMPORT_CHUNK).map((item) => this.toRow(owner.id, item));
        imported += await this.picks.createManyIfNew(rows, trx);
      }
      if (kept + imported > PICKS_PER_PLAN[owner.plan]) throw picksLimit(owner.plan);
      return { imported, skipped: list.length - imported };
    });
    return { ...outcome, alreadyImported: list.length > 0 && outcome.imported === 0 };
  }

  private toRow(userId: string, input: PickInput): NewPickRow {
    if (input.stakeCents < 0) throw ApiErrors.validation('Stake cannot be negative');
    const status = input.status ?? 'pending';
    // keys in the database and in files, names on screen (api.md "Picks as CSV"): the slip sends a book's name
    const bookmaker = input.bookmaker ? bookKeyOf(input.bookmaker) || null : null;
    const payoutDecimal = input.payoutDecimal ?? null;
    const potential =
      input.potentialCents ?? pickPotentialCents(input.stakeCents, { odds: input.odds, bookmaker, payoutDecimal });
    return {
      user_id: userId,
      client_id: input.clientId ?? null,
      game: input.game.trim(),
      league: input.league.trim(),
      sport: input.sport ?? null,
      market: input.market.trim(),
      selection: input.selection.trim(),
      odds: input.odds.trim(),
      bookmaker,
      stake_cents: input.stakeCents,
      potential_cents: potential,
      payout_decimal: payoutDecimal,
      status,
      // a lost or pushed pick's money is the rule's whatever the browser list or file says (spec 002 §5, DECISIONS 19)
      actual_payout_cents:
        status === 'pending'
          ? null
          : recordedPayoutCents(status, input.stakeCents, potential, input.actualPayoutCents ?? null),
      type: input.type ?? 'single',
      edge: input.edge ?? null,
      note: input.note ?? null,
      event_id: input.eventId ?? null,
      commence_time: input.commenceTime ?? null,
      date_added: input.dateAdded ?? new Date(),
    };
  }
}
