import { Injectable } from '@nestjs/common';
import {
  DEFAULT_BANKROLL,
  DEFAULT_SPORTSBOOKS,
  canonicalBookKey,
  findSportsbook,
  checkSportsbookSelection,
  selectableSportsbooks,
  sportsbooksAllowedNow,
  validateBankroll,
  type PlanAccess,
} from '@oddspulse/shared';
import { AccountErrors } from './http-errors';
import { PreferencesRepository, type PreferencesRow } from './preferences.repository';

export const ODDS_FORMATS = ['american', 'decimal', 'fractional'] as const;
const MAX_LIST = 100;

export interface PreferencesResponse {
  sportsbooks: string[];
  props_sportsbooks: string[];
  /** Whole dollars and cents, e.g. 1000 or 250.5. */
  bankroll: number;
  favorites: string[];
  odds_format: PreferencesRow['odds_format'];
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
};

@Injectable()
export class PreferencesService {
  constructor(private readonly preferences: PreferencesRepository) {}

  async get(userId: string, access: PlanAccess): Promise<PreferencesResponse> {
    const row = (await this.preferences.find(userId)) ?? { ...DEFAULTS, updated_at: null };
    return toResponse(row, access);
  }

  /** Applies a partial update; every field is checked against the rules of spec 000 §5 and the plan. */
  async update(userId: string, access: PlanAccess, body: unknown): Promise<PreferencesResponse> {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw AccountErrors.validation('Preferences must be a JSON object');
    const input = body as Record<string, unknown>;
    const current = (await this.preferences.find(userId)) ?? { ...DEFAULTS, updated_at: null };
    const next: Omit<PreferencesRow, 'updated_at'> = {
      sportsbooks: current.sportsbooks,
      props_sportsbooks: current.props_sportsbooks,
      bankroll_cents: current.bankroll_cents,
      favorites: current.favorites,
      odds_format: current.odds_format,
    };
    if ('sportsbooks' in input) next.sportsbooks = checkBooks(access, input.sportsbooks, 'sportsbooks');
    if ('props_sportsbooks' in input) next.props_sportsbooks = checkBooks(access, input.props_sportsbooks, 'props_sportsbooks');
    if ('bankroll' in input) {
      const bankroll = validateBankroll(input.bankroll);
      if (!bankroll.ok) throw AccountErrors.validation(bankroll.message, 'BANKROLL_INVALID');
      next.bankroll_cents = bankroll.value;
    }
    if ('favorites' in input) next.favorites = checkFavorites(input.favorites);
    if ('odds_format' in input) {
      if (!ODDS_FORMATS.includes(input.odds_format as PreferencesRow['odds_format'])) {
        throw AccountErrors.validation('Odds format must be american, decimal or fractional');
      }
      next.odds_format = input.odds_format as PreferencesRow['odds_format'];
    }
    return toResponse(await this.preferences.save(userId, next), access);
  }
}

function checkBooks(access: PlanAccess, value: unknown, field: string): string[] {
  if (!Array.isArray(value) || value.length > MAX_LIST || !value.every((k) => typeof k === 'string')) {
    throw AccountErrors.validation(`${field} must be a list of sportsbook keys`);
  }
  const checked = checkSportsbookSelection(access, value as string[]);
  if (checked.unknown.length) throw AccountErrors.validation(`Unknown sportsbook: ${checked.unknown.join(', ')}`, 'SPORTSBOOK_UNKNOWN');
  if (checked.notAllowed.length) throw AccountErrors.platinumRequired({ sportsbooks: checked.notAllowed });
  return checked.keys;
}

/** Favourites are the starred sportsbooks of the dropdown (spec 001 §2); any catalogue book may be starred. */
function checkFavorites(value: unknown): string[] {
  if (!Array.isArray(value) || value.length > MAX_LIST || !value.every((k) => typeof k === 'string')) {
    throw AccountErrors.validation('favorites must be a list of sportsbook keys');
  }
  const unknown = (value as string[]).filter((k) => !findSportsbook(k));
  if (unknown.length) throw AccountErrors.validation(`Unknown sportsbook: ${unknown.join(', ')}`, 'SPORTSBOOK_UNKNOWN');
  return [...new Set((value as string[]).map(canonicalBookKey))];
}

function toResponse(row: PreferencesRow, access: PlanAccess): PreferencesResponse {
  return {
    sportsbooks: sportsbooksAllowedNow(access, row.sportsbooks),
    props_sportsbooks: sportsbooksAllowedNow(access, row.props_sportsbooks),
    bankroll: row.bankroll_cents / 100,
    favorites: row.favorites,
    odds_format: row.odds_format,
    selectable_sportsbooks: selectableSportsbooks(access),
    updated_at: row.updated_at?.toISOString() ?? null,
  };
}
