import { Inject, Injectable } from '@nestjs/common';
import {
  canonicalBookKey,
  CORE_SPORTS,
  isEventLive,
  isLockedMarket,
  sportsbookName,
  type BoardEvent,
  type PlanAccess,
  type Sport,
  type SportBoard,
} from '@oddspulse/shared';
import { AccountErrors } from '../accounts/http-errors';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { boardUnavailable } from './odds-errors';
import {
  filterEvents,
  formatPrice,
  freshness,
  list,
  OddsMessages,
  parseDateFilter,
  parseDateFormat,
  parsePriceFormat,
  regionBooks,
  toApiGame,
  type ApiGame,
  type BoardFreshness,
  visibleBooks,
} from './odds-view';
import { LiveBoardsRepository, type BoardKind } from './live-boards.repository';

export type Query = Record<string, unknown>;

export interface WithFreshness<T> {
  body: T;
  boards: BoardFreshness[];
}

/** Spec 001 §3 player-props response item (variant A). */
export interface PlayerPropItem {
  game_id: string;
  book: string;
  book_label: string;
  market: string;
  ou: string;
  player: string;
  price: number;
  line: number | null;
  url: string | null;
  link_available: boolean;
  is_latest: boolean;
  is_active: boolean;
  last_update: string;
}

/** The Odds API lists outrights and specials as sports; the odds page filters them out (spec 001 §7). */
const NOT_A_GAME_SPORT = /outright|winner|election|championship|futures/i;

/**
 * The odds-data calls (spec 001 §7), served from the pipeline's boards in Redis, never from a provider. The
 * free plan sees its popular books only (spec 000 §5, issue 5); metering happens in the guard.
 */
@Injectable()
export class OddsService {
  constructor(
    private readonly boards: LiveBoardsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The sports the pipeline polls; `active` false for those The Odds API says are out of season (when it is the feed). */
  async sports(): Promise<Sport[]> {
    const known = new Map(CORE_SPORTS.map((s) => [s.key, s]));
    const inSeason = await this.boards.inSeasonSports();
    return this.config.FEED_SPORTS.filter((key) => !NOT_A_GAME_SPORT.test(key)).map((key) => ({
      ...(known.get(key) ?? { key, title: key, group: key.split('_')[0] }),
      active: inSeason ? inSeason.includes(key) : true,
    }));
  }

  async events(query: Query): Promise<WithFreshness<Array<Omit<BoardEvent, 'bookmakers'>>>> {
    const sport = this.sport(query.sport);
    const board = await this.requireBoards('odds', [sport]);
    const events = board[0].events.map(({ bookmakers: _books, ...event }) => event);
    return { body: events, boards: [freshness(sport, board[0])] };
  }

  /** GET /api/odds: sports, markets and regions are required (spec 001 §5 filters). */
  async odds(query: Query, access: PlanAccess, now = Date.now()): Promise<WithFreshness<ApiGame[]>> {
    const sports = list(query.sports ?? query.sport);
    const markets = list(query.markets);
    const regions = list(query.regions);
    if (!sports.length || !markets.length || !regions.length) throw AccountErrors.validation(OddsMessages.selectionRequired, 'ODDS_SELECTION_REQUIRED');
    return this.games('odds', sports, { markets, regions, bookmakers: list(query.bookmakers), query, access, now });
  }

  /** GET /api/odds-data: one sport, regions us and markets h2h by default (spec 001 §7). */
  async oddsData(query: Query, access: PlanAccess, now = Date.now()): Promise<WithFreshness<ApiGame[]>> {
    const sport = this.sport(query.sport);
    const markets = list(query.markets);
    const regions = list(query.regions);
    return this.games('odds', [sport], {
      markets: markets.length ? markets : ['h2h'],
      regions: regions.length ? regions : ['us'],
      bookmakers: list(query.bookmakers),
      query,
      access,
      now,
    });
  }

  /** GET /api/cached-odds/{sport}: the board itself (decimal prices, `fetched_at`, `stale_since`), optionally narrowed. */
  async cachedOdds(sportParam: string, query: Query, access: PlanAccess): Promise<SportBoard> {
    const sport = this.sport(sportParam);
    const [board] = await this.requireBoards('odds', [sport]);
    const books = this.narrowBooks(visibleBooks(access), list(query.bookmakers));
    const eventId = typeof query.eventId === 'string' && query.eventId ? query.eventId : null;
    return { ...board, events: filterEvents(board.events, { markets: list(query.markets), books, eventId, now: Date.now() }) };
  }

  /**
   * GET /api/player-props. Variant A (league, date, game_id, markets): one game's props as flat items.
   * Variant B (sports, date, bookFilter): the props boards' games.
   */
  async playerProps(query: Query, access: PlanAccess, now = Date.now()): Promise<WithFreshness<PlayerPropItem[] | ApiGame[]>> {
    const allowed = visibleBooks(access);
    if (query.league !== undefined || query.game_id !== undefined) {
      const sport = this.sport(query.league);
      const gameId = typeof query.game_id === 'string' ? query.game_id.trim() : '';
      if (!gameId) throw AccountErrors.validation('game_id is required with league');
      const [board] = await this.requireBoards('props', [sport]);
      const events = filterEvents(board.events, { markets: list(query.markets), books: allowed, eventId: gameId, date: parseDateFilter(query.date, now), now });
      return { body: events.flatMap(propItems(now)), boards: [freshness(sport, board)] };
    }
    const sports = list(query.sports);
    if (!sports.length) throw AccountErrors.validation('Please select a league and game, or sports, to view player props');
    return this.games('props', sports, { markets: list(query.markets), regions: [], bookmakers: list(query.bookFilter), query, access, now });
  }

  private async games(
    kind: BoardKind,
    sports: string[],
    options: { markets: string[]; regions: string[]; bookmakers: string[]; query: Query; access: PlanAccess; now: number },
  ): Promise<WithFreshness<ApiGame[]>> {
    const prices = parsePriceFormat(options.query.oddsFormat);
    const dates = parseDateFormat(options.query.dateFormat);
    const date = parseDateFilter(options.query.date, options.now);
    let books = this.narrowBooks(visibleBooks(options.access), options.bookmakers);
    if (options.regions.length) {
      const inRegions = regionBooks(options.regions);
      books = new Set([...(books ?? inRegions)].filter((key) => inRegions.has(key)));
    }
    for (const sport of sports) this.sport(sport);
    const boards = await this.requireBoards(kind, sports);
    const games = boards.flatMap((board) => filterEvents(board.events, { markets: options.markets, books, date, now: options.now }));
    games.sort((a, b) => Date.parse(a.commence_time) - Date.parse(b.commence_time));
    return { body: games.map((g) => toApiGame(g, prices, dates)), boards: boards.map((b) => freshness(b.sport_key, b)) };
  }

  /** The user's chosen books within what the plan allows; an empty choice means all allowed. */
  private narrowBooks(allowed: Set<string> | null, chosen: string[]): Set<string> | null {
    if (!chosen.length) return allowed;
    const picked = chosen.map(canonicalBookKey);
    return new Set(allowed ? picked.filter((key) => allowed.has(key)) : picked);
  }

  private sport(raw: unknown): string {
    const sport = typeof raw === 'string' ? raw.trim() : '';
    if (!/^[a-z0-9_]{2,64}$/.test(sport)) throw AccountErrors.validation(OddsMessages.sportRequired, 'SPORT_REQUIRED');
    return sport;
  }

  /** Every board asked for, or a 503 naming the sports that have none yet. */
  private async requireBoards(kind: BoardKind, sports: string[]): Promise<SportBoard[]> {
    const boards = await this.boards.boards(kind, sports);
    const missing = sports.filter((_, i) => !boards[i]);
    if (missing.length) throw boardUnavailable(kind, missing);
    return boards as SportBoard[];
  }
}

function propItems(now: number) {
  return (event: BoardEvent): PlayerPropItem[] =>
    event.bookmakers.flatMap((book) =>
      book.markets.flatMap((market) =>
        market.outcomes.map((outcome) => ({
          game_id: event.id,
          book: book.key,
          book_label: sportsbookName(book.key, book.title),
          market: market.key,
          ou: outcome.name,
          player: outcome.description ?? '',
          price: formatPrice(outcome.price, 'american'),
          line: outcome.point ?? null,
          url: outcome.link ?? market.link ?? book.link ?? null,
          link_available: Boolean(outcome.link ?? market.link ?? book.link),
          is_latest: true,
          // Spec 001 §5 locked-market rule (missing or 0 odds, |odds| > 5000, last update too old).
          is_active: !isLockedMarket([outcome.price], market.last_update, now, isEventLive(event, now)),
          last_update: market.last_update,
        })),
      ),
    );
}
