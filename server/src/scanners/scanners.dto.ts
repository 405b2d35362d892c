import { z } from 'zod';
import {
  ARBITRAGE_DEFAULTS,
  BLENDABLE_METHODS,
  DEFAULT_DEVIG_METHOD,
  DEVIG_METHODS,
  isBlendableMethod,
  isDevigMethod,
  MIDDLE_DEFAULTS,
  SCANNER_MAX_STAKE,
  SCANNER_MIN_STAKE,
  validateBankroll,
  type BlendableMethod,
  type DevigMethod,
} from '@oddspulse/shared';
import { ApiErrors } from '../errors/api-errors';
import { exchangeCommissions } from '../validation/exchange-commissions';
import { rejectWith } from '../validation/zod-validation.pipe';
import { bookList, csv } from '../odds/odds.dto';

const absent = (raw: unknown) => raw === undefined || raw === '';

/** A number within the scanner panels' bounds (spec 001 §5), or its default when absent. */
function numberInRange(name: string, min: number, max: number, fallback: number) {
  return z
    .unknown()
    .optional()
    .transform((raw, ctx) => {
      if (absent(raw)) return fallback;
      const value = typeof raw === 'string' ? Number(raw) : Number.NaN;
      if (Number.isFinite(value) && value >= min && value <= max) return value;
      return rejectWith(
        ctx,
        ApiErrors.validation(`${name} must be a number between ${min} and ${max}`, 'INVALID_SCANNER_PARAMETER'),
      );
    })
    .meta({ type: 'number', minimum: min, maximum: max });
}

/** Bankroll in whole dollars with the spec's messages (spec 001 §5 bankroll, 000 §9 maximum); at least $1. */
function bankrollDollars(fallback: number) {
  return z
    .unknown()
    .optional()
    .transform((raw, ctx) => {
      if (absent(raw)) return fallback;
      const checked = validateBankroll(raw);
      if (!checked.ok) return rejectWith(ctx, ApiErrors.validation(checked.message, 'INVALID_BANKROLL'));
      if (checked.value < 100)
        return rejectWith(ctx, ApiErrors.validation('Bankroll must be at least $1', 'INVALID_BANKROLL'));
      return checked.value / 100;
    })
    .meta({ type: 'number', minimum: 1, description: 'Whole dollars' });
}

const devigMethod = z
  .unknown()
  .optional()
  .transform((raw, ctx): DevigMethod => {
    if (absent(raw)) return DEFAULT_DEVIG_METHOD;
    if (isDevigMethod(raw)) return raw;
    return rejectWith(
      ctx,
      ApiErrors.validation(
        `Unknown de-vig method: ${typeof raw === 'string' ? raw : JSON.stringify(raw)}`,
        'INVALID_SCANNER_PARAMETER',
      ),
    );
  })
  .meta({ type: 'string', enum: [...DEVIG_METHODS] });

/**
 * The caller's own exchange commission rates, `commission=betfair_ex_uk:0.02,matchbook:0.015` (FRACTIONS, repeatable
 * or comma-separated); absent: every exchange at its published default (commission.ts). Keys are canonical, sorted,
 * so the same rates make the same cached answer.
 */
const commissionQuery = z
  .unknown()
  .optional()
  .transform((raw, ctx): Record<string, number> | undefined => {
    if (absent(raw)) return undefined;
    const pairs = (Array.isArray(raw) ? raw : [raw])
      .flatMap((v) => String(v).split(','))
      .map((v) => v.trim())
      .filter(Boolean);
    const entries = pairs.sort().map((pair) => {
      const [key, value] = pair.split(':');
      const rate = value === undefined || value.trim() === '' ? Number.NaN : Number(value);
      return { key: key ?? '', rate, quoted: pair };
    });
    return exchangeCommissions(entries, ctx, { book: 'INVALID_SCANNER_PARAMETER', rate: 'INVALID_SCANNER_PARAMETER' });
  })
  .meta({
    type: 'string',
    description: 'Your exchange commission rates as book:fraction pairs, comma-separated',
    example: 'betfair_ex_uk:0.02',
  });

/** What every scanner call reads: the sports (none: every polled sport), the caller's books (canonical; none: every book) and commission rates. */
const scanQuery = z.preprocess(
  (query) => {
    const q = (query ?? {}) as Record<string, unknown>;
    return { ...q, sports: q.sports ?? q.sport, books: q.books ?? q.bookmakers };
  },
  z.object({ sports: csv, books: bookList, commission: commissionQuery }),
);

/**
 * The methods `method=blend` averages, from `blend=power,shin`; undefined for the default set. Only
 * with `method=blend`, and only single methods.
 */
function blendMethods(raw: unknown, method: DevigMethod, ctx: z.RefinementCtx): BlendableMethod[] | undefined {
  if (absent(raw)) return undefined;
  if (method !== 'blend')
    return rejectWith(ctx, ApiErrors.validation('blend applies only to method=blend', 'INVALID_SCANNER_PARAMETER'));
  const names = (Array.isArray(raw) ? raw : [raw])
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  const unknown = names.find((name) => !isBlendableMethod(name));
  if (unknown !== undefined) {
    return rejectWith(
      ctx,
      ApiErrors.validation(
        `Unknown de-vig method to blend: ${unknown} (one of ${BLENDABLE_METHODS.join(', ')})`,
        'INVALID_SCANNER_PARAMETER',
      ),
    );
  }
  return [...new Set(names as BlendableMethod[])];
}

/** GET /api/ev */
export const evQuerySchema = z
  .object({
    method: devigMethod,
    blend: z
      .unknown()
      .optional()
      .meta({ type: 'string', description: `With method=blend: a comma list of ${BLENDABLE_METHODS.join(', ')}` }),
    minEv: numberInRange('minEv', -100, 100, 0),
  })
  .transform(({ blend, ...query }, ctx) => ({ ...query, blend: blendMethods(blend, query.method, ctx) }))
  .and(scanQuery);
export type EvQuery = z.output<typeof evQuerySchema>;

/**
 * The query of a scanner that sizes stakes: its bankroll, its own `fields`, then the largest stake, both with the
 * scanner's defaults; and what every scanner call reads.
 */
function stakingScanQuery<Fields extends z.ZodRawShape>(
  defaults: { bankroll: number; maxStake: number },
  fields: Fields,
) {
  return z
    .object({
      bankroll: bankrollDollars(defaults.bankroll),
      ...fields,
      maxStake: numberInRange('maxStake', SCANNER_MIN_STAKE, SCANNER_MAX_STAKE, defaults.maxStake),
    })
    .and(scanQuery);
}

/** GET /api/arbitrage */
export const arbitrageQuerySchema = stakingScanQuery(ARBITRAGE_DEFAULTS, {
  minProfit: numberInRange('minProfit', 0.1, 50, ARBITRAGE_DEFAULTS.minProfitPct),
});
export type ArbitrageQuery = z.output<typeof arbitrageQuerySchema>;

/** GET /api/middles */
export const middlesQuerySchema = stakingScanQuery(MIDDLE_DEFAULTS, {
  minGap: numberInRange('minGap', 0.5, 20, MIDDLE_DEFAULTS.minGap),
  minProbability: numberInRange('minProbability', 5, 50, MIDDLE_DEFAULTS.minProbability),
});
export type MiddlesQuery = z.output<typeof middlesQuerySchema>;
