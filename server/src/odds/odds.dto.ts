import type { HttpException } from '@nestjs/common';
import { z } from 'zod';
import {
  canonicalBookKey,
  canonicalRegion,
  DEFAULT_STRAIGHT_BET_MARKETS,
  isCalendarDay,
  LINE_MOVEMENT_MARKETS,
  PLAYER_PROP_MARKETS,
  STRAIGHT_BET_REGIONS,
} from '@oddspulse/shared';
import { ApiErrors } from '../errors/api-errors';
import { rejectWith, withApiError } from '../validation/zod-validation.pipe';
import type { DateFilter } from './odds-view';

/** The odds calls' messages (spec 001 §4, §5, §7). */
export const OddsMessages = {
  selectionRequired: 'Please select sports, regions, and markets to view odds',
  oddsFormat: 'oddsFormat must be american or decimal',
  dateFormat: 'dateFormat must be iso or unix',
  date: 'date must be live, today or a day as YYYY-MM-DD',
  sportRequired: 'Please select a sport',
  propsSelectionRequired: 'Please select a league and game, or sports, to view player props',
  gameIdRequired: 'game_id is required with league',
  historyUnavailable: 'Line history unavailable for this event.',
  historyMarket: (market: string) => `Unknown market: ${market}; use one of ${LINE_MOVEMENT_MARKETS.join(', ')}`,
  propsMarket: (market: string) =>
    `Unknown market: ${market}; use one of ${PLAYER_PROP_MARKETS.filter((key) => !key.endsWith('_alternate')).join(', ')}, or one of them with _alternate`,
  propsMarketCount: (count: number) =>
    `Too many markets: ${count}; at most ${PLAYER_PROP_MARKETS.length}, the player prop markets there are`,
  boardsFormat: 'format must be plain or packed',
  boardsRequire: 'require must be paid',
} as const;

const invalid = (message: string, code?: string) => () => ApiErrors.validation(message, code);

/** A comma list (or repeated parameter) as trimmed, non-empty, distinct values; absent is empty. */
export function list(raw: unknown): string[] {
  const values = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => (typeof v === 'string' ? v.split(',') : []));
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))];
}

// `.optional()`: an absent key reaches the transform (and is read as an empty list); zod 4 refuses an absent key of a
// schema that is not optional before its transform's answer counts.
export const csv = z
  .unknown()
  .optional()
  .transform(list)
  .meta({ type: 'string', description: 'A comma-separated list, or the parameter repeated' });

/** Bookmaker keys as the catalogue spells them (a feed's alias becomes its canonical key). */
export const bookList = csv.transform((keys) => keys.map(canonicalBookKey));

/** A list of sport keys that may not be empty, refused with `error` (absent too: not optional, so documented as required). */
const requiredList = (error: () => HttpException) =>
  z
    .unknown()
    .transform(list)
    .superRefine((values, ctx) => {
      if (!values.length) rejectWith(ctx, error());
    })
    .meta({
      type: 'string',
      description: 'A comma-separated list, or the parameter repeated',
      example: 'basketball_nba,americanfootball_nfl',
    });

/** A sport key as the feeds name it, e.g. americanfootball_nfl. */
export const sportKey = withApiError(
  z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{2,64}$/),
  invalid(OddsMessages.sportRequired, 'SPORT_REQUIRED'),
).meta({ example: 'basketball_nba' });

const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** Spec 001 §2: American unless decimal is asked for; the board's prices are decimal and converted at this edge. */
export const priceFormat = withApiError(
  z.preprocess(blankAsAbsent, z.enum(['american', 'decimal']).default('american')),
  invalid(OddsMessages.oddsFormat),
);

export const dateFormat = withApiError(
  z.preprocess(blankAsAbsent, z.enum(['iso', 'unix']).default('iso')),
  invalid(OddsMessages.dateFormat),
);

/** Spec 001 §4 date filter: empty means all games; 'live' games already started; a date (or today) upcoming games that day. */
export const dateFilter = z
  .unknown()
  .optional()
  .transform((raw, ctx): DateFilter => {
    if (raw === undefined || raw === '' || raw === 'all') return { kind: 'all' };
    if (raw === 'live' || raw === 'today') return { kind: raw };
    if (typeof raw === 'string' && isCalendarDay(raw)) return { kind: 'day', day: raw };
    return rejectWith(ctx, ApiErrors.validation(OddsMessages.date));
  })
  .meta({ type: 'string', description: 'live, today or a day as YYYY-MM-DD; empty for all games' });

/** Region names (the documents' aliases included) as canonical regions; an unknown one is a 400. */
export const regionList = z.array(z.string()).transform((regions, ctx) => {
  const canonical: string[] = [];
  for (const region of regions) {
    const known = canonicalRegion(region);
    if (!known) return rejectWith(ctx, ApiErrors.validation(`Unknown region: ${region}`));
    canonical.push(known);
  }
  return canonical;
});

/** `sports`, or the singular `sport` when `sports` is absent. */
function withSports(query: unknown): unknown {
  if (!query || typeof query !== 'object') return query;
  const q = query as Record<string, unknown>;
  return { ...q, sports: q.sports ?? q.sport };
}

const formats = { oddsFormat: priceFormat, dateFormat, date: dateFilter };

/** GET /api/events?sport */
export const eventsQuerySchema = z.object({ sport: sportKey });

/** A list that, absent or empty, is `defaults`. */
const listOr = (defaults: readonly string[]) => csv.transform((values) => (values.length ? values : [...defaults]));

/**
 * GET /api/odds (spec 001 §5 filters): sports are required; markets and regions default as the odds page's do
 * (spec 001 §9 straight-bet markets, §7 straight-bet regions), so `/api/odds?sport=basketball_nba` answers.
 */
export const oddsQuerySchema = z.preprocess(
  withSports,
  z.object({
    sports: requiredList(invalid(OddsMessages.selectionRequired, 'ODDS_SELECTION_REQUIRED')).pipe(z.array(sportKey)),
    markets: listOr(DEFAULT_STRAIGHT_BET_MARKETS).describe(
      `Comma list; default ${DEFAULT_STRAIGHT_BET_MARKETS.join(',')}`,
    ),
    regions: listOr(STRAIGHT_BET_REGIONS)
      .pipe(regionList)
      .describe(`Comma list; default ${STRAIGHT_BET_REGIONS.join(',')}`),
    bookmakers: csv,
    ...formats,
  }),
);
export type OddsQuery = z.output<typeof oddsQuerySchema>;

/** GET /api/odds-data: one sport, regions us and markets h2h by default (spec 001 §7). */
export const oddsDataQuerySchema = z.object({
  sport: sportKey,
  markets: listOr(['h2h']),
  regions: listOr(['us']).pipe(regionList),
  bookmakers: csv,
  ...formats,
});
export type OddsDataQuery = z.output<typeof oddsDataQuerySchema>;

/** GET /api/cached-odds/{sport}: the board, optionally narrowed to markets, books and one event. */
export const cachedOddsQuerySchema = z.object({
  markets: csv,
  bookmakers: csv,
  eventId: z
    .unknown()
    .optional()
    .transform((id) => (typeof id === 'string' && id ? id : null))
    .meta({ type: 'string', description: 'One event of the board' }),
});
export type CachedOddsQuery = z.output<typeof cachedOddsQuerySchema>;

/**
 * The player prop markets asked for (spec 001 §3), distinct; none is all. An unknown one is refused, as the line history
 * refuses one: answered with nothing, a misspelt market read as a game without props. The count is checked first, so
 * a list longer than the markets there are is refused before it is read through.
 */
const propMarkets = csv
  .transform((markets, ctx) => {
    if (markets.length > PLAYER_PROP_MARKETS.length)
      return rejectWith(ctx, ApiErrors.validation(OddsMessages.propsMarketCount(markets.length), 'TOO_MANY_MARKETS'));
    const unknown = markets.find((market) => !PLAYER_PROP_MARKETS.includes(market));
    if (unknown === undefined) return markets;
    return rejectWith(ctx, ApiErrors.validation(OddsMessages.propsMarket(unknown), 'INVALID_MARKET'));
  })
  .describe(
    `Comma list of player prop markets (e.g. player_points, player_points_alternate), at most ${PLAYER_PROP_MARKETS.length} once repeats are dropped; none: all`,
  );

/** GET /api/player-props variant A (league, date, game_id, markets): one game's props as flat items. */
const gamePropsQuery = z.object({
  variant: z.literal('game'),
  league: sportKey,
  game_id: withApiError(z.string().trim().min(1), invalid(OddsMessages.gameIdRequired)),
  markets: propMarkets,
  date: dateFilter,
});

/** GET /api/player-props variant B (sports, date, bookFilter): the props boards' games. */
const sportsPropsQuery = z.object({
  variant: z.literal('sports'),
  sports: requiredList(invalid(OddsMessages.propsSelectionRequired)).pipe(z.array(sportKey)),
  markets: propMarkets,
  bookFilter: csv,
  ...formats,
});

/** A query naming a league or a game is variant A. */
export const playerPropsQuerySchema = z.preprocess(
  (query) => {
    const q = (query ?? {}) as Record<string, unknown>;
    return { ...q, variant: q.league !== undefined || q.game_id !== undefined ? 'game' : 'sports' };
  },
  z.discriminatedUnion('variant', [gamePropsQuery, sportsPropsQuery]),
);
export type PlayerPropsQuery = z.output<typeof playerPropsQuerySchema>;

const historyKey = withApiError(
  z.string().trim().min(1),
  invalid(OddsMessages.historyUnavailable, 'HISTORY_UNAVAILABLE'),
);

/**
 * The markets of a line history (spec 002 §7: h2h, spreads, totals), all three when none is named. Another is refused:
 * answered with no history, a misspelt market read as a game whose lines never moved.
 */
const lineMovementMarkets = listOr(LINE_MOVEMENT_MARKETS).transform((markets, ctx) => {
  const unknown = markets.find((market) => !(LINE_MOVEMENT_MARKETS as readonly string[]).includes(market));
  if (unknown === undefined) return markets;
  return rejectWith(ctx, ApiErrors.validation(OddsMessages.historyMarket(unknown), 'INVALID_MARKET'));
});

/** GET /api/odds-history (spec 002 §7): sport and eventId are required; markets default to the line-movement ones. */
export const oddsHistoryQuerySchema = z.object({
  sport: historyKey,
  eventId: historyKey,
  oddsFormat: priceFormat,
  markets: lineMovementMarkets,
  bookmakers: bookList,
  // `series` is the line-movement chart's compact answer (changes only, epoch seconds, one list per line)
  view: withApiError(z.enum(['history', 'series']).default('history'), invalid('view must be history or series')),
});
export type OddsHistoryQuery = z.output<typeof oddsHistoryQuerySchema>;

/**
 * GET /api/boards (the browser's first load): which boards (straight bets or props), of which sports,
 * narrowed to which markets (all when none). Lists are comma lists or repeated parameters.
 */
export const boardsQuerySchema = z.object({
  kind: z.enum(['odds', 'props']).default('odds'),
  sports: requiredList(invalid(OddsMessages.sportRequired, 'SPORT_REQUIRED')).pipe(
    z.array(z.string().regex(/^[a-z0-9_]{2,64}$/)).max(100),
  ),
  markets: csv.pipe(z.array(z.string().max(64)).max(200)),
  // The browser asks for `packed`, the same boards in about half the brotli bytes
  format: withApiError(
    z.preprocess(blankAsAbsent, z.enum(['plain', 'packed']).default('plain')),
    invalid(OddsMessages.boardsFormat),
  ).describe(
    'plain: `{boards: SportBoard[]}`. packed: `{packed: 3, boards}`, the same boards in columns (shared/src/realtime/packed-boards.ts: the markets and outcomes of a board in columns across its events, outcome names as indexes into a table per event, prices as American integers where exact, links as a common prefix and their ids); `unpackBoards` of @oddspulse/shared reads it back',
  ),
  // The odds page asks before it knows the plan; PaidWhenRequiredGuard refuses a free plan before metering
  require: withApiError(
    z.preprocess(blankAsAbsent, z.enum(['paid']).optional()),
    invalid(OddsMessages.boardsRequire),
  ).describe(
    'paid: answer only a paid plan; the free plan gets 402 SUBSCRIPTION_REQUIRED and the call is not counted against its quota',
  ),
});
export type BoardsQuery = z.output<typeof boardsQuerySchema>;
/** Which boards a /api/boards answer holds: the query less `require`, which only the guards read. */
export type BoardsView = Omit<BoardsQuery, 'require'>;
