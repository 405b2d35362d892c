import { z } from 'zod';
import { canonicalBookKey, findSportsbook, validateBankroll } from '@oddspulse/shared';
import { ApiErrors } from '../../errors/api-errors';
import { exchangeCommissions } from '../../validation/exchange-commissions';
import { isPlainObject } from '../../validation/text-input.pipe';
import { rejectWith, withApiError } from '../../validation/zod-validation.pipe';

export const ODDS_FORMATS = ['american', 'decimal', 'fractional'] as const;
const MAX_LIST = 100;

const invalid = (message: string, code?: string) => () => ApiErrors.validation(message, code);

/** A list of sportsbook keys; which of them the plan may choose is the service's to say (spec 000 §5). */
const bookKeys = (field: string) =>
  withApiError(z.array(z.string()).max(MAX_LIST), invalid(`${field} must be a list of sportsbook keys`));

/** Favourites are the starred sportsbooks of the dropdown (spec 001 §2); any catalogue book may be starred. */
const favorites = bookKeys('favorites').transform((keys, ctx) => {
  const unknown = keys.filter((key) => !findSportsbook(key));
  if (unknown.length)
    return rejectWith(ctx, ApiErrors.validation(`Unknown sportsbook: ${unknown.join(', ')}`, 'SPORTSBOOK_UNKNOWN'));
  return [...new Set(keys.map(canonicalBookKey))];
});

/** Whole dollars and cents in, integer cents out, with the spec's messages (spec 000 §5, §9). */
const bankrollCents = z.unknown().transform((raw, ctx) => {
  const checked = validateBankroll(raw);
  return checked.ok ? checked.value : rejectWith(ctx, ApiErrors.validation(checked.message, 'BANKROLL_INVALID'));
});

/**
 * Exchange commission rates as FRACTIONS of net winnings (0.02 = 2 %), by book, as the answer gives them; only
 * the exchanges of COMMISSION_BOOKS, each from 0 to below 1.
 */
const commissions = withApiError(
  // not z.record, which leaves a `__proto__` key out: each book sent is refused or kept, that one too
  z.custom<Record<string, unknown>>(isPlainObject).meta({ type: 'object', additionalProperties: { type: 'number' } }),
  invalid('Commissions must be an object of exchange to rate'),
).transform((raw, ctx) =>
  exchangeCommissions(
    Object.entries(raw).map(([key, rate]) => ({ key, rate, quoted: key })),
    ctx,
    { book: 'COMMISSION_BOOK', rate: 'COMMISSION_INVALID' },
  ),
);

/** PUT /api/preferences: a partial update; only the fields sent change. */
export const preferencesUpdateSchema = withApiError(
  z.record(z.string(), z.unknown()),
  invalid('Preferences must be a JSON object'),
).pipe(
  z
    .object({
      sportsbooks: bookKeys('sportsbooks').optional(),
      props_sportsbooks: bookKeys('props_sportsbooks').optional(),
      bankroll: bankrollCents.optional(),
      favorites: favorites.optional(),
      odds_format: withApiError(
        z.enum(ODDS_FORMATS),
        invalid('Odds format must be american, decimal or fractional'),
      ).optional(),
      commissions: commissions.optional(),
    })
    .transform(({ bankroll, ...rest }) => ({ ...rest, bankroll_cents: bankroll })),
);
export type PreferencesUpdate = z.output<typeof preferencesUpdateSchema>;
