import { z } from 'zod';
import type {
  ApiGame,
  ArbitrageOpportunity,
  BoardEvent,
  EvBet,
  EventHeader,
  LineHistoryBook,
  MiddleOpportunity,
  OpportunityLeg,
  PackedBoards,
  PagedPicks,
  ScoreboardEvent,
  ScoreboardOdds,
  Sport,
  SportBoard,
  SteamAlert,
  SteamMove,
  SteamPrice,
  UnsettledCode,
  UserPick,
} from '@oddspulse/shared';
import { PICK_STATUSES, STEAM_MARKETS, UNSETTLED_CODES } from '@oddspulse/shared';
import type { BoardFreshness } from '../odds/odds-view';
import type { OddsHistoryBookmaker } from '../odds/odds-history.service';
import type { PlayerPropItem } from '../odds/prop-items';
import type { PositionedScan, ScanResponse } from '../scanners/scanners.service';
import type { SteamResponse } from '../steam/steam.service';

/**
 * The answers of the routes an API key may call (the other routes': account-answers.ts, app-answers.ts), as zod schemas
 * for the OpenAPI document (converted as the request schemas are). Each is typed against the interface the service returns (`z.ZodType<T>`), so an answer that changes
 * shape without its schema fails to compile; api-docs.int-spec checks real answers against them.
 */

/** Every error answer (spec 000 §8): the filter gives any error this shape; some add details (`used`, `quota`, `sports`). */
export const apiErrorSchema = z
  .object({
    statusCode: z.number().int().meta({ description: 'The HTTP status, repeated' }),
    code: z.string().meta({ description: 'A stable, machine-readable code (AUTH_REQUIRED, VALIDATION_FAILED, …)' }),
    message: z.string().meta({ description: "The spec's message, shown to people as it is" }),
  })
  .loose()
  .meta({ description: 'An error. Codes may add fields (QUOTA_EXCEEDED: used, quota; BOARD_UNAVAILABLE: sports).' });

export const isoTime = z.string().meta({ description: 'ISO 8601, UTC', example: '2026-11-26T18:30:00.000Z' });

export const sportSchema: z.ZodType<Sport> = z.object({
  key: z.string().meta({ example: 'basketball_nba' }),
  title: z.string().meta({ example: 'NBA' }),
  group: z.string().meta({ example: 'Basketball' }),
  active: z.boolean(),
});

/** An outcome's price: decimal on boards; American or decimal (`oddsFormat`) on the odds routes. */
const outcomeSchema = z.object({
  name: z.string().meta({ description: "A team, 'Draw', 'Over', 'Under', 'Yes' or 'No'" }),
  description: z.string().optional().meta({ description: 'The player, for props' }),
  price: z.number(),
  point: z.number().optional().meta({ description: 'The line; absent for moneylines' }),
  bet_limit: z.number().optional(),
  link: z.string().optional(),
  sid: z.string().optional(),
});

const marketSchema = z.object({
  key: z.string().meta({ example: 'spreads' }),
  last_update: isoTime,
  outcomes: z.array(outcomeSchema),
  link: z.string().optional(),
  sid: z.string().optional(),
});

const bookmakerSchema = z.object({
  key: z.string().meta({ example: 'draftkings' }),
  title: z.string().meta({ example: 'DraftKings' }),
  last_update: isoTime,
  markets: z.array(marketSchema),
  link: z.string().optional(),
  sid: z.string().optional(),
});

const eventFields = {
  id: z.string(),
  sport_key: z.string().meta({ example: 'basketball_nba' }),
  sport_title: z.string().meta({ example: 'NBA' }),
  commence_time: isoTime,
  home_team: z.string(),
  away_team: z.string(),
  completed: z.boolean().optional(),
};

export const eventHeaderSchema: z.ZodType<EventHeader> = z.object(eventFields);

/** A game in The Odds API v4 shape (spec 001 §3). */
export const gameSchema: z.ZodType<BoardEvent> = z.object({ ...eventFields, bookmakers: z.array(bookmakerSchema) });

/** A time on the odds routes: ISO 8601, or Unix seconds when asked with `dateFormat=unix` (spec 001 §3). */
const answeredTime = z.union([
  isoTime,
  z.int().meta({ description: 'Unix seconds, with dateFormat=unix', example: 1795716600 }),
]);

/** A game as the odds routes answer it: The Odds API v4 shape, its prices and times in the formats asked for. */
export const apiGameSchema: z.ZodType<ApiGame> = z.object({
  ...eventFields,
  commence_time: answeredTime,
  bookmakers: z.array(
    bookmakerSchema.extend({
      last_update: answeredTime,
      markets: z.array(marketSchema.extend({ last_update: answeredTime })),
    }),
  ),
});

export const sportBoardSchema: z.ZodType<SportBoard> = z.object({
  sport_key: z.string(),
  fetched_at: isoTime.meta({ description: 'When the provider last answered' }),
  stale_since: isoTime.optional().meta({ description: 'Set while the feed is failing: the board is served, marked' }),
  events: z.array(gameSchema),
});

const freshnessSchema: z.ZodType<BoardFreshness> = z.object({
  sport: z.string(),
  fetched_at: isoTime.nullable(),
  stale_since: isoTime.nullable(),
});

const positionsSchema = z.record(z.string(), z.object({ seq: z.number().int(), epoch: z.string().nullable() })).meta({
  description: "Each sport's socket channel position, read with its data: subscribe from it (docs/realtime.md)",
});

const packedBoardsSchema: z.ZodType<PackedBoards> = z
  .object({ packed: z.literal(3), boards: z.array(z.any()) })
  .meta({ description: 'The boards in columns (shared/src/realtime/packed-boards.ts)' });

export const boardsAnswerSchema = z.union([
  z.object({ boards: z.array(sportBoardSchema), positions: positionsSchema }),
  packedBoardsSchema.and(z.object({ positions: positionsSchema })),
]);

export const playerPropItemSchema: z.ZodType<PlayerPropItem> = z.object({
  game_id: z.string(),
  book: z.string(),
  book_label: z.string(),
  market: z.string().meta({ example: 'player_points' }),
  ou: z.string().meta({ example: 'Over' }),
  player: z.string(),
  price: z.number(),
  line: z.number().nullable(),
  url: z.string().nullable(),
  link_available: z.boolean(),
  is_latest: z.boolean(),
  is_active: z.boolean(),
  last_update: isoTime,
});

/** Variant A (league, game_id): flat items; variant B (sports): games. */
export const playerPropsAnswerSchema = z.union([z.array(playerPropItemSchema), z.array(apiGameSchema)]);

/** Both views of a line history: per book, per market, the market's own fields. */
function perBookAndMarket<M extends z.ZodRawShape>(market: M) {
  return z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      markets: z.array(z.object({ key: z.string(), ...market })),
      truncated: z.literal(true).optional().meta({
        description:
          "Present when the game's history was longer than one answer holds: its newest changes are kept, older ones left out",
      }),
    }),
  );
}

const historyAnswerSchema: z.ZodType<OddsHistoryBookmaker[]> = perBookAndMarket({
  last_update: isoTime,
  history: z.array(
    z.object({
      timestamp: isoTime,
      last_update: isoTime,
      outcomes: z.array(
        z.object({ name: z.string(), description: z.string(), price: z.number(), point: z.number().nullable() }),
      ),
    }),
  ),
});

const pair = z.tuple([z.number(), z.number()]);
const seriesAnswerSchema: z.ZodType<LineHistoryBook[]> = perBookAndMarket({
  outcomes: z.array(
    z.object({
      name: z.string(),
      lines: z.array(
        z.object({
          point: z.number().nullable(),
          // a null price: the book took the line down
          prices: z.array(z.tuple([z.number(), z.number().nullable()])),
        }),
      ),
      moves: z.array(pair),
    }),
  ),
});

/** `view=history` (default) or `view=series`, the chart's compact form (shared/src/domain/line-history.ts). */
export const oddsHistoryAnswerSchema = z.union([historyAnswerSchema, seriesAnswerSchema]);

const flags = z.array(z.enum(['live', 'stale', 'suspect']));

const opportunityEventFields = {
  eventId: z.string(),
  sport: z.string(),
  sportTitle: z.string(),
  game: z.string().meta({ example: 'Boston Celtics @ Los Angeles Lakers' }),
  homeTeam: z.string(),
  awayTeam: z.string(),
  commenceTime: isoTime,
};

/** The outcome a price is quoted for and the book quoting it: an opportunity's leg and a +EV bet alike. */
const quoteFields = {
  book: z.string(),
  bookTitle: z.string(),
  market: z.string(),
  outcome: z.string(),
  description: z.string().optional(),
  point: z.number().optional(),
  decimal: z.number(),
};

const legSchema: z.ZodType<OpportunityLeg> = z.object({
  ...quoteFields,
  price: z.number().meta({ description: 'American odds, rounded' }),
  impliedProb: z.number(),
  lay: z.literal(true).optional().meta({
    description: "A lay at an exchange (a back_lay arbitrage's second leg): it wins when the outcome does not happen",
  }),
  liability: z
    .number()
    .optional()
    .meta({ description: 'Lay legs: dollars to hold at the exchange, lay stake × (decimal − 1)' }),
  stake: z.number().meta({ description: 'Dollars (a lay leg: the lay stake)' }),
  payout: z.number().meta({
    description: 'Dollars, net of the commission (a lay leg: the liability back plus the lay stake net of commission)',
  }),
  commission: z.number().meta({
    description:
      "The exchange's commission on net winnings as a fraction (0 at a book); stake and payout are net of it",
  }),
  lastUpdate: isoTime,
  ageSeconds: z.number(),
  link: z.string().optional(),
});

/** When detection first found an opportunity or a +EV bet, and how long it is still shown (spec 001 §9: 30 min). */
const foundFields = {
  timeFound: isoTime,
  expiresIn: z.number().meta({ description: 'Seconds it is still shown; 0 once expired' }),
};

const opportunityFields = {
  ...opportunityEventFields,
  id: z.string(),
  market: z.string(),
  description: z.string().optional(),
  flags,
  ageSeconds: z.number(),
  ...foundFields,
};

const evBetSchema: z.ZodType<EvBet> = z.object({
  ...opportunityEventFields,
  ...quoteFields,
  market: z
    .string()
    .meta({ description: 'The market family: alternate lines are folded in (spreads for alternate_spreads)' }),
  listedMarket: z.string().meta({
    description: 'The market key as the book lists the price (alternate_spreads, player_points_alternate, …)',
  }),
  id: z.string(),
  price: z.number(),
  commission: z.number().meta({ description: "The exchange's commission on net winnings as a fraction (0 at a book)" }),
  fairProbability: z.number(),
  fairDecimal: z.number(),
  fairPrice: z.number(),
  evPct: z.number().meta({ description: 'Net of the commission at an exchange' }),
  method: z.string(),
  blend: z.array(z.string()).optional(),
  fairBooks: z.number(),
  books: z.number(),
  isDfs: z.boolean(),
  lastUpdate: isoTime,
  ageSeconds: z.number(),
  ...foundFields,
  flags,
  link: z.string().optional(),
});

const arbitrageSchema: z.ZodType<ArbitrageOpportunity> = z.object({
  ...opportunityFields,
  type: z.literal('arbitrage'),
  kind: z
    .enum(['two_way', 'three_way', 'back_lay'])
    .meta({ description: 'back_lay: one outcome backed at a book and laid at an exchange, legs [back, lay]' }),
  profitPct: z.number().meta({
    description: 'Percent of the prices before stake rounding: what minProfit, alert rules and the order compare',
  }),
  stakedProfitPct: z.number().meta({
    description: 'Percent the rounded stakes make: profitAmount / totalStake, the figure shown beside them',
  }),
  profitAmount: z.number(),
  totalStake: z.number(),
  totalImpliedProb: z.number(),
  legs: z.array(legSchema),
});

const middleSchema: z.ZodType<MiddleOpportunity> = z.object({
  ...opportunityFields,
  type: z.literal('middle'),
  gap: z.number(),
  middleRange: z.object({ low: z.number(), high: z.number() }),
  probability: z.number(),
  totalStake: z.number(),
  maxProfit: z.number(),
  worstCase: z.number(),
  legs: z.array(legSchema),
});

const scanFields = <T>(opportunity: z.ZodType<T>) => ({
  opportunities: z.array(opportunity).meta({ description: 'Best first' }),
  boards: z.array(freshnessSchema),
  unavailable: z.array(z.string()).meta({ description: 'Sports with neither a straight-bets nor a props board yet' }),
  generated_at: isoTime,
});

export const evAnswerSchema: z.ZodType<ScanResponse<EvBet>> = z.object({
  ...scanFields(evBetSchema),
  positions: positionsSchema.optional().meta({
    description: "Each sport's ev channel position, read with its bets; absent for another method than detection's",
  }),
});

/** An answer of what detection keeps, which its channel updates: with each sport's position. */
const positionedScanAnswer = <T>(opportunity: z.ZodType<T>): z.ZodType<PositionedScan<T>> =>
  z.object({ ...scanFields(opportunity), positions: positionsSchema });

export const arbitrageAnswerSchema = positionedScanAnswer(arbitrageSchema);
export const middlesAnswerSchema = positionedScanAnswer(middleSchema);

export const steamMarket = z.enum(STEAM_MARKETS).meta({ description: 'h2h (moneyline), spreads or totals' });

const steamPriceFields = {
  price: z.number().meta({ description: 'American odds, rounded' }),
  decimal: z.number(),
  point: z.number().optional().meta({ description: 'The line; absent on a moneyline' }),
};
export const steamPriceSchema: z.ZodType<SteamPrice> = z.object(steamPriceFields);

export const steamMoveSchema: z.ZodType<SteamMove> = z.object({
  book: z.string(),
  bookTitle: z.string(),
  sharp: z.boolean().meta({ description: 'A sharp book (Pinnacle, Circa, BookMaker) or the Betfair exchange' }),
  from: steamPriceSchema,
  to: steamPriceSchema,
  at: isoTime.meta({ description: 'When the move reached steam size at this book' }),
});

export const steamExpiry = z.enum(['caught_up', 'started', 'removed', 'timed_out']).meta({
  description:
    'caught_up: no soft book it named is left worth taking at its old price (moved toward the side, or no longer +EV: a book whose line is down has not caught up); started or removed: the game; timed_out: 30 minutes, which also ends an alert whose books stay down',
});

const steamAlertSchema: z.ZodType<SteamAlert> = z.object({
  ...opportunityEventFields,
  type: z.literal('steam'),
  id: z.string(),
  market: steamMarket,
  side: z.string().meta({ description: "The outcome the market moved toward: a team, 'Draw', 'Over' or 'Under'" }),
  origin: steamMoveSchema.meta({ description: 'The sharp book that moved first' }),
  movedAt: isoTime.meta({ description: "When the origin's move began" }),
  confirmations: z
    .array(steamMoveSchema)
    .meta({ description: 'The books that made the same move within the 90 seconds after the origin' }),
  confirmedAt: isoTime,
  breadth: z.number().meta({ description: 'Books (the origin included) that have made the move' }),
  fair: z
    .object({ ...steamPriceFields, probability: z.number() })
    .meta({ description: "The new fair line: the sharp books' de-vigged price at the origin's new line" }),
  staleBooks: z
    .array(
      z.object({
        ...steamPriceFields,
        book: z.string(),
        bookTitle: z.string(),
        oldPrice: steamPriceSchema.optional().meta({
          description:
            'Its price when the move began: it is stale while its price has not moved toward the side from this one. Absent on an alert raised before stale books carried their old price',
        }),
        commission: z.number(),
        evPct: z.number().meta({ description: 'EV against the fair line, percent, net of commission' }),
        link: z.string().optional().meta({ description: "The book's deep link to the bet" }),
        lastUpdate: isoTime,
        down: z.boolean().optional().meta({
          description:
            'True while the book has its line taken down (no price on the board): not bettable now, its price and EV those it last stood at. Absent on a book with a price to take, and on an alert stored before books were kept while down',
        }),
      }),
    )
    .meta({
      description:
        'The soft books still at the old price (not moved toward the side since the move began) and behind the new fair line: those with a price to take, best EV first, then those whose line is down',
    }),
  bestEvPct: z.number().meta({
    description: "The first stale book's EV: the best one bettable now, or while every one is down the best of them",
  }),
  timeFound: isoTime,
  ageSeconds: z.number().meta({ description: 'Seconds since the move began' }),
  status: z.enum(['active', 'expired']),
  expiredAt: isoTime.optional(),
  expiry: steamExpiry.optional(),
});

export const steamAnswerSchema: z.ZodType<SteamResponse> = z.object({
  alerts: z.array(steamAlertSchema).meta({ description: 'Newest first' }),
  generated_at: isoTime,
  positions: positionsSchema,
});

/** The MCP endpoint's answer (JSON-RPC 2.0): a result or an error for the message's id; the tools are listed by `tools/list`. */
export const jsonRpcAnswerSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number()]).nullable(),
    result: z.record(z.string(), z.unknown()).optional(),
    error: z.object({ code: z.number().int(), message: z.string() }).loose().optional(),
  })
  .loose();

const scoreboardOddsSchema: z.ZodType<ScoreboardOdds> = z.object({
  provider: z.string(),
  details: z.string().optional().meta({ example: 'TEN -5.5' }),
  spread: z.number().optional().meta({ description: "The home team's spread (negative when home is favoured)" }),
  overUnder: z.number().optional(),
  moneyline: z
    .object({ home: z.number().optional(), away: z.number().optional(), draw: z.number().optional() })
    .optional(),
});

const score = z.number().nullable().meta({ description: 'Null before the game starts' });

/** A scoreboard game (spec 002 §3), as GET /api/scores answers a list of them. */
const scoreboardEventSchema: z.ZodType<ScoreboardEvent> = z.object({
  id: z.string(),
  event_id: z.string().optional().meta({ description: "The odds feed's event id for the same game, when matched" }),
  bookmakers: z.array(z.string()).optional(),
  sport_key: z.string().meta({ example: 'americanfootball_nfl' }),
  league: z.string(),
  commence_time: isoTime,
  home_team: z.string(),
  away_team: z.string(),
  home_logo: z.string().optional(),
  away_logo: z.string().optional(),
  home_record: z.string().optional(),
  away_record: z.string().optional(),
  home_rank: z.number().int().optional(),
  away_rank: z.number().int().optional(),
  scores: z.object({ home: score, away: score }),
  home_score: score,
  away_score: score,
  completed: z.boolean(),
  live: z.boolean(),
  status: z.enum(['scheduled', 'in_progress', 'final']),
  status_type: z.object({ name: z.string(), detail: z.string(), completed: z.boolean() }),
  clock: z.string().nullable(),
  period: z.number().int().nullable(),
  season: z.number().int().optional(),
  week: z.number().int().optional(),
  venue: z.string().optional(),
  odds: scoreboardOddsSchema.optional(),
  source: z.enum(['espn', 'theoddsapi', 'simulator']),
  last_update: isoTime,
});

export const scoresAnswerSchema = z.array(scoreboardEventSchema);

export const cents = z.number().int().meta({ description: 'Money in integer cents' });

/** A tracked pick as the picks routes answer it (spec 002 §3). */
export const userPickSchema: z.ZodType<UserPick> = z.object({
  id: z.string(),
  game: z.string(),
  league: z.string(),
  sport: z.string().nullable(),
  market: z.string(),
  selection: z.string(),
  odds: z.string().meta({ description: 'American odds as text, as the user saw them', example: '-110' }),
  bookmaker: z.string().nullable(),
  stakeCents: cents,
  potentialCents: cents.nullable(),
  actualPayoutCents: cents.nullable(),
  status: z.enum(PICK_STATUSES),
  type: z.enum(['single', 'parlay']),
  edge: z.number().nullable().meta({ description: 'Edge in percent when the pick was added' }),
  note: z.string().nullable(),
  eventId: z.string().nullable(),
  commenceTime: isoTime.nullable(),
  dateAdded: isoTime,
  settledDate: isoTime.nullable(),
  validatedAt: isoTime.nullable(),
  validatedBy: z.string().nullable(),
  validationConfidence: z.number().nullable(),
  espnGameId: z.string().nullable(),
  closingOdds: z.number().nullable().meta({ description: 'Closing price, American, for CLV' }),
  clv: z.number().nullable().meta({ description: 'Closing-line value in percent' }),
  unsettledReason: z
    .object({
      code: z.enum(UNSETTLED_CODES as [UnsettledCode, ...UnsettledCode[]]),
      games: z.number().int().optional(),
      league: z.string().optional(),
    })
    .nullable()
    .meta({ description: 'Why a pending pick is not settled yet, once settlement has looked at it' }),
});

/** One page of the pick list: the next is asked for with `cursor=nextCursor` until it is null. */
export const picksPageSchema: z.ZodType<PagedPicks<UserPick>> = z.object({
  picks: z.array(userPickSchema),
  nextCursor: z.string().nullable(),
});
