import { z } from 'zod';
import { BET_SLIP_MESSAGES, DEFAULT_PICK_PERIOD, PICK_PERIODS, PICK_SORTS, PICK_STATUS_FILTERS, PICK_STATUSES } from '@oddspulse/shared';

const text = (max: number) => z.string().trim().min(1).max(max);
const americanOdds = z
  .union([
    z
      .string()
      .trim()
      .regex(/^[+-]?\d{3,5}(\.\d+)?$/, 'must be American odds such as -110 or +150'),
    z.number(),
  ])
  .transform(String);
const dollars = z.coerce.number().finite().min(0).max(1_000_000);
const toCents = (value: number) => Math.round(value * 100);

/** POST /api/picks: a pick from the odds screens or the bet slip. Money in cents. */
export const createPickSchema = z.object({
  game: text(200),
  league: text(40),
  sport: z.string().trim().max(64).nullish(),
  market: text(100),
  selection: text(200),
  odds: americanOdds,
  bookmaker: z.string().trim().max(64).nullish(),
  stakeCents: z.number().int().min(0).max(100_000_000),
  potentialCents: z.number().int().min(0).nullish(),
  type: z.enum(['single', 'parlay']).optional(),
  edge: z.number().finite().min(-100).max(1000).nullish(),
  note: z.string().max(1000).nullish(),
  eventId: z.string().max(200).nullish(),
  commenceTime: z.string().datetime({ offset: true }).nullish(),
});

/** PATCH /api/picks/:id: manual won / lost / push (spec 002 §4); actualPayout in dollars (step 0.01, min 0). */
export const settlePickSchema = z.object({
  status: z.enum(['won', 'lost', 'push']),
  actualPayout: dollars.optional(),
});

/** PATCH /api/picks/:id/stake: a pending pick's stake in dollars, at least the slip's $1 minimum (spec 001 §5). */
export const pickStakeSchema = z.object({
  stake: z.coerce.number().finite().min(1, BET_SLIP_MESSAGES.minimumBet).max(1_000_000),
});

/** One item of the browser's oss_my_picks_v1 list (spec 002 §3): amounts in dollars, odds as text. */
const legacyPickSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String).optional(),
  game: text(200),
  league: z.string().trim().max(40).default(''),
  sport: z.string().trim().max(64).nullish(),
  market: text(100),
  selection: text(200),
  odds: z.union([z.string(), z.number()]).transform((v) => String(v).trim()),
  stake: dollars.optional(),
  potential: dollars.nullish(),
  actualPayout: dollars.nullish(),
  status: z
    .string()
    .optional()
    .transform((s) => ({ win: 'won', loss: 'lost', '': 'pending' })[s ?? ''] ?? s ?? 'pending')
    .pipe(z.enum(PICK_STATUSES)),
  type: z.enum(['single', 'parlay']).optional(),
  edge: z.coerce.number().finite().nullish(),
  note: z.string().max(1000).nullish(),
  dateAdded: z.string().datetime({ offset: true }).optional(),
});

export const PICKS_IMPORT_MAX = 5000;
export const importPicksSchema = z.object({ picks: z.array(z.unknown()).max(PICKS_IMPORT_MAX) });
/**
 * The import's body limit: PICKS_IMPORT_MAX items at their largest (the text fields above at their maximum lengths
 * with their keys and numbers, about 2.2 KB) fit, so a list the schema allows is never refused as too large (issue 16
 * item 7: 600 items hit the default 100 KB).
 */
export const PICKS_IMPORT_BODY_LIMIT = '12mb';

/**
 * The readable items of a browser list: an item the old app stored malformed is skipped rather than
 * failing the import, which would leave the whole list stuck in the browser.
 */
export function readableLegacyPicks(items: readonly unknown[]): Array<z.infer<typeof legacyPickSchema>> {
  return items.flatMap((item) => {
    const parsed = legacyPickSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export const listPicksSchema = z.object({
  period: z.enum(PICK_PERIODS).default(DEFAULT_PICK_PERIOD),
  status: z.enum(PICK_STATUS_FILTERS).default('all'),
  sort: z.enum(PICK_SORTS).default('date'),
});

/** The :id of PATCH and DELETE /api/picks/:id. */
export const pickIdParam = z.string().uuid();

export function legacyToNewPick(item: z.infer<typeof legacyPickSchema>) {
  return {
    clientId: item.id,
    game: item.game,
    league: item.league || 'Other',
    sport: item.sport ?? null,
    market: item.market,
    selection: item.selection,
    odds: item.odds,
    stakeCents: toCents(item.stake ?? 0),
    potentialCents: item.potential == null ? null : toCents(item.potential),
    actualPayoutCents: item.actualPayout == null ? null : toCents(item.actualPayout),
    status: item.status,
    type: item.type,
    edge: item.edge ?? null,
    note: item.note ?? null,
    dateAdded: item.dateAdded,
  };
}

export { toCents };
