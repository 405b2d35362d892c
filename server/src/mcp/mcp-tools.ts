import { HttpException, Logger } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  ErrorCode,
  McpError,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import {
  ALERT_KINDS,
  AlertMessages,
  dollarsToCents,
  americanToDecimal,
  type ApiKeyScope,
  DEVIG_METHODS,
  DEFAULT_DEVIG_METHOD,
  devig,
  formatAmerican,
  formatFractional,
  kellyFraction,
  startingSportsbooks,
  type BoardEvent,
  type PlanAccess,
  PICK_PERIODS,
  PICK_SORTS,
  PICK_STATUS_FILTERS,
  PICKS_PAGE_MAX,
  teamsMatch,
} from '@oddspulse/shared';
import type { AuthUser } from '../accounts/auth/auth-user';
import { assertPaidPlan, assertPlatinum } from '../accounts/access/guards';
import { PreferencesService, type PreferencesResponse } from '../accounts/profile/preferences.service';
import { ApiErrors } from '../errors/api-errors';
import { toErrorBody } from '../errors/http-exception.filter';
import { createAlertSchema } from '../alerts/alerts.dto';
import { AlertsService } from '../alerts/alerts.service';
import { cachedOddsQuerySchema, oddsHistoryQuerySchema } from '../odds/odds.dto';
import { OddsHistoryService } from '../odds/odds-history.service';
import { OddsService } from '../odds/odds.service';
import { arbitrageQuerySchema, evQuerySchema, middlesQuerySchema } from '../scanners/scanners.dto';
import { createPickSchema, pickPageSchema } from '../picks/picks.dto';
import { PicksService } from '../picks/picks.service';
import { ScannersService } from '../scanners/scanners.service';
import { scoresQuerySchema } from '../scores/scores.dto';
import { ScoresService } from '../scores/scores.service';
import { steamQuerySchema } from '../steam/steam.dto';
import { SteamService } from '../steam/steam.service';
import { textInputRefusal } from '../validation/text-input.pipe';
import { parseInput } from '../validation/zod-validation.pipe';

/** What the tools read: the same services the REST routes of the same data call. */
export interface McpToolDeps {
  odds: OddsService;
  history: OddsHistoryService;
  steam: SteamService;
  picks: PicksService;
  scanners: ScannersService;
  scores: ScoresService;
  preferences: PreferencesService;
  alerts: AlertsService;
}

/** The server's name and version in the MCP handshake. */
export const MCP_SERVER_INFO = { name: 'oddspulse', version: '1.0.0' };

/** The URI of the user's live opportunities resource. */
export const OPPORTUNITIES_URI = 'oddspulse://opportunities';

/** What a request may do with its session's subscriptions (null for a client that keeps no session). */
export interface McpSession {
  subscribe(uri: string): Promise<void>;
  unsubscribe(uri: string): Promise<void>;
}

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, openWorldHint: false } as const;
/**
 * A tool that adds to the user's own data: not read-only, never destructive, and not idempotent, as the REST route it
 * stands for is not (each POST /api/picks or /api/alerts adds one more).
 */
const ADDS = { destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;

/** The tools that change the user's data, and the key scope each needs (a key is `read` unless made with more). */
export const MCP_WRITE_TOOL_SCOPES = new Map<string, ApiKeyScope>(
  Object.entries({ track_pick: 'picks:write', create_alert: 'picks:write' } as const),
);

/**
 * The scope a JSON-RPC message (or batch) asks for that the key lacks: a `tools/call` of a write tool by a key made
 * without its scope. Read before the SDK sees the message, so the refusal is the protocol's HTTP 403
 * `insufficient_scope` challenge (MCP authorization, scope challenge handling), not a tool error.
 */
export function missingScope(user: AuthUser, body: unknown): ApiKeyScope | null {
  for (const message of Array.isArray(body) ? body : [body]) {
    if (typeof message !== 'object' || message === null) continue;
    const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
    if (method !== 'tools/call' || typeof params?.name !== 'string') continue;
    const needed = MCP_WRITE_TOOL_SCOPES.get(params.name);
    if (needed && !user.apiKeyScopes?.includes(needed)) return needed;
  }
  return null;
}

/** Any JSON object: the REST answers the scanners return are documented by the API docs (/api/docs), not repeated here. */
const anyObject = z.record(z.string(), z.unknown());

const ODDS_FORMATS = ['american', 'decimal', 'fractional'] as const;
type OddsFormat = PreferencesResponse['odds_format'];

const scanOutput = {
  /** The user's odds format: every `shown_price` (and an EV bet's `shown_fair_price`) is in it. */
  odds_format: z.enum(ODDS_FORMATS),
  opportunities: z.array(anyObject),
  boards: z.array(anyObject),
  unavailable: z.array(z.string()),
  generated_at: z.string(),
};

const priceOutput = z.object({
  outcome: z.string(),
  description: z.string().optional(),
  point: z.number().optional(),
  /** In the user's odds format (preferences). */
  price: z.string(),
  decimal: z.number(),
  book: z.string(),
  book_title: z.string(),
  age_seconds: z.number(),
  link: z.string().optional(),
});

/** A price as the user reads it: their odds format (american "+150", decimal "2.50" or fractional "6/4"). */
export function displayPrice(decimal: number, format: OddsFormat): string {
  if (format === 'decimal') return decimal.toFixed(2);
  return format === 'fractional' ? formatFractional(decimal) : formatAmerican(decimal);
}

/**
 * A scanner's opportunities with their prices also in the user's odds format, as the scanner pages show them (the
 * REST answer keeps American `price` and `decimal` for scripts): `shown_price` on an EV bet and on each leg of an
 * arbitrage or middle, `shown_fair_price` on an EV bet's fair line.
 */
export function withShownPrices(opportunities: readonly object[], format: OddsFormat): Record<string, unknown>[] {
  const shown = (item: { decimal?: unknown; fairDecimal?: unknown }) => ({
    ...item,
    ...(typeof item.decimal === 'number' ? { shown_price: displayPrice(item.decimal, format) } : {}),
    ...(typeof item.fairDecimal === 'number' ? { shown_fair_price: displayPrice(item.fairDecimal, format) } : {}),
  });
  return opportunities.map((opportunity) => {
    const { legs } = opportunity as { legs?: unknown };
    const out = shown(opportunity);
    return Array.isArray(legs) ? { ...out, legs: legs.map((leg: object) => shown(leg)) } : out;
  });
}

/** A REST answer as a tool result: the same JSON as text (older clients) and as structured content. */
function ok(data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
}

/** A refusal as REST words it (`{statusCode, code, message}`), as a tool error the assistant can read and relay. */
function refused(error: HttpException): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(error.getResponse()) }] };
}

const logger = new Logger('McpTools');

/**
 * A refusal as REST words it (the same entitlement, validation and availability errors) is a tool error; so is any
 * other fault, in REST's words too (toErrorBody: a dependency down is REST's 503 body, anything else "Server error. Our
 * team has been notified.", logged with its stack as the HTTP filter logs it), never the fault's own message (a
 * PostgreSQL error's wording) for the assistant to relay.
 */
async function answer(run: () => Promise<Record<string, unknown>>): Promise<CallToolResult> {
  try {
    return ok(await run());
  } catch (error) {
    if (error instanceof HttpException) return refused(error);
    const body = toErrorBody(error);
    if (body.code === 'SERVICE_UNAVAILABLE')
      logger.warn({ msg: 'Tool refused for an outage', reason: (error as Error).message });
    else logger.error({ msg: 'Tool failed', err: error });
    return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
  }
}

/**
 * A tool's callback that first holds its arguments to the text rule of every REST input (TextInputPipe, in its words:
 * "bookmaker: must not contain control characters"), as docs/mcp.md promises REST's validation. A tool's own schema
 * takes any string, so without it a NUL reached PostgreSQL (its raw encoding error the refusal), a BEL was stored,
 * and a lone surrogate was stored as U+FFFD. A tool without an input schema is given no arguments.
 */
function textRuleFirst<C>(inputSchema: unknown, callback: C): C {
  if (inputSchema === undefined) return callback;
  return ((args: unknown, ...rest: unknown[]) => {
    const refusal = textInputRefusal(args, 'arguments');
    return refusal
      ? refused(ApiErrors.validation(refusal))
      : (callback as (...params: unknown[]) => unknown)(args, ...rest);
  }) as C;
}

/**
 * "The user's books" as the web client's tables start from them (DECISIONS 36): the saved books the plan allows, the
 * default ones (DECISIONS 16) when none is saved or the plan allows none of them, never every book.
 */
function myBooks(preferences: PreferencesResponse): string[] {
  return startingSportsbooks(preferences.sportsbooks);
}

/** Undefined stays absent; numbers and lists become the query-string text REST's schemas read. */
function query(args: Record<string, string | number | readonly string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined) continue;
    out[key] = typeof value === 'object' ? value.join(',') : String(value);
  }
  return out;
}

/**
 * Whether a game is the team's: by the team directory within the sport's league (a nickname, abbreviation or city
 * and nickname: "Niners", "KC", "LA Rams", as pick settlement matches them), else by the text within a team's name.
 */
export function matchesTeam(event: Pick<BoardEvent, 'home_team' | 'away_team'>, team: string, sport: string): boolean {
  const needle = team.trim().toLowerCase();
  return [event.home_team, event.away_team].some(
    (name) => teamsMatch(team, name, sport) || name.toLowerCase().includes(needle),
  );
}

/** The best price of each outcome of each market of an event across the books given, with its book, age and link. */
export function bestPricesOf(event: BoardEvent, format: OddsFormat, now: number) {
  const best = new Map<string, z.infer<typeof priceOutput> & { market: string }>();
  for (const book of event.bookmakers) {
    for (const market of book.markets) {
      for (const o of market.outcomes) {
        const id = `${market.key}|${o.name}|${o.description ?? ''}|${o.point ?? ''}`;
        const held = best.get(id);
        if (held && held.decimal >= o.price) continue;
        best.set(id, {
          market: market.key,
          outcome: o.name,
          ...(o.description === undefined ? {} : { description: o.description }),
          ...(o.point === undefined ? {} : { point: o.point }),
          price: displayPrice(o.price, format),
          decimal: o.price,
          book: book.key,
          book_title: book.title,
          age_seconds: Math.max(0, Math.round((now - Date.parse(market.last_update)) / 1000)),
          ...((o.link ?? market.link ?? book.link) ? { link: o.link ?? market.link ?? book.link } : {}),
        });
      }
    }
  }
  return [...best.values()];
}

/**
 * One MCP server for one request of one key's user (the transport is stateless: any server process answers any
 * request). Every tool reads through the REST route's own service, schema and entitlement check, with the key's plan,
 * so a tool can never show more than REST shows the same key.
 */
export function createMcpServer(user: AuthUser, session: McpSession | null, deps: McpToolDeps): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { capabilities: { resources: { subscribe: true }, tools: {} } });
  subscriptions(server, session);
  // every tool is registered through this one door, so none reads arguments the text rule has not passed
  const tool: McpServer['registerTool'] = (name, config, callback) =>
    server.registerTool(name, config, textRuleFirst(config.inputSchema, callback));
  const access: PlanAccess = user.access;
  const prefs = () => deps.preferences.get(user.id, access);
  const commission = async (given: Record<string, number> | undefined) => {
    if (given) return given;
    const mine = (await prefs()).commissions;
    return Object.keys(mine).length ? mine : undefined;
  };

  tool(
    'list_sports',
    {
      title: 'List sports',
      description: 'The sports OddsPulse polls, with their keys (use a key as `sport` in the other tools).',
      inputSchema: {},
      outputSchema: { sports: z.array(anyObject) },
      annotations: READ_ONLY,
    },
    () => answer(async () => ({ sports: await deps.odds.sports() })),
  );

  tool(
    'find_games',
    {
      title: 'Find games',
      description:
        "A sport's upcoming and live games of a team, named as a bettor names it: the team directory knows nicknames, " +
        'abbreviations and city forms ("Niners", "KC", "LA Rams"); any part of a team\'s name also matches.',
      inputSchema: {
        sport: z.string().min(1).describe('Sport key, e.g. basketball_nba (list_sports)'),
        team: z.string().min(2).max(100).describe('A team as you would name it, e.g. "Celtics", "KC", "Niners"'),
      },
      outputSchema: { games: z.array(anyObject) },
      annotations: READ_ONLY,
    },
    ({ sport, team }) =>
      answer(async () => {
        const { body } = await deps.odds.events(sport);
        return { games: body.filter((event) => matchesTeam(event, team, sport)) };
      }),
  );

  tool(
    'best_prices',
    {
      title: 'Best prices',
      description:
        "The best price of each outcome across the books, for a sport's games (one event, or those of a team), in " +
        "the user's odds format with book, age and deep link. Books: the user's saved books, or every book the plan sees.",
      inputSchema: {
        sport: z.string().min(1).describe('Sport key, e.g. basketball_nba'),
        team: z.string().min(2).max(100).optional().describe('Part of a team name'),
        event_id: z.string().min(1).max(200).optional(),
        market: z.string().min(1).max(60).default('h2h').describe('h2h, spreads, totals, …'),
        books: z.enum(['mine', 'all']).default('all').describe("'mine': the user's saved books"),
      },
      outputSchema: {
        odds_format: z.enum(ODDS_FORMATS),
        games: z.array(
          z.object({
            id: z.string(),
            home_team: z.string(),
            away_team: z.string(),
            commence_time: z.string(),
            prices: z.array(priceOutput.extend({ market: z.string() })),
          }),
        ),
      },
      annotations: READ_ONLY,
    },
    ({ sport, team, event_id, market, books }) =>
      answer(async () => {
        const preferences = await prefs();
        const q = parseInput(
          cachedOddsQuerySchema,
          query({
            markets: market,
            eventId: event_id,
            bookmakers: books === 'mine' ? myBooks(preferences) : undefined,
          }),
          'query',
        );
        const board = await deps.odds.cachedOdds(sport, q, access);
        const now = Date.now();
        const games = board.events
          .filter((event) => !team || matchesTeam(event, team, sport))
          .map((event) => ({
            id: event.id,
            home_team: event.home_team,
            away_team: event.away_team,
            commence_time: event.commence_time,
            prices: bestPricesOf(event, preferences.odds_format, now),
          }));
        return { odds_format: preferences.odds_format, games };
      }),
  );

  const scanInput = {
    sports: z.array(z.string().min(1)).max(30).optional().describe('Sport keys; every polled sport when absent'),
    books: z.array(z.string().min(1)).max(60).optional().describe('Book keys; every book the plan sees when absent'),
    commission: z
      .record(z.string(), z.number().min(0).lt(1))
      .optional()
      .describe("Exchange commission by book, as fractions; the user's own rates when absent"),
  };
  const shownScan = async (scan: { opportunities: readonly object[] } & object) => {
    const { odds_format } = await prefs();
    return { ...scan, odds_format, opportunities: withShownPrices(scan.opportunities, odds_format) };
  };
  const scanArgs = async (args: { sports?: string[]; books?: string[]; commission?: Record<string, number> }) => {
    const rates = await commission(args.commission);
    return {
      ...query({ sports: args.sports, books: args.books }),
      ...(rates ? { commission: Object.entries(rates).map(([book, rate]) => `${book}:${rate}`) } : {}),
    };
  };

  tool(
    'find_ev',
    {
      title: 'Find +EV bets',
      description: 'Positive expected value bets, best first, against a de-vigged fair line (Gold and Platinum).',
      inputSchema: {
        ...scanInput,
        method: z.enum(DEVIG_METHODS).optional().describe(`De-vig method, default ${DEFAULT_DEVIG_METHOD}`),
        minEv: z.number().min(-100).max(100).optional().describe('Smallest edge, percent'),
      },
      outputSchema: scanOutput,
      annotations: READ_ONLY,
    },
    (args) =>
      answer(async () => {
        assertPaidPlan(access);
        const q = parseInput(
          evQuerySchema,
          { ...query({ method: args.method, minEv: args.minEv }), ...(await scanArgs(args)) },
          'query',
        );
        return shownScan(await deps.scanners.ev(q, access));
      }),
  );

  tool(
    'find_arbitrage',
    {
      title: 'Find arbitrage',
      description: 'Arbitrage across books, stakes sized for the bankroll, net of the commission rates (Platinum).',
      inputSchema: {
        ...scanInput,
        minProfit: z.number().min(0.1).max(50).optional().describe('Smallest profit, percent'),
        bankroll: z.number().min(1).optional().describe('Whole dollars'),
        maxStake: z.number().positive().optional().describe('Largest stake on one leg, dollars'),
      },
      outputSchema: scanOutput,
      annotations: READ_ONLY,
    },
    (args) =>
      answer(async () => {
        assertPlatinum(access);
        const own = query({ minProfit: args.minProfit, bankroll: args.bankroll, maxStake: args.maxStake });
        const q = parseInput(arbitrageQuerySchema, { ...own, ...(await scanArgs(args)) }, 'query');
        return shownScan(await deps.scanners.arbitrage(q, access));
      }),
  );

  tool(
    'find_middles',
    {
      title: 'Find middles',
      description: 'Middles (both sides can win), stakes sized for the bankroll, net of commission rates (Platinum).',
      inputSchema: {
        ...scanInput,
        minGap: z.number().min(0.5).max(20).optional(),
        minProbability: z.number().min(5).max(50).optional().describe('Percent'),
        bankroll: z.number().min(1).optional().describe('Whole dollars'),
        maxStake: z.number().positive().optional(),
      },
      outputSchema: scanOutput,
      annotations: READ_ONLY,
    },
    (args) =>
      answer(async () => {
        assertPlatinum(access);
        const own = query({
          minGap: args.minGap,
          minProbability: args.minProbability,
          bankroll: args.bankroll,
          maxStake: args.maxStake,
        });
        const q = parseInput(middlesQuerySchema, { ...own, ...(await scanArgs(args)) }, 'query');
        return shownScan(await deps.scanners.middles(q, access));
      }),
  );

  tool(
    'find_steam',
    {
      title: 'Find steam',
      description:
        'Active steam: a sharp move confirmed by the market, with the soft books still at the old price (Platinum).',
      inputSchema: { sports: scanInput.sports, books: scanInput.books },
      outputSchema: { alerts: z.array(anyObject), generated_at: z.string() },
      annotations: READ_ONLY,
    },
    ({ sports, books }) =>
      answer(async () => {
        assertPlatinum(access);
        const q = parseInput(steamQuerySchema, query({ sports, books }), 'query');
        return { ...(await deps.steam.active(q, access)) };
      }),
  );

  tool(
    'line_history',
    {
      title: 'Line history',
      description:
        "A game's line movement per book and market (the books the plan sees), prices in the user's odds format " +
        '(American for a fractional reader: the history is numbers).',
      inputSchema: {
        sport: z.string().min(1).describe('Sport key'),
        event_id: z.string().min(1).max(200).describe('The game (find_games, best_prices)'),
        markets: z
          .array(z.string().min(1))
          .max(10)
          .optional()
          .describe('Of h2h, spreads, totals (another is refused); default: all three'),
        books: z.array(z.string().min(1)).max(60).optional(),
      },
      outputSchema: { odds_format: z.enum(['american', 'decimal']), bookmakers: z.array(anyObject) },
      annotations: READ_ONLY,
    },
    ({ sport, event_id, markets, books }) =>
      answer(async () => {
        // REST's history is American or decimal (its prices are numbers, charted): a fractional reader gets American
        const preferred = (await prefs()).odds_format;
        const odds_format = preferred === 'fractional' ? 'american' : preferred;
        const q = parseInput(
          oddsHistoryQuerySchema,
          query({ sport, eventId: event_id, markets, bookmakers: books, oddsFormat: odds_format }),
          'query',
        );
        return { odds_format, bookmakers: [...(await deps.history.history(q, access))] };
      }),
  );

  tool(
    'my_picks',
    {
      title: 'My picks',
      description: "One page of the user's tracked picks, newest first by default; page on with `cursor`.",
      inputSchema: {
        period: z.enum(PICK_PERIODS).optional().describe('7d, 30d or 90d'),
        status: z.enum(PICK_STATUS_FILTERS).optional(),
        sort: z.enum(PICK_SORTS).optional(),
        cursor: z.string().max(400).optional().describe('nextCursor of the page before'),
        limit: z.number().int().min(1).max(PICKS_PAGE_MAX).optional(),
      },
      outputSchema: { picks: z.array(anyObject), nextCursor: z.string().nullable() },
      annotations: READ_ONLY,
    },
    (args) =>
      answer(async () => {
        const { status, ...options } = parseInput(pickPageSchema, query(args), 'query');
        const page = await deps.picks.list(user.id, { ...options, status: status === 'all' ? undefined : status });
        return { ...page };
      }),
  );

  tool(
    'pick_stats',
    {
      title: 'Pick stats',
      description:
        "The user's results over a period: won/lost/pushed, ROI, average edge and closing-line value (CLV), the share " +
        'of picks that beat the closing line, streaks, and each by month, sport (league), book and market.',
      inputSchema: { period: z.enum(PICK_PERIODS).optional().describe('7d, 30d or 90d') },
      outputSchema: {
        roi: z.number(),
        avgClv: z.number().nullable(),
        beatCloseRate: z.number().nullable(),
        totalBets: z.number(),
        sportStats: anyObject,
        bookStats: anyObject,
        marketStats: anyObject,
      },
      annotations: READ_ONLY,
    },
    ({ period }) =>
      answer(async () => {
        const { period: chosen } = parseInput(pickPageSchema, query({ period }), 'query');
        return { ...(await deps.picks.stats(user.id, chosen)) };
      }),
  );

  tool(
    'devig',
    {
      title: 'De-vig',
      description:
        "A market's prices (every outcome, one book) → fair probabilities and fair odds, by the method given.",
      inputSchema: {
        prices: z.array(z.number()).min(2).max(20).describe('American (e.g. -110) or decimal (e.g. 1.91) prices'),
        format: z.enum(['american', 'decimal']).default('american'),
        method: z.enum(DEVIG_METHODS).default(DEFAULT_DEVIG_METHOD),
      },
      outputSchema: {
        method: z.string(),
        margin_pct: z.number(),
        fair: z.array(z.object({ probability_pct: z.number(), price: z.string(), decimal: z.number() })),
      },
      annotations: READ_ONLY,
    },
    ({ prices, format, method }) =>
      answer(async () => {
        const decimals = prices.map((price) => decimalPrice(price, format));
        const result = devig(decimals, method);
        if (!result.ok) throw ApiErrors.validation(`Cannot de-vig these prices: ${result.reason}`, 'INVALID_PRICES');
        const shown = (await prefs()).odds_format;
        return {
          method,
          margin_pct: round(result.margin * 100, 3),
          fair: result.probabilities.map((p) => ({
            probability_pct: round(p * 100, 3),
            price: displayPrice(1 / p, shown),
            decimal: round(1 / p, 4),
          })),
        };
      }),
  );

  tool(
    'kelly_stake',
    {
      title: 'Kelly stake',
      description: "The Kelly stake for a bet: the user's bankroll (preferences) and the fraction of full Kelly given.",
      inputSchema: {
        price: z.number().describe('The price offered, American (e.g. +150) or decimal (with format=decimal)'),
        format: z.enum(['american', 'decimal']).default('american'),
        win_probability_pct: z.number().gt(0).lt(100).describe('Your fair win probability, percent'),
        fraction: z.number().gt(0).max(1).default(0.25).describe('Share of full Kelly, e.g. 0.25'),
      },
      outputSchema: {
        bankroll: z.number(),
        full_kelly_pct: z.number(),
        stake: z.number(),
        edge_pct: z.number(),
      },
      annotations: READ_ONLY,
    },
    ({ price, format, win_probability_pct, fraction }) =>
      answer(async () => {
        const decimal = decimalPrice(price, format);
        if (!(decimal > 1)) throw ApiErrors.validation('Decimal odds must be above 1', 'INVALID_PRICES');
        const p = win_probability_pct / 100;
        const full = kellyFraction(p, decimal);
        const { bankroll } = await prefs();
        // money in integer cents, rounded half-up once, never below nothing (no edge: no bet)
        const stakeCents = Math.max(0, Math.floor(bankroll * 100 * full * fraction + 0.5));
        return {
          bankroll,
          full_kelly_pct: round(full * 100, 3),
          stake: stakeCents / 100,
          edge_pct: round((p * decimal - 1) * 100, 3),
        };
      }),
  );

  tool(
    'scores',
    {
      title: 'Scores',
      description: "A sport's games of a day with their scores and states.",
      inputSchema: {
        sport: z.string().min(1).optional().describe('Sport key'),
        date: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/)
          .optional()
          .describe('YYYY-MM-DD; today when absent'),
      },
      outputSchema: { games: z.array(anyObject), board: anyObject },
      annotations: READ_ONLY,
    },
    (args) =>
      answer(async () => {
        const q = parseInput(scoresQuerySchema, query(args), 'query');
        const { games, board } = await deps.scores.scores(q);
        return { games, board: { ...board } };
      }),
  );

  tool(
    'track_pick',
    {
      title: 'Track a pick',
      description:
        "Adds a bet to the user's tracked picks (as the pick tracker's Add does), pending until it settles. Needs a key " +
        'made with the picks:write scope; the plan caps how many picks the account keeps.',
      inputSchema: {
        game: z.string().min(1).max(200).describe('e.g. "Boston Celtics @ New York Knicks"'),
        league: z.string().min(1).max(40).describe('e.g. NBA'),
        sport: z.string().max(64).optional().describe('Sport key, e.g. basketball_nba'),
        market: z.string().min(1).max(100).describe('e.g. Moneyline, Spread, Total'),
        selection: z.string().min(1).max(200).describe('e.g. "Boston Celtics -3.5"'),
        odds: z.union([z.number(), z.string().max(16)]).describe('American odds, e.g. -110 or "+150"'),
        stake: z.number().min(0).describe("Dollars: at least 1 (the bet slip's minimum), or 0 to set it later"),
        bookmaker: z.string().max(64).optional().describe('Book key, e.g. draftkings'),
        event_id: z.string().max(200).optional().describe('The game (find_games), for settlement from its score'),
        commence_time: z.string().max(40).optional().describe('ISO 8601 start'),
        note: z.string().max(1000).optional(),
      },
      outputSchema: { pick: anyObject },
      annotations: { title: 'Track a pick', ...ADDS },
    },
    ({ stake, event_id, commence_time, ...rest }) =>
      answer(async () => {
        const input = parseInput(
          createPickSchema,
          {
            ...rest,
            // dollars to integer cents, a third decimal rounded half-up once (DECISIONS 25), as an import reads them
            stakeCents: dollarsToCents(stake),
            eventId: event_id,
            commenceTime: commence_time,
          },
          'body',
        );
        return { pick: { ...(await deps.picks.create({ id: user.id, plan: access.plan }, input)) } };
      }),
  );

  tool(
    'create_alert',
    {
      title: 'Create an alert',
      description:
        `Adds an alert rule (as the alerts page does). ${AlertMessages.platinumRequired} ${AlertMessages.goldRequired} A ` +
        "price target fires when a game's price reaches the one given. Delivered by push and/or e-mail; webhooks are " +
        'set up on the alerts page, where their signing secret is shown. Needs a key made with the picks:write scope.',
      inputSchema: {
        kind: z.enum(ALERT_KINDS),
        min: z
          .number()
          .min(0)
          .max(100)
          .optional()
          .describe('Percent: profit, middle probability or EV; not for price_target'),
        sports: z.array(z.string()).max(40).optional().describe('Sport keys; all when absent'),
        books: z.array(z.string()).max(60).optional().describe('Book keys; all the plan sees when absent'),
        max_leg_age_seconds: z.number().int().min(1).max(86_400).optional(),
        push: z.boolean().default(false),
        email: z.boolean().default(false),
        target: z
          .object({
            sport: z.string(),
            eventId: z.string(),
            market: z.string(),
            outcome: z.string(),
            point: z.number().nullable().optional(),
            price: z.number().int().describe('American odds: this price or better'),
          })
          .optional()
          .describe('price_target only'),
      },
      outputSchema: { alert: anyObject },
      annotations: { title: 'Create an alert', ...ADDS },
    },
    ({ max_leg_age_seconds, ...rest }) =>
      answer(async () => {
        const input = parseInput(
          createAlertSchema,
          { ...rest, ...(max_leg_age_seconds === undefined ? {} : { maxLegAgeSeconds: max_leg_age_seconds }) },
          'body',
        );
        return { alert: { ...(await deps.alerts.create(user, input)) } };
      }),
  );

  server.registerResource(
    'opportunities',
    OPPORTUNITIES_URI,
    {
      title: 'My live opportunities',
      description:
        "The +EV bets (Gold and Platinum), arbitrage and middles (Platinum) at the user's books now. Subscribe to " +
        'hear when they move (notifications/resources/updated), then read it again.',
      mimeType: 'application/json',
    },
    async (uri) => {
      const preferences = await prefs();
      const books = myBooks(preferences).join(',');
      const rates = Object.entries(preferences.commissions).map(([book, rate]) => `${book}:${rate}`);
      const base = { books, ...(rates.length ? { commission: rates } : {}) };
      const opportunities: Record<string, unknown> = {};
      // a plan that lacks a scanner gets no list for it: what REST would refuse is left out, never shown
      try {
        assertPaidPlan(access);
        opportunities.ev = (await deps.scanners.ev(parseInput(evQuerySchema, base, 'query'), access)).opportunities;
        assertPlatinum(access);
        opportunities.arbitrage = (
          await deps.scanners.arbitrage(parseInput(arbitrageQuerySchema, base, 'query'), access)
        ).opportunities;
        opportunities.middles = (
          await deps.scanners.middles(parseInput(middlesQuerySchema, base, 'query'), access)
        ).opportunities;
      } catch (error) {
        if (!(error instanceof HttpException) || error.getStatus() === 503) throw error;
        opportunities.refused = error.getResponse();
      }
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(opportunities) }] };
    },
  );

  return server;
}

/** Decimal odds of +100000 American, the first price longer than a pick's odds may be (5 digits, pickOddsText). */
const LONGEST_DECIMAL = americanToDecimal(100_000);

/**
 * A calculator tool's price (devig, kelly_stake) as decimal odds, or refused with INVALID_PRICES as these tools refuse
 * a price they cannot compute with: an American price inside (−100, +100), or one of +100000 (decimal 1001) or
 * longer, which no pick may hold either. Far longer ones overflowed the answer: 1e308 made an edge (or a fair price)
 * of Infinity, which the tool's own output schema then failed as a server error (docs/mcp.md: bad input is refused).
 */
function decimalPrice(price: number, format: 'american' | 'decimal'): number {
  if (format === 'american' && !(Math.abs(price) >= 100))
    throw ApiErrors.validation(`Not an American price: ${price}`, 'INVALID_PRICES');
  const decimal = format === 'american' ? americanToDecimal(price) : price;
  if (!(decimal < LONGEST_DECIMAL))
    throw ApiErrors.validation(`Odds must be shorter than +100000 (decimal ${LONGEST_DECIMAL})`, 'INVALID_PRICES');
  return decimal;
}

function round(value: number, places: number): number {
  const scale = 10 ** places;
  return Math.round(value * scale) / scale;
}

/**
 * `resources/subscribe` and `resources/unsubscribe` for the opportunities resource, kept with the session (any process
 * answers the next request, or serves the stream that carries the notifications: McpController.stream).
 */
function subscriptions(server: McpServer, session: McpSession | null): void {
  const known = (uri: string) => {
    if (uri !== OPPORTUNITIES_URI)
      throw new McpError(ErrorCode.InvalidParams, `Only ${OPPORTUNITIES_URI} can be subscribed to`);
    if (!session)
      throw new McpError(ErrorCode.InvalidRequest, 'Subscriptions need the session initialize gave (Mcp-Session-Id)');
    return session;
  };
  server.server.setRequestHandler(SubscribeRequestSchema, async ({ params }) => {
    await known(params.uri).subscribe(params.uri);
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, async ({ params }) => {
    await known(params.uri).unsubscribe(params.uri);
    return {};
  });
}
