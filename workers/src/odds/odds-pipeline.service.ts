import { Inject, Injectable, Logger } from '@nestjs/common';
import { isDeepStrictEqual } from 'node:util';
import {
  BoardEvent,
  FeedStatus,
  JobName,
  JobPayload,
  SportBoard,
  diffBoards,
  failureIsNews,
  feedStatus,
  implausibleAnswer,
  isEventLive,
  lockedMarketReader,
  settleBookLinks,
} from '@oddspulse/shared';
import {
  MetricsService,
  OddsHistoryOutboxRepository,
  RealtimePublisher,
  LiveStateRepository,
  type BoardStamp,
} from '@oddspulse/core';
import { DetectionService } from '../detection/detection.service';
import { CLOCK, Clock } from '../feeds/clock';
import { FeedError } from '../feeds/feed-errors';
import { FeedGate } from '../feeds/feed-gate';
import { failedPollStatus, lockedFeedPoll } from '../feeds/feed-poll';
import { ODDS_PROVIDER, OddsProvider } from '../feeds/providers';
import { LoggedExternalFailure } from '../jobs/external-failure';
import { PollSummary } from '../feeds/poll-summary';
import { OnJob } from '../jobs/on-job.decorator';
import { HeldBoards, mergeAnswer } from './held-boards';

/**
 * An odds board lists a game until the feed drops it after the end; one that started this long ago may be over even
 * when no scoreboard said so, so a board of only such games may empty (feed plausibility).
 */
const GAME_OVER_AFTER_MS = 8 * 3_600_000;

type BoardKind = 'odds' | 'props';

export interface PollResult {
  sport: string;
  kind: BoardKind;
  outcome: 'updated' | 'unchanged' | 'locked' | 'paused';
  events?: number;
  changedEvents?: number;
  historyRows?: number;
  publishedSeq?: number;
}

/**
 * One poll of a sport's straight bets or props: fetch, normalise (the provider's job), diff against
 * the current board, replace the board, publish the diff and queue the changes for the odds history in one step, and
 * run detection on the changed events (the history reaches PostgreSQL after, from its outbox). The current board is the one this process last wrote, held in memory,
 * unless Redis's stamp says another process (or a loss of Redis's data) has replaced it since: then it is
 * read from Redis. A poll that changes nothing writes the board's freshness stamp alone. A failing provider
 * leaves the last board in place, marked stale.
 */
@Injectable()
export class OddsPipelineService {
  private readonly logger = new Logger(OddsPipelineService.name);
  private readonly held = new HeldBoards();

  constructor(
    @Inject(ODDS_PROVIDER) private readonly provider: OddsProvider,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly state: LiveStateRepository,
    private readonly history: OddsHistoryOutboxRepository,
    private readonly publisher: RealtimePublisher,
    private readonly detection: DetectionService,
    private readonly metrics: MetricsService,
    private readonly gate: FeedGate,
    private readonly summary: PollSummary,
  ) {}

  @OnJob(JobName.OddsPoll)
  pollOdds(data: JobPayload<typeof JobName.OddsPoll>): Promise<PollResult> {
    const eventIds = data.eventIds ?? null;
    return this.poll('odds', data.sport, () => this.provider.fetchOdds(data.sport, eventIds), eventIds);
  }

  @OnJob(JobName.PropsPoll)
  pollProps(data: JobPayload<typeof JobName.PropsPoll>): Promise<PollResult> {
    return this.poll('props', data.sport, () => this.provider.fetchProps(data.sport));
  }

  /** `eventIds`: the poll asked for these events only; the board keeps its other events as they were. */
  async poll(
    kind: BoardKind,
    sport: string,
    fetch: () => Promise<BoardEvent[]>,
    eventIds: readonly string[] | null = null,
  ): Promise<PollResult> {
    const result = await lockedFeedPoll(this.metrics, this.state, kind, sport, () =>
      this.run(kind, sport, fetch, eventIds),
    );
    if (!result) this.logger.debug(`${kind} ${sport}: another process is polling it; skipped`);
    return result ?? { sport, kind, outcome: 'locked' };
  }

  private async run(
    kind: BoardKind,
    sport: string,
    fetch: () => Promise<BoardEvent[]>,
    eventIds: readonly string[] | null,
  ): Promise<PollResult> {
    const started = this.clock();
    const stamp = await this.state.boardStamp(kind, sport);
    // The held board is what Redis stores (its stamp names it), so only what changed from it is written; a board read
    // back from Redis is written whole (it may still be stored whole, by a version before boards were stored by market).
    const basis = this.held.basis(kind, sport, stamp);
    const previous = basis ?? (await this.state.board(kind, sport));
    const asked = eventIds && previous ? new Set(eventIds) : null;
    // A poll by id that finds none of its events learns nothing it can trust: the feed may have taken them down (a game
    // over, a postponement) or answered short. The board stays as it is, not stale, and the sport's next sweep decides.
    // A sweep's empty answer is refused only while the board still has games (a day with no games is an empty board):
    // a refusal is a failure the gate backs off from, as it does from an error.
    const refuse = (answer: BoardEvent[]) =>
      asked && answer.length === 0
        ? null
        : implausibleAnswer(
            { kept: answer.length, dropped: 0 },
            previous?.events
              .filter((e) => !asked || asked.has(e.id))
              .map((e) => ({
                finished: e.completed === true || Date.parse(e.commence_time) < started - GAME_OVER_AFTER_MS,
              })) ?? null,
          );
    let answer: BoardEvent[];
    try {
      answer = await this.gate.call(this.provider.name, kind, sport, fetch, refuse);
    } catch (error) {
      if (!(error instanceof FeedError)) throw error;
      return this.failed(kind, sport, previous, basis, error, started);
    }
    const answered = this.clock();
    if (asked && answer.length === 0) {
      this.logger.log({ sport, kind, polled: eventIds, msg: 'No asked event in the answer; the next sweep decides' });
      return {
        sport,
        kind,
        outcome: 'unchanged',
        events: previous?.events.length ?? 0,
        changedEvents: 0,
        historyRows: 0,
      };
    }
    // Only straight bets need the finals marked: props are taken down at kick-off, so a props board never holds a final.
    if (kind === 'odds') answer = await this.markFinished(sport, answer);
    // Links are settled once as a board comes in: checked, resolved, or the book's site.
    answer = settleBookLinks(answer);
    const events = asked && previous ? mergeAnswer(previous.events, asked, answer) : answer;
    const board: SportBoard = { sport_key: sport, fetched_at: new Date(started).toISOString(), events };
    // The engine's locked-market rule (spec 001 §5), for the diff's locked/unlocked changes.
    const { diff, records, changedEventIds } = diffBoards(previous, board, {
      isLocked: lockedMarketReader(),
      now: started,
    });
    const at = new Date(started).toISOString();
    // Before the board is saved without its stale mark: a kill in between then leaves the mark, and the next poll says
    // so again, instead of browsers showing a recovered feed as stale until it fails and recovers once more.
    if (previous?.stale_since) {
      await this.publisher.publish({
        channel: kind,
        key: sport,
        at,
        type: 'board.status',
        data: { fetched_at: board.fetched_at, stale_since: null },
      });
      this.logger.log(`${kind} ${sport}: feed recovered (stale since ${previous.stale_since})`);
    }
    let publishedSeq: number | undefined;
    let published: number | undefined;
    if (diff) {
      // The board and its diff in one atomic step: a worker dying between a save and a publish lost
      // the diff for good (the next poll diffs from the saved board) and browsers diverged silently. Now either both
      // happened, or neither and the next poll's diff, from the board still saved, carries the changes.
      const writes = this.state.boardWrites(kind, board, basis);
      // The history goes to its outbox in the same step: PostgreSQL is off the path to the browser
      // (OddsHistoryWriterService stores it after), and no crash can publish a change whose history is lost.
      const appends = await this.history.appends(kind, sport, records, new Date(started));
      publishedSeq = await this.publisher.publishWith(
        { channel: kind, key: sport, at, type: 'board.diff', data: diff },
        { ...writes, appends },
      );
      published = this.clock();
      this.held.hold(kind, board, writes.revision);
    } else {
      // Changes the diff leaves out are still history: recorded before the board, so a failure here records them again.
      if (records.length) await this.history.append(kind, sport, records, new Date(started));
      await this.store(kind, previous, basis, board, stamp);
    }
    const detection = await this.detection.detect(kind, board, changedEventIds, started, previous?.fetched_at ?? null);
    const live = events.filter((e) => isEventLive(e, started)).length;
    await Promise.all([
      this.state.saveFeedStatus(
        this.status(kind, sport, started, {
          state: 'ok',
          last_success_at: at,
          stale_since: null,
          events: events.length,
          live,
        }),
      ),
      kind === 'odds' &&
        this.state.saveOddsSchedule(
          sport,
          events.map((e) => ({ id: e.id, start: Date.parse(e.commence_time), completed: e.completed === true })),
        ),
    ]);
    const publishMs = published === undefined ? undefined : published - answered;
    this.summary.polled({ kind, events: events.length, changedEvents: changedEventIds.length, publishMs });
    this.logger.debug(
      {
        sport,
        kind,
        provider: this.provider.name,
        at,
        // What the poll asked for (ids: the events due on their class's schedule) and how long the feed took to answer.
        polled: eventIds ?? 'all',
        fetchMs: answered - started,
        // From the feed's answer to the diff's publish returning: the worker's share of the way to the browser.
        publishMs,
        events: events.length,
        live,
        changedEvents: changedEventIds.length,
        historyRows: records.length,
        seq: publishedSeq,
        opportunities: detection.current,
        ms: this.clock() - started,
      },
      `${kind} ${sport}: ${events.length} events, ${changedEventIds.length} changed`,
    );
    return {
      sport,
      kind,
      outcome: diff ? 'updated' : 'unchanged',
      events: events.length,
      changedEvents: changedEventIds.length,
      historyRows: records.length,
      publishedSeq,
    };
  }

  /**
   * Makes `board`, whose diff is empty, the current board: its stamp alone when its content is the same as the board in
   * Redis (nothing the diff leaves out moved either: quote times, a game marked completed), else what changed from
   * `basis` (the held board), or the whole board. `unchanged` is the stamp of the board the poll started from.
   */
  private async store(
    kind: BoardKind,
    previous: SportBoard | null,
    basis: SportBoard | null,
    board: SportBoard,
    unchanged: BoardStamp | null,
  ): Promise<void> {
    const revision = unchanged?.revision;
    if (previous && revision && isDeepStrictEqual(previous.events, board.events)) {
      if (
        await this.state.saveBoardStamp(kind, board.sport_key, {
          fetched_at: board.fetched_at,
          stale_since: null,
          revision,
        })
      ) {
        this.held.hold(kind, board, revision);
        return;
      }
    }
    this.held.hold(kind, board, await this.state.saveBoard(kind, board, basis));
  }

  /** A feed can list a game for a while after it ended: the scoreboard says it is final, so detection skips it. */
  private async markFinished(sport: string, events: BoardEvent[]): Promise<BoardEvent[]> {
    const scoreboard = await this.state.scoreboard(sport);
    const finals = new Set(scoreboard?.games.filter((g) => g.status === 'final' && g.event_id).map((g) => g.event_id));
    return finals.size ? events.map((e) => (finals.has(e.id) ? { ...e, completed: true } : e)) : events;
  }

  private status(kind: BoardKind, sport: string, now: number, fields: Partial<FeedStatus>): FeedStatus {
    return feedStatus(kind, sport, this.provider.name, now, fields);
  }

  /**
   * The board keeps its last data, marked stale with its age; a budget pause is not a failure, and a poll the gate
   * held back is a pause of a failing feed (its last failure stays its error).
   */
  private async failed(
    kind: BoardKind,
    sport: string,
    previous: SportBoard | null,
    basis: SportBoard | null,
    error: FeedError,
    now: number,
  ): Promise<PollResult> {
    const last = await this.state.feedStatus(kind, sport);
    const { base, held } = failedPollStatus(last, previous?.events.length ?? 0, error);
    if (error.skipped) {
      await this.state.saveFeedStatus(
        this.status(kind, sport, now, {
          ...base,
          state: 'paused',
          stale_since: previous?.stale_since ?? null,
          paused_reason: error.message,
          ...held,
        }),
      );
      return { sport, kind, outcome: 'paused' };
    }
    const staleSince = previous?.stale_since ?? new Date(now).toISOString();
    if (previous && !previous.stale_since) {
      // The board, marked stale, and the message saying so in one atomic step: only a board turning
      // stale is announced, so a kill between a mark and its message left browsers unaware for the whole outage.
      const writes = this.state.boardWrites(kind, { ...previous, stale_since: staleSince }, basis);
      await this.publisher.publishWith(
        {
          channel: kind,
          key: sport,
          at: new Date(now).toISOString(),
          type: 'board.status',
          data: { fetched_at: previous.fetched_at, stale_since: staleSince, error: error.message },
        },
        writes,
      );
      this.held.hold(kind, previous, writes.revision);
    }
    await this.state.saveFeedStatus(
      this.status(kind, sport, now, { ...base, state: 'stale', stale_since: staleSince, error: error.message }),
    );
    // The feed's, not ours: a warning with its reason when the feed starts failing or fails for another reason.
    if (failureIsNews(last, error.message)) {
      this.logger.warn(
        {
          sport,
          kind,
          provider: this.provider.name,
          errorKind: error.kind,
          status: error.status,
          reason: error.message,
        },
        `${kind} ${sport}: feed failing: ${error.message}`,
      );
    }
    this.summary.failed();
    // The request was already retried per spec; the job fails (kept for inspection) without BullMQ retrying it.
    throw new LoggedExternalFailure(`${kind} ${sport}: ${error.message}`);
  }
}
