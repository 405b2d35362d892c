import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import {
  closingLineFor,
  closingLineValue,
  JobName,
  JobPayload,
  findPickGame,
  matchPickToGame,
  ResultCandidate,
  SettlementRun,
  SettlementTrigger,
  settlementPayoutCents,
  settlementSport,
  settlePick,
  SETTLEMENT_CONFIDENCE_REQUIRED,
  unsupportedSportMessage,
  UnsettledReason,
  UserPick,
  ValidationCounts,
  americanToDecimal,
  decimalToAmerican,
  gameDay,
  leagueNamesFor,
  parseAmerican,
  ScoreboardEvent,
} from '@oddspulse/shared';
import {
  APP_CONFIG,
  type AppConfig,
  OddsHistoryRepository,
  GameResult,
  GameResultsRepository,
  gameResultOf,
  PickRow,
  PicksRepository,
  toPick,
  JobQueueService,
  MetricsService,
  RealtimePublisher,
  LiveStateRepository,
  SettlementRunsRepository,
} from '@oddspulse/core';
import { CLOCK, Clock } from '../feeds/clock';
import { FeedGate } from '../feeds/feed-gate';
import { SCORES_PROVIDER, ScoresProvider } from '../feeds/providers';
import { OnJob } from '../jobs/on-job.decorator';
import { joinToOdds } from '../scores/odds-join';

const DAY = 86_400_000;
/** Spec 002 §9: automatic runs look at picks added in the last 3 days, against results of today and the 7 days before. */
const AUTO_PICK_WINDOW_DAYS = 3;
const RESULT_LOOKBACK_DAYS = 8;
/** The earliest start of the games a run looks at (knownGames): every game known from then on is among them. */
const lookbackStart = (now: number) => new Date(now - RESULT_LOOKBACK_DAYS * DAY);

/**
 * The days "Validate now" reads each league's scoreboard of: spec 002 §7, "today plus each of the previous 7 days", as
 * US Eastern days (gameDay), the days ESPN lists its scoreboards by. 8 requests per league, no more.
 */
function validationDays(now: number): string[] {
  // from noon UTC of today's date, a whole day back is the day before whatever the zone's offset or a DST change
  const today = Date.parse(`${gameDay(now)}T12:00:00Z`);
  return Array.from({ length: RESULT_LOOKBACK_DAYS }, (_, i) => new Date(today - i * DAY).toISOString().slice(0, 10));
}

/** A game settlement can match a pick to: a final result, or a game still on a scoreboard (`result` null). */
type Candidate = ResultCandidate & { sport: string; result: GameResult | null };

/**
 * Settles picks against final scores (spec 002 §4–§5, DECISIONS 19, 23, 24): when a game turns final, on a
 * schedule over the look-back window, and on demand for one user ("Validate now"). Settling is
 * idempotent: only pending picks change, once. A pick whose game is not found, not final, ambiguous (games still
 * on the scoreboards count) or unreadable keeps its status and records why. Each user hears of their
 * settled picks on their own realtime channel.
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
    private readonly feeds: LiveStateRepository,
    private readonly publisher: RealtimePublisher,
    private readonly jobs: JobQueueService,
    private readonly runs: SettlementRunsRepository,
    private readonly metrics: MetricsService,
    private readonly gate: FeedGate,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs.schedule(JobName.PicksSettleWindow, this.config.SETTLEMENT_INTERVAL_MS);
  }

  @OnJob(JobName.PicksSettleGame)
  settleGame({ sport, game }: JobPayload<typeof JobName.PicksSettleGame>) {
    return this.recorded('game', sport, async () => {
      const result = gameResultOf(sport, game, this.scores.name);
      if (!result) return { settled: 0 };
      await this.results.save([result]);
      const now = this.clock();
      // every game known for the sport, not this one alone: a pick another game could be stays pending (DECISIONS 24)
      const known = await this.knownGames([sport], now);
      const pending = await this.automaticPending(now, sport);
      const { settled } = await this.settle(
        pending,
        [candidate(result), ...known.filter((c) => c.game_id !== result.game_id)],
        lookbackStart(now),
      );
      return { checked: pending.length, settled: settled.length };
    });
  }

  @OnJob(JobName.PicksSettleWindow)
  settleWindow() {
    return this.recorded('window', null, async () => {
      const now = this.clock();
      const pending = await this.automaticPending(now);
      const sports = [...new Set(pending.map((p) => this.sportOf(p)).filter((s): s is string => s !== null))];
      const { settled } = await this.settle(pending, await this.knownGames(sports, now), lookbackStart(now));
      return { checked: pending.length, settled: settled.length };
    });
  }

  /**
   * "Validate now": every pending pick of the user (spec 002 §4), with a fresh look at the scoreboards of each of their
   * leagues, today's and the 7 days' before (§7).
   */
  @OnJob(JobName.PicksValidateUser)
  async validateUser(data: JobPayload<typeof JobName.PicksValidateUser>): Promise<ValidationCounts> {
    const counts = await this.recorded('validate', null, async () => {
      const result = await this.validate(data);
      return { ...result, settled: result.updated };
    });
    return { checked: counts.checked, matched: counts.matched, updated: counts.updated, errors: counts.errors };
  }

  /**
   * Runs one settlement job and records it for the operations page: when, what started it, how many picks
   * it looked at and settled, how long it took, and its error. A run that cannot be recorded (Redis away) is logged.
   */
  private async recorded<T extends { checked?: number; settled: number }>(
    trigger: SettlementTrigger,
    sport: string | null,
    work: () => Promise<T>,
  ): Promise<T> {
    const started = this.clock();
    const record = async (run: Pick<SettlementRun, 'checked' | 'settled' | 'error'>) => {
      const at = new Date(started).toISOString();
      await this.runs
        .record({ at, trigger, sport, duration_ms: this.clock() - started, ...run })
        .catch((error: Error) =>
          this.logger.warn({ trigger, sport, err: error }, `Could not record the settlement run: ${error.message}`),
        );
    };
    let result: T;
    try {
      result = await work();
    } catch (error) {
      await record({ checked: null, settled: 0, error: (error as Error).message });
      throw error;
    }
    await record({ checked: result.checked ?? null, settled: result.settled, error: null });
    return result;
  }

  private async validate({ userId }: JobPayload<typeof JobName.PicksValidateUser>): Promise<ValidationCounts> {
    const now = this.clock();
    const pending = await this.picks.pendingSince(null, userId);
    const errors: string[] = [];
    const bySport = new Map<string, PickRow[]>();
    for (const pick of pending) {
      const sport = this.sportOf(pick);
      if (!sport) {
        const message = unsupportedSportMessage(pick.league);
        if (!errors.includes(message)) errors.push(message);
        await this.recordUnsettled(pick, { code: 'unsupported_league' });
        continue;
      }
      bySport.set(sport, [...(bySport.get(sport) ?? []), pick]);
    }
    let updated = 0;
    let matched = 0;
    for (const [sport, picks] of bySport) {
      try {
        const { games, failed } = await this.readScoreboards(sport, now);
        // kept as the scores pipeline keeps its finals: joined to the odds feed's event, saved as results
        const odds = (await this.feeds.board('odds', sport))?.events ?? null;
        const read = joinToOdds(games, odds, (await this.feeds.scoreboard(sport))?.games ?? null);
        await this.results.save(
          read.map((g) => gameResultOf(sport, g, this.scores.name)).filter((r): r is GameResult => r !== null),
        );
        // a day that could not be read is skipped (spec 002 §8) and named; the others and the results kept still settle
        if (failed.length) errors.push(`Failed to validate ${picks[0].league} bets: ${failed.join('; ')}`);
        // the games read that have not finished count too (a doubleheader's second game): a pick that could be one of
        // them is not settled on another (DECISIONS 24), as for the polled scoreboards' (knownGames)
        const known = await this.knownGames([sport], now);
        const ids = new Set(known.map((c) => c.game_id));
        const open = read.filter((g) => !ids.has(g.id) && !gameResultOf(sport, g, this.scores.name));
        const run = await this.settle(
          picks,
          [...known, ...open.map((g) => openCandidate(sport, g))],
          lookbackStart(now),
        );
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

  /**
   * The games of a sport's scoreboards of the validation days (validationDays), read at once through the feed gate (a
   * provider backing off or halted is not asked; a failure counts towards its back-off as a poll's does), each request
   * with the feeds' time-out, retries and deadline. A day that fails is skipped with a warning (spec 002 §8) and named
   * in `failed`, "{days}: {reason}" per reason. A provider that cannot name a day gives its current scoreboard, whose
   * failure throws.
   */
  private async readScoreboards(sport: string, now: number): Promise<{ games: ScoreboardEvent[]; failed: string[] }> {
    const read = (fetch: () => Promise<ScoreboardEvent[]>) => this.gate.call(this.scores.name, 'scores', sport, fetch);
    const byDay = this.scores.fetchScoresOn?.bind(this.scores);
    if (!byDay) return { games: await read(() => this.scores.fetchScores(sport)), failed: [] };
    const days = validationDays(now);
    const answers = await Promise.allSettled(days.map((day) => read(() => byDay(sport, day))));
    // a game listed on two days (postponed, suspended) is read once, as the latest day lists it
    const games = new Map<string, ScoreboardEvent>();
    const failedDays = new Map<string, string[]>();
    answers.forEach((answer, i) => {
      if (answer.status === 'fulfilled') {
        for (const game of answer.value) if (!games.has(game.id)) games.set(game.id, game);
        return;
      }
      const reason = (answer.reason as Error).message;
      failedDays.set(reason, [...(failedDays.get(reason) ?? []), days[i]]);
      this.logger.warn({ msg: 'Validation skips a scoreboard it could not read', sport, day: days[i], reason });
    });
    return {
      games: [...games.values()],
      failed: [...failedDays].map(([reason, skipped]) => `${skipped.join(', ')}: ${reason}`),
    };
  }

  /** A game started: the last prices before it are each pending pick's closing line (CLV). */
  @OnJob(JobName.PicksRecordClose)
  async recordClose({ sport, game }: JobPayload<typeof JobName.PicksRecordClose>) {
    if (!game.event_id) return { recorded: 0 };
    // every pending pick: a pick's closing line is wanted however long ago it was added (its game is starting now)
    const onGame = (await this.pendingFor(sport, null)).filter((p) =>
      matchPickToGame(this.toMatch(p, sport), [
        {
          game_id: game.id,
          event_id: game.event_id,
          home_team: game.home_team,
          away_team: game.away_team,
          commence_time: game.commence_time,
        },
      ]),
    );
    if (!onGame.length) return { recorded: 0 };
    const closes = await this.history.closingPrices(sport, game.event_id, new Date(game.commence_time));
    let recorded = 0;
    for (const pick of onGame) {
      const taken = parseAmerican(pick.odds);
      const close = taken === null ? null : closingLineFor({ ...pick, sport }, closes);
      if (!close || taken === null) continue;
      const closingAmerican = Math.round(decimalToAmerican(close.decimal) * 100) / 100;
      await this.picks.recordClose(pick.id, closingAmerican, closingLineValue(americanToDecimal(taken), close.decimal));
      recorded += 1;
    }
    return { recorded };
  }

  private async pendingFor(sport: string, since: Date | null): Promise<PickRow[]> {
    return (await this.picks.pendingForSport(sport, leagueNamesFor(sport), since)).filter(
      (p) => this.sportOf(p) === sport,
    );
  }

  /**
   * The pending picks an automatic run considers, of one sport or of all: spec 002 §4, "Automatic validation considers
   * only pending picks added in the last 3 days", for the run of a game turned final and the scheduled run alike.
   * "Validate now" considers every pending pick of the user (§4: "Manual validation considers all pending picks").
   */
  private automaticPending(now: number, sport?: string): Promise<PickRow[]> {
    const since = new Date(now - AUTO_PICK_WINDOW_DAYS * DAY);
    return sport ? this.pendingFor(sport, since) : this.picks.pendingSince(since);
  }

  private sportOf(pick: PickRow): string | null {
    return (pick.sport && settlementSport(pick.sport)) || settlementSport(pick.league);
  }

  private toMatch(pick: PickRow, sport: string) {
    return {
      game: pick.game,
      eventId: pick.event_id,
      commenceTime: pick.commence_time?.toISOString() ?? null,
      dateAdded: pick.date_added.toISOString(),
      sport,
    };
  }

  /**
   * Every game a pick of these sports could be on: results stored over the look-back, finals on the current
   * scoreboards (kept as results), and the scoreboards' games that have not finished (they settle nothing, but a
   * pick that could be one of them is not settled on another).
   */
  private async knownGames(sports: readonly string[], now: number): Promise<Candidate[]> {
    const stored = await this.results.findSince(sports, lookbackStart(now));
    const current: GameResult[] = [];
    const open: Candidate[] = [];
    for (const sport of sports) {
      const board = await this.feeds.scoreboard(sport);
      for (const game of board?.games ?? []) {
        const result = gameResultOf(sport, game, this.scores.name);
        if (result) current.push(result);
        else open.push(openCandidate(sport, game));
      }
    }
    await this.results.save(current);
    const byKey = new Map<string, GameResult>();
    for (const r of stored)
      byKey.set(`${r.sport_key}:${r.game_id}`, { ...r, commence_time: r.commence_time.toISOString() });
    for (const r of current) byKey.set(`${r.sport_key}:${r.game_id}`, r);
    return [...[...byKey.values()].map(candidate), ...open];
  }

  /** Why a pick stays pending, written only when it says something new (every run looks at every pending pick). */
  private async recordUnsettled(pick: PickRow, reason: UnsettledReason): Promise<void> {
    const games = reason.code === 'ambiguous' ? (reason.games ?? null) : null;
    if (pick.unsettled_reason === reason.code && pick.unsettled_games === games) return;
    await this.picks.markUnsettled(pick.id, reason);
  }

  /**
   * Settles what can be settled, records why each other pick cannot be, and tells each user; returns
   * the picks that changed and how many had one final game. `games` are every game known to start from `coveredFrom`
   * on: a pick without a start time that may be on an earlier one is not matched by name on a later one (findPickGame).
   * Each pick is marked as owed its push in the UPDATE that settles it, and the pushes go out after (announce), so a
   * worker killed in between leaves the marks for the next run instead of a push lost for good.
   */
  private async settle(
    pending: readonly PickRow[],
    games: readonly Candidate[],
    coveredFrom: Date,
  ): Promise<{ settled: UserPick[]; matched: number }> {
    const now = new Date(this.clock());
    const settled: UserPick[] = [];
    let matched = 0;
    for (const pick of pending) {
      const sport = this.sportOf(pick);
      if (!sport) {
        await this.recordUnsettled(pick, { code: 'unsupported_league' });
        continue;
      }
      const found = findPickGame(
        this.toMatch(pick, sport),
        games.filter((g) => g.sport === sport),
        coveredFrom,
      );
      if (!found.game) {
        await this.recordUnsettled(
          pick,
          found.reason === 'ambiguous' ? { code: 'ambiguous', games: found.games } : { code: found.reason },
        );
        continue;
      }
      const game = found.game.result!;
      matched += 1;
      const outcome = settlePick({ ...pick, sport }, game);
      if (!outcome.settled) {
        await this.recordUnsettled(pick, { code: outcome.reason });
        continue;
      }
      if (outcome.confidence <= SETTLEMENT_CONFIDENCE_REQUIRED) continue;
      const row = await this.picks.settle(pick.id, {
        status: outcome.status,
        actual_payout_cents: settlementPayoutCents(outcome.status, pick.stake_cents, pick.potential_cents),
        settled_date: now,
        validated_by: game.source,
        validation_confidence: outcome.confidence,
        espn_game_id: game.game_id,
        announce_pending: true,
      });
      if (row) {
        settled.push(toPick(row));
        this.metrics.picksSettled.inc({ status: outcome.status });
      }
    }
    if (settled.length) this.logger.log({ settled: settled.length }, `Settled ${settled.length} pick(s)`);
    await this.announce(now);
    return { settled, matched };
  }

  /**
   * Sends each user one `picks.settled` push for their picks still owed one: this run's, and any a killed run settled
   * without telling. The user's owed picks stay locked from their read until they are marked sent, so a run at the
   * same time does not send them again; a push is cleared only once sent, so one may be sent twice (a kill between
   * the publish and the commit), which the browser takes as the same picks settled again; never none.
   */
  private async announce(now: Date): Promise<void> {
    const at = now.toISOString();
    for (const userId of await this.picks.usersOwedAnnouncement())
      await this.picks.transaction(async (trx) => {
        const rows = await this.picks.lockUnannounced(userId, trx);
        if (!rows.length) return;
        await this.publisher.publish({
          channel: 'user',
          key: userId,
          at,
          type: 'picks.settled',
          data: { count: rows.length, picks: rows.map(toPick) },
        });
        await this.picks.markAnnounced(
          rows.map((r) => r.id),
          trx,
        );
      });
  }
}

/** A stored or current final result as a candidate game. */
function candidate(result: GameResult): Candidate {
  const { game_id, event_id, home_team, away_team, commence_time, sport_key } = result;
  return { game_id, event_id, home_team, away_team, commence_time, sport: sport_key, result };
}

/** A game on a scoreboard that has not finished: it settles nothing, but a pick that could be it is not settled on another. */
function openCandidate(sport: string, game: ScoreboardEvent): Candidate {
  return {
    game_id: game.id,
    event_id: game.event_id ?? null,
    home_team: game.home_team,
    away_team: game.away_team,
    commence_time: game.commence_time,
    final: false,
    sport,
    result: null,
  };
}
