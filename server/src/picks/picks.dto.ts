import { z } from 'zod';
import {
  BET_SLIP_MESSAGES,
  DEFAULT_PICK_PERIOD,
  PICK_PERIODS,
  PICK_SORTS,
  PICK_STATUS_FILTERS,
  PICK_STATUSES,
  PICKS_PAGE_MAX,
  PICKS_PAGE_SIZE,
  inPickRange,
  meetsPickMinimum,
  MIN_BET_CENTS,
  PICK_EDGE_RANGE,
  PICK_MAX_CENTS,
  PICK_MAX_DECIMAL,
  PICK_MAX_PAYOUT_CENTS,
  PICK_PAYOUT_DECIMAL_RULE,
  dollarsToCents,
  pickOddsText,
  pickTimeIso,
  type NewPick,
} from '@oddspulse/shared';
import { ApiErrors } from '../errors/api-errors';
import { illegalTextAt } from '../validation/text-input.pipe';
import { parseWithLargeArray, Slicer } from '../validation/sliced-json';
import { parseInput } from '../validation/zod-validation.pipe';
import { contentKey } from './picks-csv';
import type { PickInput } from './picks.service';

const text = (max: number) => z.string().trim().min(1).max(max);
/** The one odds rule of every door (pickOddsText): text or a number, kept as text. */
const americanOdds = z
  .union([z.string().max(16), z.number()])
  .transform((raw, ctx) => pickOddsText(raw) ?? refuse(ctx, 'must be American odds such as -110 or +150'));
/**
 * Dollars as every door bounds them (pick-fields): a stake up to PICK_MAX_CENTS, a payout up to PICK_MAX_PAYOUT_CENTS,
 * from `min` cents. A number, or one written as text (the browser list kept some so); never a boolean, null or empty
 * text, which coercion alone reads as $1 or $0. The minimum holds the amount as it is recorded, rounded half-up to the
 * cent once (DECISIONS 25, toCents): $0.995 is a stake of $1.00, so the least amount taken is half a cent under it.
 */
const dollars = (maxCents: number, min: { cents: number; message?: string } = { cents: 0 }) =>
  z
    .unknown()
    .transform((raw, ctx) =>
      typeof raw === 'number' || (typeof raw === 'string' && raw.trim())
        ? Number(raw)
        : refuse(ctx, 'must be an amount in dollars'),
    )
    .pipe(
      z
        .number()
        .finite()
        // a negative amount is said once: the rounded minimum below is not checked as well
        .min(0, { message: min.message, abort: true })
        .refine((amount) => (dollarsToCents(amount) ?? 0) >= min.cents, min.message)
        .max(maxCents / 100),
    )
    .meta({ type: 'number', minimum: Math.max(0, min.cents - 0.5) / 100, maximum: maxCents / 100 });
const cents = (maxCents: number) => z.number().int().min(0).max(maxCents);
const payoutDecimalMessage = `must be ${PICK_PAYOUT_DECIMAL_RULE}`;
/** What a pick returns per unit staked, as every door takes it (isPickPayoutDecimal), its bounds in the schema. */
const payoutDecimal = z
  .number()
  .gt(1, { message: payoutDecimalMessage })
  .lt(PICK_MAX_DECIMAL, { message: payoutDecimalMessage });
const edge = z.number().refine((value) => inPickRange(value, PICK_EDGE_RANGE), {
  message: `must be a percentage from ${PICK_EDGE_RANGE.min} to ${PICK_EDGE_RANGE.max}`,
});
/** A time a pick carries: ISO 8601 within PICK_TIME_RANGE, as ISO 8601 UTC. */
const pickTime = z
  .string()
  .max(40)
  .transform((raw, ctx) => pickTimeIso(raw) ?? refuse(ctx, 'must be an ISO 8601 time from 1970 to 2099'));

function refuse(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/** POST /api/picks: a pick from the odds screens or the bet slip, as NewPick (shared) says. Money in cents. */
export const createPickSchema = z.object({
  game: text(200),
  league: text(40),
  sport: z.string().trim().max(64).nullish(),
  market: text(100),
  selection: text(200),
  odds: americanOdds,
  bookmaker: z.string().trim().max(64).nullish(),
  stakeCents: cents(PICK_MAX_CENTS).refine(meetsPickMinimum, BET_SLIP_MESSAGES.minimumBet),
  potentialCents: cents(PICK_MAX_PAYOUT_CENTS).nullish(),
  payoutDecimal: payoutDecimal.nullish(),
  type: z.enum(['single', 'parlay']).optional(),
  edge: edge.nullish(),
  note: z.string().trim().max(1000).nullish(),
  eventId: z.string().max(200).nullish(),
  commenceTime: pickTime.nullish(),
}) satisfies z.ZodType<NewPick>;

/**
 * PATCH /api/picks/:id: manual won / lost / push (spec 002 §4); actualPayout in dollars (step 0.01, min 0), kept to whole
 * dollars by the service.
 */
export const settlePickSchema = z.object({
  status: z.enum(['won', 'lost', 'push']),
  actualPayout: dollars(PICK_MAX_PAYOUT_CENTS).optional(),
});

/** PATCH /api/picks/:id/stake: a pending pick's stake in dollars, at least the slip's $1 minimum (spec 001 §5). */
export const pickStakeSchema = z.object({
  stake: dollars(PICK_MAX_CENTS, { cents: MIN_BET_CENTS, message: BET_SLIP_MESSAGES.minimumBet }),
});

/** One item of the browser's oss_my_picks_v1 list (spec 002 §3): amounts in dollars, odds as text. */
export const legacyPickSchema = z.object({
  id: z
    .union([z.string().max(64), z.number()])
    .transform(String)
    .optional(),
  game: text(200),
  league: z.string().trim().max(40).default(''),
  sport: z.string().trim().max(64).nullish(),
  market: text(100),
  selection: text(200),
  odds: americanOdds,
  stake: dollars(PICK_MAX_CENTS).optional(),
  potential: dollars(PICK_MAX_PAYOUT_CENTS).nullish(),
  actualPayout: dollars(PICK_MAX_PAYOUT_CENTS).nullish(),
  status: z
    .string()
    .max(16)
    .optional()
    .transform((s) => ({ win: 'won', loss: 'lost', '': 'pending' })[s ?? ''] ?? s ?? 'pending')
    .pipe(z.enum(PICK_STATUSES)),
  type: z.enum(['single', 'parlay']).optional(),
  edge: z.coerce.number().pipe(edge).nullish(),
  note: z.string().trim().max(1000).nullish(),
  dateAdded: pickTime.optional(),
});

export const PICKS_IMPORT_MAX = 5000;
export const importPicksSchema = z.object({ picks: z.array(z.unknown()).max(PICKS_IMPORT_MAX) });
/**
 * The import's body limit: PICKS_IMPORT_MAX items at their largest (every field of legacyPickSchema at its maximum
 * length, with keys and numbers: under 2 KB, checked by picks.dto.spec) fit, so a list the schema allows is never
 * refused as too large, and nothing much larger is read.
 */
export const PICKS_IMPORT_BODY_LIMIT = '10mb';
/** An item longer than this (a pick at its largest written with every character escaped) cannot be a pick: it is skipped unparsed. */
export const PICK_MAX_JSON_CHARS = 16_384;

export type LegacyPick = z.infer<typeof legacyPickSchema>;

/**
 * The import's body (its JSON text, see configureHttp) read without holding the event loop for more than a slice
 * (parseWithLargeArray), with the global rules applied per item as it goes: control characters or ill-formed Unicode
 * refuse the import (naming the field, as TextInputPipe does), nesting past MAX_JSON_DEPTH too. An item the old app stored
 * malformed is skipped rather than failing the import, which would leave the whole list stuck in the browser.
 */
export async function readPicksImport(raw: unknown): Promise<{ given: number; readable: LegacyPick[] }> {
  const body =
    typeof raw === 'string'
      ? await parseWithLargeArray(raw, 'picks', {
          maxItems: PICKS_IMPORT_MAX,
          maxItemChars: PICK_MAX_JSON_CHARS,
          maxOtherChars: 4096,
        })
      : raw;
  const { picks } = parseInput(importPicksSchema, body);
  const slicer = new Slicer();
  const readable: LegacyPick[] = [];
  for (let i = 0; i < picks.length; i++) {
    await slicer.pause();
    const illegal = illegalTextAt(picks[i], `picks.${i}`);
    if (illegal) throw ApiErrors.validation(`${illegal.at}: ${illegal.problem}`);
    const parsed = legacyPickSchema.safeParse(picks[i]);
    if (parsed.success) readable.push(parsed.data);
  }
  return { given: picks.length, readable };
}

export const listPicksSchema = z.object({
  period: z.enum(PICK_PERIODS).default(DEFAULT_PICK_PERIOD),
  status: z.enum(PICK_STATUS_FILTERS).default('all'),
  sort: z.enum(PICK_SORTS).default('date'),
});

/** GET /api/picks: the list's filters and sort, and which page: `limit` picks after the page `cursor` ended. */
export const pickPageSchema = listPicksSchema.extend({
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(PICKS_PAGE_MAX).default(PICKS_PAGE_SIZE),
});

/** The :id of PATCH and DELETE /api/picks/:id. */
export const pickIdParam = z.string().uuid();

/**
 * A readable item of the browser's list as the pick it writes: its id, date and outcome kept, dollars in cents. An item
 * without an id is keyed by what it says, so a list sent again (from another tab, or after an answer was lost) adds
 * none of its picks twice.
 */
export function legacyToPickInput(item: LegacyPick): PickInput {
  const stakeCents = toCents(item.stake ?? 0);
  return {
    clientId: item.id ?? contentKey({ ...item, stakeCents }, 'local'),
    game: item.game,
    league: item.league || 'Other',
    sport: item.sport ?? null,
    market: item.market,
    selection: item.selection,
    odds: item.odds,
    stakeCents,
    potentialCents: item.potential == null ? null : toCents(item.potential),
    actualPayoutCents: item.actualPayout == null ? null : toCents(item.actualPayout),
    status: item.status,
    type: item.type,
    edge: item.edge ?? null,
    note: item.note ?? null,
    dateAdded: item.dateAdded,
  };
}

/**
 * Dollars a body gave (a number `dollars` took) in integer cents, rounded half-up once from the decimal as written
 * (DECISIONS 25, dollarsToCents): a stake of 1.005 is $1.01, where Math.round(1.005 * 100) made $1.00.
 */
export function toCents(dollars: number): number {
  const cents = dollarsToCents(dollars);
  if (cents === null) throw ApiErrors.validation(`${dollars} is not an amount in dollars`);
  return cents;
}
