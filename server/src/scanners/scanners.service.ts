import { Inject, Injectable } from '@nestjs/common';
import {
  ARBITRAGE_DEFAULTS,
  canonicalBookKey,
  findArbitrageOnBoard,
  findEvBetsOnBoard,
  findMiddlesOnBoard,
  MIDDLE_DEFAULTS,
  type ArbitrageOpportunity,
  type BoardEvent,
  type EvBet,
  type MiddleOpportunity,
  type SportBoard,
} from '@oddspulse/shared';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { LiveBoardsRepository } from '../odds/live-boards.repository';
import { boardUnavailable } from '../odds/odds-errors';
import { freshness, list, type BoardFreshness } from '../odds/odds-view';
import type { Query } from '../odds/odds.service';
import { bankrollDollars, devigMethod, numberInRange } from './scanner-query';

export interface ScanResponse<T> {
  opportunities: T[];
  /** How fresh each board scanned is (`stale_since` set while its feed is failing). */
  boards: BoardFreshness[];
  /** Sports asked for (or polled) that have no board yet. */
  unavailable: string[];
  generated_at: string;
}

/**
 * The scanners (spec 001 §5, §7): the engine's detection run on the current boards with the caller's own
 * settings (minimum profit, stake, bankroll, gap, probability, books), so stakes are sized for this user.
 */
@Injectable()
export class ScannersService {
  constructor(
    private readonly boards: LiveBoardsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async ev(query: Query, now = Date.now()): Promise<ScanResponse<EvBet>> {
    const options = {
      method: devigMethod(query.method),
      minEvPct: numberInRange(query.minEv, 'minEv', -100, 100, 0),
      books: this.books(query),
    };
    return this.scan(query, true, now, (events) => findEvBetsOnBoard(events, options, now).sort((a, b) => b.evPct - a.evPct));
  }

  async arbitrage(query: Query, now = Date.now()): Promise<ScanResponse<ArbitrageOpportunity>> {
    const bankroll = bankrollDollars(query.bankroll, ARBITRAGE_DEFAULTS.bankroll);
    const options = {
      bankroll,
      minProfitPct: numberInRange(query.minProfit, 'minProfit', 0.1, 50, ARBITRAGE_DEFAULTS.minProfitPct),
      maxStake: numberInRange(query.maxStake, 'maxStake', 10, 10000, ARBITRAGE_DEFAULTS.maxStake),
      books: this.books(query),
    };
    return this.scan(query, true, now, (events) => findArbitrageOnBoard(events, options, now).sort((a, b) => b.profitPct - a.profitPct));
  }

  async middles(query: Query, now = Date.now()): Promise<ScanResponse<MiddleOpportunity>> {
    const options = {
      bankroll: bankrollDollars(query.bankroll, MIDDLE_DEFAULTS.bankroll),
      minGap: numberInRange(query.minGap, 'minGap', 0.5, 20, MIDDLE_DEFAULTS.minGap),
      minProbability: numberInRange(query.minProbability, 'minProbability', 5, 50, MIDDLE_DEFAULTS.minProbability),
      maxStake: numberInRange(query.maxStake, 'maxStake', 10, 10000, MIDDLE_DEFAULTS.maxStake),
      books: this.books(query),
    };
    return this.scan(query, false, now, (events) => findMiddlesOnBoard(events, options, now).sort((a, b) => b.probability - a.probability));
  }

  private books(query: Query): string[] | undefined {
    const books = list(query.books ?? query.bookmakers).map(canonicalBookKey);
    return books.length ? books : undefined;
  }

  private async scan<T>(query: Query, withProps: boolean, now: number, detect: (events: BoardEvent[]) => T[]): Promise<ScanResponse<T>> {
    const asked = list(query.sports ?? query.sport);
    const sports = asked.length ? asked : this.config.FEED_SPORTS;
    const [odds, props] = await Promise.all([this.boards.boards('odds', sports), withProps ? this.boards.boards('props', sports) : Promise.resolve([])]);
    const unavailable = sports.filter((_, i) => !odds[i]);
    if (unavailable.length === sports.length) throw boardUnavailable('odds', unavailable);
    const present = [...odds, ...props].filter((b): b is SportBoard => b !== null);
    return {
      opportunities: detect(present.flatMap((b) => b.events)),
      boards: present.map((b) => freshness(b.sport_key, b)),
      unavailable,
      generated_at: new Date(now).toISOString(),
    };
  }
}
