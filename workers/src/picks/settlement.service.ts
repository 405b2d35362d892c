import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import {
  closingLineFor,
  closingLineValue,
  JobName,
  JobPayload,
  matchPickToGame,
  ScoreboardEvent,
  settlementPayoutCents,
  settlementSport,
  settlePick,
  SETTLEMENT_CONFIDENCE_REQUIRED,
  unsupportedSportMessage,
  UserPick,
  ValidationCounts,
  americanToDecimal,
  decimalToAmerican,
  leagueNamesFor,
} from '@oddspulse/shared';
import { APP_CONFIG } from '@oddspulse/server/config/config.module';
import type { AppConfig } from '@oddspulse/server/config/config.schema';
import { OddsHistoryRepository } from '@oddspulse/server/odds/odds-history.repository';
import { GameResult, GameResultsRepository } from '@oddspulse/server/picks/game-results.repository';
import { PickRow, PicksRepository } from '@oddspulse/server/picks/picks.repository';
import { parseAmerican, toPick } from '@oddspulse/server/picks/picks.service';
import { JobQueueService } from '@oddspulse/server/queue/job-queue.service';
import { RealtimePublisher } from '@oddspulse/server/realtime/realtime-publisher.service';
import { CLOCK, Clock } from '../feeds/clock';
import { FeedStateService } from '../feeds/feed-state.service';
import { SCORES_PROVIDER, ScoresProvider } from '../feeds/providers';
import { OnJob } from '../jobs/on-job.decorator';

const DAY = 86_400_000;
/** Spec 002 §9: automatic runs look at picks added in the last 3 days, against results of today and the 7 days before. */
const AUTO_PICK_WINDOW_DAYS = 3;
const RESULT_LOOKBACK_DAYS = 8;

/** The result kept for a final game (null for any other); the scores call answers past days from these. */
export function resultOf(sport: string, game: ScoreboardEvent, source: string): GameResult | null {
  if (game.status !== 'final' || game.home_score === null || game.away_score === null) return null;
  return {
    sport_key: sport,
    game_id: game.id,
    event_id: game.event_id ?? null,
    home_team: game.home_team,
    away_team: game.away_team,
    home_score: game.home_score,
    away_score: game.away_score,
    commence_time: game.commence_time,
    source,
  };
}

/**
 * Settles picks against final scores (spec 002 §4–§5, DECISIONS 19): when a game turns final, on a
 * schedule over the look-back window, and on demand for one user ("Validate now"). Settling is
 * idempotent: only pending picks change, once. Each user hears of their settled picks on their own
 * realtime channel.
 */
@Injectable()
export class SettlementService implements OnApplicationBootstrap {
  private readonly logger = new Logger(SettlementService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SCORES_PROVIDER) private readonly scores: ScoresProvider,
    private readonly picks: PicksRepository,
    private readonly results: GameResultsRepository,
    private readonly history: OddsHistoryRepository,
    private readonly feeds: FeedStateService,
    private readonly publisher: RealtimePublisher,
    private readonly jobs: JobQueueService,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs.schedule('picks-settle-window', JobName.PicksSettleWindow, this.config.SETTLEMENT_INTERVAL_MS, { scheduledAt: 0 });
  }

  @OnJob(JobName.PicksSettleGame)
  async settleGame({ sport, game }: JobPayload<typeof JobName.PicksSettleGame>) {
    const result = resultOf(sport, game, this.scores.name);
    if (!result) return { settled: 0 };
    await this.results.save([result]);
    const { settled } = await this.settle(await this.pendingFor(sport), [result]);
    return { settled: settled.length };
  }

  @OnJob(JobName.PicksSettleWindow)
  async settleWindow() {
    const now = this.clock();
    const pending = await this.picks.pendingSince(new Date(now - AUTO_PICK_WINDOW_DAYS * DAY));
    const sports = [...new Set(pending.map((p) => this.sportOf(p)).filter((s): s is string => s !== null))];
    const results = await this.knownResults(sports, now);
    const { settled } = await this.settle(pending, results);
    return { checked: pending.length, settled: settled.length };
  }

  /** "Validate now": every pending pick of the user, with a fresh look at each league's scoreboard. */
  @OnJob(JobName.PicksValidateUser)
  async validateUser({ userId }: JobPayload<typeof JobName.PicksValidateUser>): Promise<ValidationCounts> {
    const now = this.clock();
    const pending = await this.picks.pendingSince(null, userId);
    const errors: string[] = [];
    const bySport = new Map<string, PickRow[]>();
    for (const pick of pending) {
      const sport = this.sportOf(pick);
      if (!sport) {
        const message = unsupportedSportMessage(pick.league);
        if (!errors.includes(message)) errors.push(message);
        continue;
      }
      bySport.set(sport, [...(bySport.get(sport) ?? []), pick]);
    }
    let updated = 0;
    let matched = 0;
    for (const [sport, picks] of bySport) {
      try {
        const fresh = (await this.scores.fetchScores(sport)).map((g) => resultOf(sport, g, this.scores.name)).filter((r): r is GameResult => r !== null);
        await this.results.save(fresh);
        const run = await this.settle(picks, await this.knownResults([sport], now));
        updated += run.settled.length;
        matched += run.matched;
      } catch (error) {
        // Per league, so one failing scoreboard does not stop the others (spec 002 §8).
        errors.push(`Failed to validate ${picks[0].league} bets: ${(error as Error).message}`);
        this.logger.warn({ sport, err: error }, `Validation of ${sport} picks failed: ${(error as Error).message}`);
      }
    }
    return { checked: pending.length, matched, updated, errors };
  }

  /** A game started: the last prices before it are each pending pick's closing line (CLV). */
  @OnJob(JobName.PicksRecordClose)
  async recordClose({ sport, game }: JobPayload<typeof JobName.PicksRecordClose>) {
    if (!game.event_id) return { recorded: 0 };
    const onGame = (await this.pendingFor(sport)).filter((p) => matchPickToGame(this.toMatch(p), [{ game_id: game.id, event_id: game.event_id, home_team: game.home_team, away_team: game.away_team, commence_time: game.commence_time }]));
    if (!onGame.length) return { recorded: 0 };
    const closes = await this.history.closingPrices(sport, game.event_id, new Date(game.commence_time));
    let recorded = 0;
    for (const pick of onGame) {
      const taken = parseAmerican(pick.odds);
      const close = taken === null ? null : closingLineFor(pick, closes);
      if (!close || taken === null) continue;
      const closingAmerican = Math.round(decimalToAmerican(close.decimal) * 100) / 100;
      await this.picks.recordClose(pick.id, closingAmerican, closingLineValue(americanToDecimal(taken), close.decimal));
      recorded += 1;
    }
    return { recorded };
  }

  private async pendingFor(sport: string): Promise<PickRow[]> {
    return (await this.picks.pendingForSport(sport, leagueNamesFor(sport))).filter((p) => this.sportOf(p) === sport);
  }

  private sportOf(pick: PickRow): string | null {
    return (pick.sport && settlementSport(pick.sport)) || settlementSport(pick.league);
  }

  private toMatch(pick: PickRow) {
    return { game: pick.game, eventId: pick.event_id, commenceTime: pick.commence_time?.toISOString() ?? null, dateAdded: pick.date_added.toISOString() };
  }

  /** Results stored over the look-back plus finals on the current scoreboards. */
  private async knownResults(sports: readonly string[], now: number): Promise<GameResult[]> {
    const stored = await this.results.findSince(sports, new Date(now - RESULT_LOOKBACK_DAYS * DAY));
    const current: GameResult[] = [];
    for (const sport of sports) {
      const board = await this.feeds.scoreboard(sport);
      for (const game of board?.games ?? []) {
        const result = resultOf(sport, game, this.scores.name);
        if (result) current.push(result);
      }
    }
    await this.results.save(current);
    const byKey = new Map<string, GameResult>();
    for (const r of stored) byKey.set(`${r.sport_key}:${r.game_id}`, { ...r, commence_time: r.commence_time.toISOString() });
    for (const r of current) byKey.set(`${r.sport_key}:${r.game_id}`, r);
    return [...byKey.values()];
  }

  /** Settles what can be settled and tells each user; returns the picks that changed and how many had a final game. */
  private async settle(pending: readonly PickRow[], results: readonly GameResult[]): Promise<{ settled: UserPick[]; matched: number }> {
    const now = new Date(this.clock());
    const byUser = new Map<string, UserPick[]>();
    let matched = 0;
    for (const pick of pending) {
      const sport = this.sportOf(pick);
      const game = matchPickToGame(this.toMatch(pick), results.filter((r) => r.sport_key === sport));
      if (!game) continue;
      matched += 1;
      const outcome = settlePick(pick, game);
      if (!outcome.settled || outcome.confidence <= SETTLEMENT_CONFIDENCE_REQUIRED) continue;
      const row = await this.picks.settle(pick.id, {
        status: outcome.status,
        actual_payout_cents: settlementPayoutCents(outcome.status, pick.stake_cents, pick.potential_cents),
        settled_date: now,
        validated_by: game.source,
        validation_confidence: outcome.confidence,
        espn_game_id: game.game_id,
      });
      if (row) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), toPick(row)]);
    }
    const at = now.toISOString();
    for (const [userId, picks] of byUser) {
      await this.publisher.publish({ channel: 'user', sport: userId, at, type: 'picks.settled', data: { count: picks.length, picks } });
    }
    const settled = [...byUser.values()].flat();
    if (settled.length) this.logger.log({ settled: settled.length, users: byUser.size }, `Settled ${settled.length} pick(s)`);
    return { settled, matched };
  }
}
