import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  FeedStatus,
  JobName,
  JobPayload,
  RealtimeChannel,
  ScoreboardEvent,
  SportScoreboard,
  failureIsNews,
  feedStatus,
  gameReactionsOf,
  implausibleAnswer,
  reactionsTopic,
  type ReactionKeyMove,
} from '@oddspulse/shared';
import {
  JobQueueService,
  MetricsService,
  RealtimePublisher,
  LiveStateRepository,
  ReactionsRepository,
} from '@oddspulse/core';
import { CLOCK, Clock } from '../feeds/clock';
import { FeedError } from '../feeds/feed-errors';
import { FeedGate } from '../feeds/feed-gate';
import { FEED_LOCK_TTL_MS, failedPollStatus, lockedFeedPoll } from '../feeds/feed-poll';
import { SCORES_PROVIDER, ScoresProvider } from '../feeds/providers';
import { LoggedExternalFailure } from '../jobs/external-failure';
import { PollSummary } from '../feeds/poll-summary';
import { OnJob } from '../jobs/on-job.decorator';
import { joinToOdds, reactionKeyMoves } from './odds-join';
import { diffScoreboards } from './scoreboard-diff';

export interface ScoresPollResult {
  sport: string;
  outcome: 'updated' | 'unchanged' | 'locked' | 'paused';
  games?: number;
  updated?: number;
  finals?: number;
}

/**
 * One poll of a sport's scoreboard: fetch, join each game to the odds feed's event and its books (joinToOdds),
 * keep the scoreboard in Redis, publish the games that changed and those it no longer lists and, on their own, the
 * games that turned final
 * (settlement listens for those).
 */
@Injectable()
export class ScoresPipelineService {
  private readonly logger = new Logger(ScoresPipelineService.name);

  constructor(
    @Inject(SCORES_PROVIDER) private readonly provider: ScoresProvider,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly state: LiveStateRepository,
    private readonly publisher: RealtimePublisher,
    private readonly jobs: JobQueueService,
    private readonly metrics: MetricsService,
    private readonly gate: FeedGate,
    private readonly summary: PollSummary,
    private readonly reactions: ReactionsRepository,
  ) {}

  @OnJob(JobName.ScoresPoll)
  async poll(data: JobPayload<typeof JobName.ScoresPoll>): Promise<ScoresPollResult> {
    const result = await lockedFeedPoll(this.metrics, this.state, 'scores', data.sport, () => this.run(data.sport));
    return result ?? { sport: data.sport, outcome: 'locked' };
  }

  private async run(sport: string): Promise<ScoresPollResult> {
    const started = this.clock();
    const at = new Date(started).toISOString();
    const previous = await this.state.scoreboard(sport);
    let games: ScoreboardEvent[];
    try {
      // An empty scoreboard is refused while the last one still has games not final (a day with no games may be
      // empty): a refusal is a failure the gate backs off from, as it does from an error.
      const fetched = await this.gate.call(
        this.provider.name,
        'scores',
        sport,
        () => this.provider.fetchScores(sport),
        {
          refuse: (answer) =>
            implausibleAnswer(
              { kept: answer.length, dropped: 0 },
              previous?.games.map((g) => ({ finished: g.status === 'final' })) ?? null,
            ),
        },
      );
      games = joinToOdds(fetched, (await this.state.board('odds', sport))?.events ?? null, previous?.games ?? null);
    } catch (error) {
      if (!(error instanceof FeedError)) throw error;
      return this.failed(sport, previous, error, started);
    }
    const { updated, removed, finals, started: startedGames } = diffScoreboards(previous?.games ?? null, games);
    const board: SportScoreboard = { sport_key: sport, fetched_at: at, games };
    // Settlement and closing lines run as jobs with ids per game, so a final seen twice settles once. They are enqueued
    // before the scoreboard is saved: a crash in between then polls the same finals again and enqueues
    // them again, where saving first lost them for good (the next poll saw nothing new).
    for (const game of finals)
      await this.jobs.add(JobName.PicksSettleGame, { sport, game }, { jobId: `settle-${sport}-${game.id}` });
    for (const game of startedGames)
      await this.jobs.add(JobName.PicksRecordClose, { sport, game }, { jobId: `close-${sport}-${game.id}` });
    await this.saveScoreboard(board, reactionKeyMoves(previous?.games ?? null, games), at);
    if (updated.length || removed.length)
      await this.publisher.publish({
        channel: 'scores',
        key: sport,
        at,
        type: 'score.update',
        data: { games: updated, removed },
      });
    for (const game of finals)
      await this.publisher.publish({ channel: 'scores', key: sport, at, type: 'game.final', data: { game } });
    if (previous?.stale_since)
      await this.publisher.publish({
        channel: 'scores',
        key: sport,
        at,
        type: 'board.status',
        data: { fetched_at: at, stale_since: null },
      });
    const live = games.filter((g) => g.live).length;
    await this.state.saveFeedStatus(
      this.status(sport, started, { state: 'ok', last_success_at: at, events: games.length, live }),
    );
    this.summary.polled({
      kind: 'scores',
      events: games.length,
      changedEvents: updated.length + removed.length + finals.length,
    });
    this.logger.debug(
      {
        sport,
        provider: this.provider.name,
        games: games.length,
        live,
        updated: updated.length,
        removed: removed.length,
        finals: finals.length,
        ms: this.clock() - started,
      },
      `scores ${sport}: ${games.length} games, ${live} live, ${updated.length} changed, ${removed.length} gone, ${finals.length} final`,
    );
    return {
      sport,
      outcome: updated.length || removed.length ? 'updated' : 'unchanged',
      games: games.length,
      updated: updated.length,
      finals: finals.length,
    };
  }

  /**
   * Saves the scoreboard. When it gives games their event id, the reactions made under their gameKeys move to the event
   * id first (DECISIONS 22), and the new counts are pushed to the event id's room: a page reads a game's reactions by
   * its event id once it shows one, and a reaction left under the gameKey would vanish from it (its user free to react
   * again, a second row for one user and game). The move and its pushes hold each game's keys locked
   * (ReactionsRepository.lockGame), as a reaction's write does, so the pushes are in order with those of reactions; and
   * as a reaction is stored after reading the scoreboard under the lock of the key it was sent with (ReactionsService),
   * one sent under a gameKey meanwhile is stored before the move, and moved, or finds the event id saved here. The
   * scoreboard is saved before the move is committed: a failure of the move or of the save undoes the move and fails
   * the poll, and the next poll, whose last scoreboard still shows those games without their event id, moves them
   * again. A commit that fails after the save (the connection lost at that moment) is the one gap: the saved scoreboard
   * shows the event ids, so no later poll moves those reactions; no order of the two saves closes both gaps.
   */
  private async saveScoreboard(board: SportScoreboard, moves: readonly ReactionKeyMove[], at: string): Promise<void> {
    if (!moves.length) return this.state.saveScoreboard(board);
    await this.reactions.transaction(async (trx) => {
      for (const { from, to } of moves) for (const key of [...from, to]) await this.reactions.lockGame(key, trx);
      for (const gameKey of await this.reactions.moveGames(moves, trx)) {
        const reactions = gameReactionsOf(await this.reactions.find(gameKey, trx));
        await this.publisher.publish({
          channel: RealtimeChannel.Reactions,
          key: reactionsTopic(gameKey),
          at,
          type: 'reactions.update',
          data: { gameKey, reactions },
        });
      }
      await this.state.saveScoreboard(board);
    });
  }

  private async announceStale(previous: SportScoreboard, staleSince: string, reason: string, now: number) {
    await this.state.saveScoreboard({ ...previous, stale_since: staleSince });
    await this.publisher.publish({
      channel: 'scores',
      key: previous.sport_key,
      at: new Date(now).toISOString(),
      type: 'board.status',
      data: { fetched_at: previous.fetched_at, stale_since: staleSince, error: reason },
    });
  }

  private status(sport: string, now: number, fields: Partial<FeedStatus>): FeedStatus {
    return feedStatus('scores', sport, this.provider.name, now, fields);
  }

  /**
   * Marks the scoreboard stale because its feed is late past its cadence, under the poll's lock, unless a poll
   * succeeded since `lastSuccessAt` or it is stale already (as OddsPipelineService.markLate). True when it marked it.
   */
  async markLate(sport: string, lastSuccessAt: string, reason: string): Promise<boolean> {
    const marked = await this.state.withFeedLock('scores', sport, FEED_LOCK_TTL_MS, async () => {
      const previous = await this.state.scoreboard(sport);
      if (!previous || previous.stale_since || Date.parse(previous.fetched_at) > Date.parse(lastSuccessAt))
        return false;
      const now = this.clock();
      await this.announceStale(previous, new Date(now).toISOString(), reason, now);
      return true;
    });
    return marked === true;
  }

  /**
   * A budget pause is not a failure; a poll the gate held back (a halted provider, a feed backing off) leaves a board
   * nobody polls, marked stale like a failed poll's.
   */
  private async failed(
    sport: string,
    previous: SportScoreboard | null,
    error: FeedError,
    now: number,
  ): Promise<ScoresPollResult> {
    const last = await this.state.feedStatus('scores', sport);
    const { base, held } = failedPollStatus(last, previous?.games.length ?? 0, error);
    const staleSince = previous?.stale_since ?? new Date(now).toISOString();
    if (previous && !previous.stale_since && error.kind !== 'paused')
      await this.announceStale(previous, staleSince, error.message, now);
    if (error.skipped) {
      await this.state.saveFeedStatus(
        this.status(sport, now, {
          ...base,
          state: 'paused',
          stale_since: error.kind === 'held' && previous ? staleSince : null,
          paused_reason: error.message,
          ...held,
        }),
      );
      return { sport, outcome: 'paused' };
    }
    await this.state.saveFeedStatus(
      this.status(sport, now, { ...base, state: 'stale', stale_since: staleSince, error: error.message }),
    );
    // The feed's, not ours: a warning with its reason when the feed starts failing or fails for another reason.
    if (failureIsNews(last, error.message)) {
      this.logger.warn(
        { sport, provider: this.provider.name, errorKind: error.kind, status: error.status, reason: error.message },
        `scores ${sport}: feed failing: ${error.message}`,
      );
    }
    this.summary.failed();
    throw new LoggedExternalFailure(`scores ${sport}: ${error.message}`);
  }
}
