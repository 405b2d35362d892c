import { Inject, Injectable } from '@nestjs/common';
import {
  arbitrageForUser,
  DEFAULT_DEVIG_METHOD,
  evBetAt,
  evBetForUser,
  findEvBetsOnBoard,
  middleForUser,
  opportunityAt,
  type ArbitrageOpportunity,
  type BoardPositions,
  type EvBet,
  type MiddleOpportunity,
  type PlanAccess,
  type SportBoard,
} from '@oddspulse/shared';
import { APP_CONFIG, type AppConfig, LiveStateRepository, type OpportunityKind } from '@oddspulse/core';
import { ApiErrors } from '../errors/api-errors';
import { booksKey, freshness, requirePolledSports, visibleBooks, type BoardFreshness } from '../odds/odds-view';
import { ViewCache, type View } from '../view-cache/view-cache';
import { LiveVersions } from '../view-cache/live-versions';
import type { ArbitrageQuery, EvQuery, MiddlesQuery } from './scanners.dto';

/**
 * A scanner answer takes the opportunities to now (ages, timing flags, `generated_at`), so a cached one is reused
 * for a second at most, and never past a change to the boards' stamps or the opportunities.
 */
const CLOCK_BOUND_MS = 1_000;

export interface ScanResponse<T> {
  opportunities: T[];
  /** How fresh each board behind the answer is (`stale_since` set while its feed is failing). */
  boards: BoardFreshness[];
  /** Sports asked for (or polled) with neither a straight-bets nor a props board yet. */
  unavailable: string[];
  generated_at: string;
  /**
   * Where each sport's channel of the kind stood as its opportunities were read: a listener joins it from there. A +EV
   * scan of the boards by another de-vig method than detection's has none (no channel carries it).
   */
  positions?: BoardPositions;
}

/** A scan of what detection stored, with its channels' positions. */
export type PositionedScan<T> = ScanResponse<T> & { positions: BoardPositions };

/**
 * The scanners (spec 001 §5, §7). Detection keeps every sport's current opportunities in Redis, found at the
 * loosest thresholds; a call reads them, takes them to now (ages, flags, prices grown too old to bet) and applies
 * the caller's settings with the engine's own rules: minimums, books (the caller's filter and what the plan may
 * see) and stakes re-sized for the caller's max stake and bankroll. No call runs detection, except +EV with a
 * de-vig method other than the one detection uses, which only the board can answer.
 */
@Injectable()
export class ScannersService {
  constructor(
    private readonly boards: LiveStateRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly views: ViewCache,
    private readonly versions: LiveVersions,
  ) {}

  evView(query: EvQuery, access: PlanAccess, now = Date.now()): Promise<View> {
    return this.cachedView('ev', query, access, now, () => this.ev(query, access, now));
  }

  arbitrageView(query: ArbitrageQuery, access: PlanAccess, now = Date.now()): Promise<View> {
    return this.cachedView('arbitrage', query, access, now, () => this.arbitrage(query, access, now));
  }

  middlesView(query: MiddlesQuery, access: PlanAccess, now = Date.now()): Promise<View> {
    return this.cachedView('middles', query, access, now, () => this.middles(query, access, now));
  }

  async ev(query: EvQuery, access: PlanAccess, now = Date.now()): Promise<ScanResponse<EvBet>> {
    const { method, blend, minEv, books, commission } = query;
    const inputs = { minEv, books, commission };
    const visible = visibleBooks(access);
    const shown = (o: EvBet) => visible === null || visible.has(o.book);
    const best = (a: EvBet, b: EvBet) => b.evPct - a.evPct || a.id.localeCompare(b.id);
    if (method !== DEFAULT_DEVIG_METHOD) {
      const options = { method, blend, minEvPct: inputs.minEv, books: inputs.books, commission };
      return this.scanBoards(query, now, (events) => findEvBetsOnBoard(events, options, now).filter(shown).sort(best));
    }
    return this.serve<EvBet>(
      'ev',
      query,
      now,
      (o) => {
        const current = evBetAt(o, now);
        return current && shown(current) ? evBetForUser(current, inputs) : null;
      },
      best,
    );
  }

  async arbitrage(
    query: ArbitrageQuery,
    access: PlanAccess,
    now = Date.now(),
  ): Promise<PositionedScan<ArbitrageOpportunity>> {
    const { bankroll, minProfit, maxStake, books, commission } = query;
    const inputs = { bankroll, minProfit, maxStake, books, commission };
    return this.serveLegs<ArbitrageOpportunity>(
      'arbitrage',
      query,
      access,
      now,
      (current) => arbitrageForUser(current, inputs),
      (a, b) => b.profitPct - a.profitPct || a.id.localeCompare(b.id),
    );
  }

  async middles(query: MiddlesQuery, access: PlanAccess, now = Date.now()): Promise<PositionedScan<MiddleOpportunity>> {
    const { bankroll, minGap, minProbability, maxStake, books, commission } = query;
    const inputs = { bankroll, minGap, minProbability, maxStake, books, commission };
    return this.serveLegs<MiddleOpportunity>(
      'middles',
      query,
      access,
      now,
      (current) => middleForUser(current, inputs),
      (a, b) => b.probability - a.probability || b.gap - a.gap || a.id.localeCompare(b.id),
    );
  }

  /**
   * `serve` for the opportunities of several legs: each as it stands `now` (opportunityAt), kept while the plan sees
   * every leg's book, then sized by `forUser`.
   */
  private serveLegs<T extends ArbitrageOpportunity | MiddleOpportunity>(
    kind: OpportunityKind,
    query: { sports: string[] },
    access: PlanAccess,
    now: number,
    forUser: (current: T) => T | null,
    best: (a: T, b: T) => number,
  ): Promise<PositionedScan<T>> {
    const visible = visibleBooks(access);
    return this.serve<T>(
      kind,
      query,
      now,
      (o) => {
        const current = opportunityAt(o, now);
        return current && legsVisible(current, visible) ? forUser(current) : null;
      },
      best,
    );
  }

  /**
   * The answer from the view cache, keyed by the query (stakes and filters included), the plan's books and the
   * version of what it is built from: both boards' stamps and the opportunities' revision (from LiveVersions, in
   * memory). A board without a revision (written before stamps had one) is answered uncached.
   */
  private async cachedView(
    kind: OpportunityKind,
    query: { sports: string[] },
    access: PlanAccess,
    now: number,
    build: () => Promise<ScanResponse<unknown>>,
  ) {
    const sports = this.sports(query);
    const [odds, props, revisions] = await Promise.all([
      this.versions.boardStamps('odds', sports),
      this.versions.boardStamps('props', sports),
      this.versions.opportunityRevisions(kind, sports),
    ]);
    const unrevised = [...odds, ...props].some((stamp) => stamp && !stamp.revision);
    const key = unrevised
      ? null
      : `${kind}|${JSON.stringify(query)}|${booksKey(access)}|${JSON.stringify([odds, props, revisions])}`;
    const built = await this.views.view(
      key,
      async () => ({ body: await build(), validUntil: now + CLOCK_BOUND_MS, meta: null }),
      now,
    );
    return built.view;
  }

  /** The sports asked for, else every sport the pipeline polls. */
  private sports(query: { sports: string[] }): string[] {
    requirePolledSports(this.config.FEED_SPORTS, query.sports);
    return query.sports.length ? query.sports : this.config.FEED_SPORTS;
  }

  /**
   * What detection stored for the sports, each kept or dropped and sized by `forUser`, best first, with where each
   * sport's channel stood as they were read (the browser's socket joins from there: spec 001 §5's live list).
   */
  private async serve<T>(
    kind: OpportunityKind,
    query: { sports: string[] },
    now: number,
    forUser: (o: T) => T | null,
    best: (a: T, b: T) => number,
  ): Promise<PositionedScan<T>> {
    const sports = this.sports(query);
    const [odds, props, stored] = await Promise.all([
      this.boards.freshness('odds', sports),
      this.boards.freshness('props', sports),
      this.boards.positionedOpportunities<T>(kind, sports),
    ]);
    const unavailable = sports.filter((_, i) => !odds[i] && !props[i]);
    if (unavailable.length === sports.length) throw ApiErrors.boardUnavailable('odds', unavailable);
    const opportunities: T[] = [];
    for (const update of stored.flatMap((read) => read.updates)) {
      const shown = update.opportunity && forUser(update.opportunity);
      if (shown) opportunities.push(shown);
    }
    const boards = [...odds, ...props].flatMap((stamp, i) =>
      stamp ? [freshness(sports[i % sports.length], stamp)] : [],
    );
    const positions: BoardPositions = Object.fromEntries(sports.map((sport, i) => [sport, stored[i].position]));
    return {
      opportunities: opportunities.sort(best),
      boards,
      unavailable,
      generated_at: new Date(now).toISOString(),
      positions,
    };
  }

  /** The engine on the current boards, for what detection does not keep. */
  private async scanBoards<T>(
    query: { sports: string[] },
    now: number,
    detect: (events: SportBoard['events']) => T[],
  ): Promise<ScanResponse<T>> {
    const sports = this.sports(query);
    const [odds, props] = await Promise.all([this.boards.boards('odds', sports), this.boards.boards('props', sports)]);
    const unavailable = sports.filter((_, i) => !odds[i] && !props[i]);
    if (unavailable.length === sports.length) throw ApiErrors.boardUnavailable('odds', unavailable);
    const present = [...odds, ...props].filter((b): b is SportBoard => b !== null);
    return {
      opportunities: detect(present.flatMap((b) => b.events)),
      boards: present.map((b) => freshness(b.sport_key, b)),
      unavailable,
      generated_at: new Date(now).toISOString(),
    };
  }
}

/** Every leg at a book the plan may see (null: every book). */
function legsVisible(o: ArbitrageOpportunity | MiddleOpportunity, visible: ReadonlySet<string> | null): boolean {
  return visible === null || o.legs.every((leg) => visible.has(leg.book));
}
