import { Inject, Injectable } from '@nestjs/common';
import {
  booksInRegions,
  canonicalBookKey,
  CORE_SPORTS,
  toApiGame,
  type ApiGame,
  type DateFormat,
  type BoardEvent,
  type PlanAccess,
  type PriceFormat,
  packBoards,
  type BoardPositions,
  type PackedBoards,
  type Sport,
  type SportBoard,
} from '@oddspulse/shared';
import { ApiErrors } from '../errors/api-errors';
import {
  APP_CONFIG,
  type AppConfig,
  LiveStateNotices,
  LiveStateRepository,
  OddsApiAccountRepository,
  type BoardKind,
} from '@oddspulse/core';
import { ViewCache, type View } from '../view-cache/view-cache';
import { LiveVersions } from '../view-cache/live-versions';
import { WarmViews } from '../view-cache/warm-views';
import type { BoardsView, CachedOddsQuery, OddsDataQuery, OddsQuery, PlayerPropsQuery } from './odds.dto';
import {
  booksKey,
  dateFilterHoldsUntil,
  filterEvents,
  freshness,
  requirePolledSports,
  type BoardFreshness,
  type DateFilter,
  visibleBooks,
  withoutBookIds,
} from './odds-view';
import { propItems, type PlayerPropItem } from './prop-items';

export interface WithFreshness<T> {
  body: T;
  boards: BoardFreshness[];
  /** Until when the body holds for boards that do not change (epoch ms): answers that depend on the clock end. */
  validUntil?: number;
}

/** An answer from the view cache and the freshness of the boards behind it (for the headers). */
export interface ServedView {
  view: View;
  boards: BoardFreshness[];
}

/** Props answers of one game flag markets locked by age (spec 001 §5), so they are rebuilt at most once a second. */
const CLOCK_BOUND_MS = 1_000;

/** The Odds API lists outrights and specials as sports; the odds page filters them out (spec 001 §7). */
const NOT_A_GAME_SPORT = /outright|winner|election|championship|futures/i;

/**
 * The odds-data calls (spec 001 §7), served from the pipeline's boards in Redis, never from a provider. The
 * free plan sees its popular books only (spec 000 §5); metering happens in the guard.
 */
@Injectable()
export class OddsService {
  constructor(
    private readonly boards: LiveStateRepository,
    private readonly oddsApi: OddsApiAccountRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly views: ViewCache,
    private readonly versions: LiveVersions,
    private readonly warm: WarmViews,
  ) {}

  /** GET /api/odds, built once per board version, markets, regions, books, formats, date filter and plan books. */
  oddsView(query: OddsQuery, access: PlanAccess, now = Date.now()): Promise<ServedView> {
    return this.cachedView('odds', 'odds', query.sports, query, access, now, (at) => this.odds(query, access, at));
  }

  oddsDataView(query: OddsDataQuery, access: PlanAccess, now = Date.now()): Promise<ServedView> {
    return this.cachedView('odds-data', 'odds', [query.sport], query, access, now, (at) =>
      this.oddsData(query, access, at),
    );
  }

  playerPropsView(query: PlayerPropsQuery, access: PlanAccess, now = Date.now()): Promise<ServedView> {
    const sports = query.variant === 'game' ? [query.league] : query.sports;
    return this.cachedView('player-props', 'props', sports, query, access, now, (at) =>
      this.playerProps(query, access, at),
    );
  }

  /**
   * GET /api/boards: its body carries each board's `fetched_at` and `stale_since`, so those are part of its version. The
   * packed form is what the screens' first loads download, so it alone is compressed more strongly once it is out (View):
   * the plain form, for API clients, would take the stronger compressions' turns from the first visits.
   */
  storedBoardsView(query: BoardsView, access: PlanAccess, now = Date.now()): Promise<ServedView> {
    return this.cachedView(
      'boards',
      query.kind,
      query.sports,
      query,
      access,
      now,
      (at) => this.storedBoards(query, access, at),
      {
        freshnessInBody: true,
        firstLoad: query.format === 'packed',
      },
    );
  }

  /** The sports the pipeline polls; `active` false for those The Odds API says are out of season (when it is the feed). */
  async sports(): Promise<Sport[]> {
    const known = new Map(CORE_SPORTS.map((s) => [s.key, s]));
    const inSeason = await this.oddsApi.inSeasonSports();
    return this.config.FEED_SPORTS.filter((key) => !NOT_A_GAME_SPORT.test(key)).map((key) => ({
      ...(known.get(key) ?? { key, title: key, group: key.split('_')[0] }),
      active: inSeason ? inSeason.includes(key) : true,
    }));
  }

  async events(sport: string): Promise<WithFreshness<Array<Omit<BoardEvent, 'bookmakers'>>>> {
    const [board] = await this.requireBoards('odds', [sport]);
    const events = board.events.map(({ bookmakers: _books, ...event }) => event);
    return { body: events, boards: [freshness(sport, board)] };
  }

  /** GET /api/odds: the games of the sports asked for, in the markets and regions asked for (spec 001 §5 filters). */
  async odds(query: OddsQuery, access: PlanAccess, now = Date.now()): Promise<WithFreshness<ApiGame[]>> {
    return this.games('odds', query.sports, { ...query, access, now });
  }

  /** GET /api/odds-data: one sport (regions us and markets h2h by default, spec 001 §7). */
  async oddsData(query: OddsDataQuery, access: PlanAccess, now = Date.now()): Promise<WithFreshness<ApiGame[]>> {
    return this.games('odds', [query.sport], { ...query, access, now });
  }

  /** GET /api/cached-odds/{sport}: the board itself (decimal prices, `fetched_at`, `stale_since`), optionally narrowed. */
  async cachedOdds(sport: string, query: CachedOddsQuery, access: PlanAccess): Promise<SportBoard> {
    const [board] = await this.requireBoards('odds', [sport]);
    const books = this.narrowBooks(visibleBooks(access), query.bookmakers);
    return {
      ...board,
      events: filterEvents(board.events, { markets: query.markets, books, eventId: query.eventId, now: Date.now() }),
    };
  }

  /**
   * GET /api/boards: the boards themselves, as the pipeline keeps them and the socket's diffs patch them (decimal
   * prices as stored, `fetched_at`, `stale_since`), narrowed to the plan's books and the markets asked for, without the
   * books' ids the browser does not read: the browser's first load, with no trip through The Odds API's shape and back.
   * `format` packed is the same boards in packed-boards' columns; each format is its own cached view.
   */
  async storedBoards(
    query: BoardsView,
    access: PlanAccess,
    now = Date.now(),
  ): Promise<WithFreshness<({ boards: SportBoard[] } | PackedBoards) & { positions: BoardPositions }>> {
    const stored = await this.requirePositionedBoards(query.kind, query.sports);
    const books = visibleBooks(access);
    const boards = stored.map(({ board }) => ({
      ...board,
      events: withoutBookIds(filterEvents(board.events, { markets: query.markets, books, now })),
    }));
    // where each sport's channel stood as its board was read: the browser's socket joins from there
    const positions: BoardPositions = Object.fromEntries(query.sports.map((sport, i) => [sport, stored[i].position]));
    return {
      body: query.format === 'packed' ? { ...packBoards(boards), positions } : { boards, positions },
      boards: stored.map(({ board }) => freshness(board.sport_key, board)),
    };
  }

  /**
   * GET /api/player-props. Variant A (league, date, game_id, markets): one game's props as flat items.
   * Variant B (sports, date, bookFilter): the props boards' games.
   */
  async playerProps(
    query: PlayerPropsQuery,
    access: PlanAccess,
    now = Date.now(),
  ): Promise<WithFreshness<PlayerPropItem[] | ApiGame[]>> {
    if (query.variant === 'game') {
      const [board] = await this.requireBoards('props', [query.league]);
      const filter = {
        markets: query.markets,
        books: visibleBooks(access),
        eventId: query.game_id,
        date: query.date,
        now,
      };
      const body = filterEvents(board.events, filter).flatMap(propItems(now));
      return { body, boards: [freshness(query.league, board)], validUntil: now + CLOCK_BOUND_MS };
    }
    return this.games('props', query.sports, { ...query, regions: [], bookmakers: query.bookFilter, access, now });
  }

  private async games(
    kind: BoardKind,
    sports: string[],
    options: {
      markets: string[];
      /** Canonical regions; empty for every region. */
      regions: string[];
      bookmakers: string[];
      oddsFormat: PriceFormat;
      dateFormat: DateFormat;
      date: DateFilter;
      access: PlanAccess;
      now: number;
    },
  ): Promise<WithFreshness<ApiGame[]>> {
    let books = this.narrowBooks(visibleBooks(options.access), options.bookmakers);
    if (options.regions.length) {
      const inRegions = booksInRegions(options.regions);
      books = new Set([...(books ?? inRegions)].filter((key) => inRegions.has(key)));
    }
    const boards = await this.requireBoards(kind, sports);
    const games = boards.flatMap((board) =>
      filterEvents(board.events, { markets: options.markets, books, date: options.date, now: options.now }),
    );
    games.sort((a, b) => Date.parse(a.commence_time) - Date.parse(b.commence_time));
    return {
      body: games.map((g) => toApiGame(g, options.oddsFormat, options.dateFormat)),
      boards: boards.map((b) => freshness(b.sport_key, b)),
      validUntil: dateFilterHoldsUntil(
        boards.flatMap((b) => b.events),
        options.date,
        options.now,
      ),
    };
  }

  /**
   * The answer for these boards' current version from the view cache, built by `build` on a miss. The version is
   * the boards' stamps alone (a few bytes, not the boards; from LiveVersions, in memory); content is always read after
   * its stamp, so a view is never older than the version it is kept under. Boards without a revision are answered
   * uncached. A cached view is kept warm (WarmViews): its next version is built as one of its boards changes.
   */
  private async cachedView(
    route: string,
    kind: BoardKind,
    sports: string[],
    query: object,
    access: PlanAccess,
    now: number,
    build: (now: number) => Promise<WithFreshness<unknown>>,
    options: ViewOptions = {},
  ): Promise<ServedView> {
    const base = `${route}|${kind}|${JSON.stringify(query)}|${booksKey(access)}`;
    const view = (at: number) => this.versionedView(base, kind, sports, at, build, options);
    const { served, versioned } = await view(now);
    // the next version is built as its board changes, not by the next request (WarmViews)
    if (versioned)
      this.warm.asked(base, () => ({
        notices: sports.map((sport) => LiveStateNotices.board(kind, sport)),
        rebuild: async () => (await view(Date.now())).served.view.precompress(),
      }));
    return served;
  }

  /** The view `base` of the boards' current versions, from the cache or built; `versioned` false when a board has no revision (not cached). */
  private async versionedView(
    base: string,
    kind: BoardKind,
    sports: string[],
    now: number,
    build: (now: number) => Promise<WithFreshness<unknown>>,
    { freshnessInBody = false, firstLoad = false }: ViewOptions,
  ): Promise<{ served: ServedView; versioned: boolean }> {
    requirePolledSports(this.config.FEED_SPORTS, sports);
    const stamps = await this.versions.boardStamps(kind, sports);
    const missing = sports.filter((_, i) => !stamps[i]);
    if (missing.length) throw ApiErrors.boardUnavailable(kind, missing);
    const versions = stamps.map(
      (s) => s?.revision && (freshnessInBody ? `${s.revision}@${s.fetched_at}@${s.stale_since ?? ''}` : s.revision),
    );
    const key = versions.every(Boolean) ? `${base}|${versions.join(',')}` : null;
    const { view, meta } = await this.views.view(
      key,
      async () => {
        const built = await build(now);
        return { body: built.body, validUntil: built.validUntil, meta: built.boards, firstLoad };
      },
      now,
    );
    return {
      served: { view, boards: key ? stamps.map((stamp, i) => freshness(sports[i], stamp)) : meta },
      versioned: key !== null,
    };
  }

  /** The user's chosen books within what the plan allows; an empty choice means all allowed. */
  private narrowBooks(allowed: Set<string> | null, chosen: string[]): Set<string> | null {
    if (!chosen.length) return allowed;
    const picked = chosen.map(canonicalBookKey);
    return new Set(allowed ? picked.filter((key) => allowed.has(key)) : picked);
  }

  /** Every board asked for, or a 503 naming the sports that have none yet. */
  private async requireBoards(kind: BoardKind, sports: string[]): Promise<SportBoard[]> {
    requirePolledSports(this.config.FEED_SPORTS, sports);
    return everyBoard(kind, sports, await this.boards.boards(kind, sports));
  }

  /** requireBoards, each board with its channel's position read with it. */
  private async requirePositionedBoards(kind: BoardKind, sports: string[]) {
    requirePolledSports(this.config.FEED_SPORTS, sports);
    return everyBoard(kind, sports, await this.boards.positionedBoards(kind, sports));
  }
}

/** How a route's views are kept: the boards' freshness as part of their version (it is in the body); a first load's (View). */
interface ViewOptions {
  freshnessInBody?: boolean;
  firstLoad?: boolean;
}

/** The boards read for `sports`, or a 503 naming the sports that have none yet. */
function everyBoard<T>(kind: BoardKind, sports: readonly string[], reads: ReadonlyArray<T | null>): T[] {
  const missing = sports.filter((_, i) => !reads[i]);
  if (missing.length) throw ApiErrors.boardUnavailable(kind, missing);
  return reads as T[];
}
