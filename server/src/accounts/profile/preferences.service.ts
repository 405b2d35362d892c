import { Injectable } from '@nestjs/common';
import {
  DEFAULT_BANKROLL,
  DEFAULT_SPORTSBOOKS,
  checkSportsbookSelection,
  commissionRates,
  selectableSportsbooks,
  sportsbooksAllowedNow,
  sportsbooksHiddenByPlan,
  sportsbooksToStore,
  type PlanAccess,
} from '@oddspulse/shared';
import { ApiErrors } from '../../errors/api-errors';
import { PreferencesRepository, type PreferencesRow } from '@oddspulse/core';
import type { PreferencesUpdate } from './preferences.dto';

export interface PreferencesResponse {
  /** The saved books the plan allows now: every table's start (DECISIONS 36). */
  sportsbooks: string[];
  props_sportsbooks: string[];
  /** The saved books the plan hides now (a downgrade): kept, and the user's books again on an upgrade (DECISIONS 27). */
  sportsbooks_hidden_by_plan: string[];
  props_sportsbooks_hidden_by_plan: string[];
  /** Whole dollars and cents, e.g. 1000 or 250.5. */
  bankroll: number;
  favorites: string[];
  odds_format: PreferencesRow['odds_format'];
  /** The user's own exchange commission rates (FRACTIONS, by book); an exchange absent takes its default. */
  commissions: Record<string, number>;
  /** Every exchange's commission as the engine applies it for this user: the defaults with theirs laid over. */
  effective_commissions: Record<string, number>;
  /** The books this plan may toggle (spec 000 §5), for the my-sportsbooks page. */
  selectable_sportsbooks: string[];
  updated_at: string | null;
}

/** A missing row means the defaults of DECISIONS 16. */
const DEFAULTS: Omit<PreferencesRow, 'updated_at'> = {
  sportsbooks: [...DEFAULT_SPORTSBOOKS],
  props_sportsbooks: [...DEFAULT_SPORTSBOOKS],
  bankroll_cents: DEFAULT_BANKROLL * 100,
  favorites: [],
  odds_format: 'american',
  commissions: {},
};

@Injectable()
export class PreferencesService {
  constructor(private readonly preferences: PreferencesRepository) {}

  async get(userId: string, access: PlanAccess): Promise<PreferencesResponse> {
    const row = (await this.preferences.find(userId)) ?? { ...DEFAULTS, updated_at: null };
    return toResponse(row, access);
  }

  /**
   * Applies a partial update (checked by preferences.dto.ts): only the fields sent change, `commissions` merged into
   * the stored rates (docs/api.md); the books must be ones the plan may choose (spec 000 §5), and the saved books the
   * plan hides are kept (sportsbooksToStore).
   */
  async update(userId: string, access: PlanAccess, input: PreferencesUpdate): Promise<PreferencesResponse> {
    const sportsbooks = input.sportsbooks && checkBooks(access, input.sportsbooks);
    const propsSportsbooks = input.props_sportsbooks && checkBooks(access, input.props_sportsbooks);
    // Read, merged and written under the row's lock: of two saves at once (two tabs, a script) the second merges into
    // the row the first wrote. Unlocked, both read the same row and the later write took back the earlier's fields.
    const saved = await this.preferences.transaction(async (trx) => {
      const current = await this.preferences.findForUpdate(userId, DEFAULTS, trx);
      const next: Omit<PreferencesRow, 'updated_at'> = {
        sportsbooks: sportsbooks ? sportsbooksToStore(access, sportsbooks, current.sportsbooks) : current.sportsbooks,
        props_sportsbooks: propsSportsbooks
          ? sportsbooksToStore(access, propsSportsbooks, current.props_sportsbooks)
          : current.props_sportsbooks,
        bankroll_cents: input.bankroll_cents ?? current.bankroll_cents,
        favorites: input.favorites ?? current.favorites,
        odds_format: input.odds_format ?? current.odds_format,
        commissions: input.commissions ? { ...current.commissions, ...input.commissions } : current.commissions,
      };
      return this.preferences.save(userId, next, trx);
    });
    return toResponse(saved, access);
  }
}

function checkBooks(access: PlanAccess, keys: string[]): string[] {
  const checked = checkSportsbookSelection(access, keys);
  if (checked.unknown.length)
    throw ApiErrors.validation(`Unknown sportsbook: ${checked.unknown.join(', ')}`, 'SPORTSBOOK_UNKNOWN');
  // DECISIONS 27: only the free plan has books it may not select; a paid plan unlocks them.
  if (checked.notAllowed.length) throw ApiErrors.subscriptionRequired({ sportsbooks: checked.notAllowed });
  return checked.keys;
}

function toResponse(row: PreferencesRow, access: PlanAccess): PreferencesResponse {
  return {
    sportsbooks: sportsbooksAllowedNow(access, row.sportsbooks),
    props_sportsbooks: sportsbooksAllowedNow(access, row.props_sportsbooks),
    sportsbooks_hidden_by_plan: sportsbooksHiddenByPlan(access, row.sportsbooks),
    props_sportsbooks_hidden_by_plan: sportsbooksHiddenByPlan(access, row.props_sportsbooks),
    bankroll: row.bankroll_cents / 100,
    favorites: row.favorites,
    odds_format: row.odds_format,
    commissions: row.commissions,
    effective_commissions: { ...commissionRates(row.commissions) },
    selectable_sportsbooks: selectableSportsbooks(access),
    updated_at: row.updated_at?.toISOString() ?? null,
  };
}
