import { Inject, Injectable } from '@nestjs/common';
import {
  steamAlertAmong,
  steamAlertOutlived,
  type BoardPositions,
  type PlanAccess,
  type SteamAlert,
  type SteamRecord,
} from '@oddspulse/shared';
import { APP_CONFIG, type AppConfig, SteamRecordRepository, SteamStateRepository } from '@oddspulse/core';
import { requirePolledSports, visibleBooks } from '../odds/odds-view';
import { recordCursor, type SteamQuery, type SteamRecordQuery } from './steam.dto';

export interface SteamResponse {
  /** Most recent first; each with the stale books the caller can take. */
  alerts: SteamAlert[];
  generated_at: string;
  /** Where each sport's steam channel stood as its alerts were read: a listener joins it from there. */
  positions: BoardPositions;
}

/**
 * Steam alerts (DECISIONS 34): the live list as detection keeps it in Redis, and the graded record from PostgreSQL.
 * Neither call detects: the workers do, on every change of the boards.
 */
@Injectable()
export class SteamService {
  constructor(
    private readonly state: SteamStateRepository,
    private readonly records: SteamRecordRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The active alerts of the sports asked for, each with only the stale books among `books` the plan sees (an alert
   * left with none is not the caller's to take), its age taken to now, and where each sport's steam channel stood as
   * they were read (the browser's socket joins from there). An alert the clock has ended (30 minutes old, or its game
   * started: DECISIONS 34) is left out though the workers have not expired it yet.
   */
  async active(query: SteamQuery, access: PlanAccess, now = Date.now()): Promise<SteamResponse> {
    requirePolledSports(this.config.FEED_SPORTS, query.sports);
    const sports = query.sports.length ? query.sports : this.config.FEED_SPORTS;
    const visible = visibleBooks(access);
    const shown = (book: string) =>
      (visible === null || visible.has(book)) && (!query.books.length || query.books.includes(book));
    const reads = await this.state.positionedAlerts(sports);
    const alerts = reads
      .flatMap((read) => read.alerts)
      .flatMap((stored) => {
        if (steamAlertOutlived(stored, now)) return [];
        const alert = steamAlertAmong(stored, shown);
        if (!alert) return [];
        const ageSeconds = Math.max(0, Math.round((now - Date.parse(alert.movedAt)) / 1000));
        return [{ ...alert, ageSeconds }];
      });
    alerts.sort((a, b) => b.timeFound.localeCompare(a.timeFound) || a.id.localeCompare(b.id));
    const positions: BoardPositions = Object.fromEntries(sports.map((sport, i) => [sport, reads[i].position]));
    return { alerts, generated_at: new Date(now).toISOString(), positions };
  }

  /**
   * The graded record: by sport and market and over every alert, and a page of the alerts kept, newest first. It is
   * public, so it holds the alerts no one can take any more (expired, or their game started): a live alert, its sharp
   * move and the soft books still at the old price, is the Platinum list's (DECISIONS 34).
   */
  async record(query: SteamRecordQuery, now = Date.now()): Promise<SteamRecord> {
    const filter = { sport: query.sport, market: query.market, closedBy: new Date(now) };
    const [{ overall, groups }, page] = await Promise.all([
      this.records.groups(filter),
      this.records.entries(filter, query.limit, query.before),
    ]);
    return { overall, groups, alerts: page.entries, nextBefore: page.next && recordCursor(page.next) };
  }
}
