import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import {
  CALLED_OFF_GRADE,
  gradeSteamAlert,
  JobName,
  steamBoardStart,
  steamBoardStartPassed,
  steamGameStart,
  steamGradeStep,
  STEAM_GRADE_AFTER_MS,
  STEAM_GRADE_GIVE_UP_MS,
  type ClosingQuote,
  type ScoreboardEvent,
} from '@oddspulse/shared';
import {
  APP_CONFIG,
  type AppConfig,
  JobQueueService,
  LiveStateRepository,
  OddsHistoryRepository,
  type PendingSteamGame,
  type PendingSteamGrade,
  SteamRecordRepository,
  SteamStateRepository,
} from '@oddspulse/core';
import { CLOCK, Clock } from '../feeds/clock';
import { OnJob } from '../jobs/on-job.decorator';

const EVERY_MS = 30_000;
/** Outbox entries kept per statement. */
const BATCH = 500;

export interface SteamRecordRun {
  kept: number;
  graded: number;
  ungraded: number;
}

/**
 * The steam record (DECISIONS 34: every alert graded against the closing line and kept). Every half minute the
 * alerts detection raised or expired, waiting in each sport's record outbox, are kept in PostgreSQL (then taken off
 * the outbox: an entry read twice is kept once), and the alerts whose game has started (at the start its odds board
 * lists now, or its scoreboard once that is stale) are graded against the closing prices in the odds history, unless
 * the game's scoreboard says it was called off (those end ungraded, with why) or still has it to be played (those
 * wait: steamGradeStep).
 */
@Injectable()
export class SteamRecordService implements OnApplicationBootstrap {
  constructor(
    private readonly state: SteamStateRepository,
    private readonly records: SteamRecordRepository,
    private readonly history: OddsHistoryRepository,
    private readonly live: LiveStateRepository,
    private readonly jobs: JobQueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs.schedule(JobName.SteamRecord, EVERY_MS);
  }

  @OnJob(JobName.SteamRecord)
  async record(): Promise<SteamRecordRun> {
    const run: SteamRecordRun = { kept: 0, graded: 0, ungraded: 0 };
    for (const sport of this.config.FEED_SPORTS) {
      for (;;) {
        const entries = await this.state.outbox(sport, BATCH);
        if (!entries.length) break;
        await this.records.keep(entries.map((e) => e.record));
        await this.state.acknowledge(
          sport,
          entries.map((e) => e.id),
        );
        run.kept += entries.length;
      }
    }
    const now = this.clock();
    const [pending, schedules] = await Promise.all([this.records.pendingGames(), this.live.oddsSchedules()]);
    const listed = new Map<string, number>(
      [...schedules].flatMap(([sport, events]) => events.map((e) => [`${sport}\t${e.id}`, e.start] as const)),
    );
    const games = pending.map((game) => {
      const key = `${game.sport_key}\t${game.event_id}`;
      return { ...game, key, listed: listed.get(key) };
    });
    // Most pending alerts are of games days ahead: only a game whose board start has passed needs its scoreboard
    // (steamBoardStartPassed), so only those games' sports are read.
    const scoreboards = await this.scoreboardGames(
      new Set(
        games
          .filter((game) => steamBoardStartPassed(steamBoardStart(game.commence_time.getTime(), game.listed), now))
          .map((game) => game.sport_key),
      ),
    );
    await this.followStarts(games, scoreboards, now);
    const due = await this.records.pendingGrades(new Date(now - STEAM_GRADE_AFTER_MS));
    const byGame = new Map<string, PendingSteamGrade[]>();
    for (const pending of due) {
      const key = `${pending.sport_key}\t${pending.event_id}`;
      byGame.set(key, [...(byGame.get(key) ?? []), pending]);
    }
    for (const [key, alerts] of byGame) {
      const { sport_key, event_id, commence_time } = alerts[0];
      const step = steamGradeStep(commence_time.getTime(), scoreboards.get(key), now);
      if (step === 'wait') continue;
      if (step === 'void') {
        for (const pending of alerts) await this.records.saveGrade(pending.id, CALLED_OFF_GRADE, new Date(now));
        run.ungraded += alerts.length;
        continue;
      }
      const closes: ClosingQuote[] = (await this.history.closingPrices(sport_key, event_id, commence_time)).map(
        (row) => ({
          book: row.bookmaker_key,
          market: row.market_key,
          side: row.outcome_name,
          point: row.point,
          price: row.price,
          at: row.recorded_at.getTime(),
        }),
      );
      for (const pending of alerts) {
        const grade = gradeSteamAlert(pending.alert, closes);
        if (grade.status === 'ungraded' && now < commence_time.getTime() + STEAM_GRADE_GIVE_UP_MS) continue;
        await this.records.saveGrade(pending.id, grade, new Date(now));
        run[grade.status] += 1;
      }
    }
    return run;
  }

  /**
   * The scoreboard's games of these sports joined to an odds event, by sport and event id: the scores worker joins each
   * game to its odds event (joinToOdds, spec 002 §5) before it saves the scoreboard, and settlement reads that join.
   */
  private async scoreboardGames(sports: ReadonlySet<string>): Promise<Map<string, ScoreboardEvent>> {
    const joined = await Promise.all(
      [...sports].map(async (sport) =>
        ((await this.live.scoreboard(sport))?.games ?? []).flatMap((game) =>
          game.event_id ? [[`${sport}\t${game.event_id}`, game] as const] : [],
        ),
      ),
    );
    return new Map(joined.flat());
  }

  /**
   * The closing line is the price standing at the game's actual start (DECISIONS 34), and the start an alert was raised
   * with may not hold: a game put back or brought forward takes the start its sport's odds board lists now (each odds
   * poll writes it) or a later one its scoreboard lists, when the scoreboard still has the game to be played past the
   * board's (steamGameStart), so it is graded at that start and given up on an hour after it. A game off the board
   * keeps the start last known.
   */
  private async followStarts(
    games: ReadonlyArray<PendingSteamGame & { key: string; listed: number | undefined }>,
    scoreboards: ReadonlyMap<string, ScoreboardEvent>,
    now: number,
  ): Promise<void> {
    for (const game of games) {
      const start = steamGameStart(game.commence_time.getTime(), game.listed, scoreboards.get(game.key), now);
      if (start === game.commence_time.getTime()) continue;
      await this.records.moveStart(game.sport_key, game.event_id, new Date(start));
    }
  }
}
