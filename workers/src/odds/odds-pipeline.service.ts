import { Inject, Injectable, Logger } from '@nestjs/common';
import { isDeepStrictEqual } from 'node:util';
import {
  BoardEvent,
  FeedStatus,
  JobName,
  JobPayload,
  SportBoard,
  boardEvent,
  diffBoards,
  failureIsNews,
  feedStatus,
  implausibleAnswer,
  isEventLive,
  lockedMarketReader,
  ODDS_POLL_LONGEST_MS,
  pollOutlived,
} from '@oddspulse/shared';
import {
  APP_CONFIG,
  type AppConfig,
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
import { FEED_LOCK_TTL_MS, failedPollStatus, lockedFeedPoll } from '../feeds/feed-poll';
import { EventIntake, ODDS_PROVIDER, OddsProvider } from '../feeds/providers';
import { LoggedExternalFailure } from '../jobs/external-failure';
import { PollSummary } from '../feeds/poll-summary';
import { OnJob } from '../jobs/on-job.decorator';
import { HeldBoards, answerIntake, mergeAnswer, sameSchedule } from './held-boards';

/**
 * An odds board lists a game until the feed drops it after the end; one that started this long ago may be over even
 * when no scoreboard said so, so a board of only such games may empty (feed plausibility).
 */
const GAME_OVER_AFTER_MS = 8 * 3_600_000;

/**
 * How long a sport's schedule, unchanged, goes without being written again: Redis can lose a write (a primary's restart
 * under Redis Cluster) while the board's stamp, on another shard, stands.
 */
const SCHEDULE_REWRITE_MS = 60_000;

type BoardKind = 'odds' | 'props';

/** How often, and how long apart, a stream's failure waits for the board's lock (a batch writing it). */
const STREAM_MARK_ATTEMPTS = 20;
const STREAM_MARK_WAIT_MS = 100;

export interface PollResult {
  sport: string;
  kind: BoardKind;
  outcome: 'updated' | 'unchanged' | 'locked' | 'paused' | 'skipped';
  /** Why a poll job was not run (`skipped`). */
  reason?: string;
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
  /** Per sport, the events whose schedule this process last wrote (sameSchedule), and when. */
  private readonly scheduled = new Map<string, { events: readonly BoardEvent[]; at: number }>();

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
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PROPS_INTERVAL_MS'>,
  ) {}

  /** The odds.poll job: its poll, unless its tick is past the slowest class's interval (pollOutlived). */
  @OnJob(JobName.OddsPoll)
  oddsPollJob(data: JobPayload<typeof JobName.OddsPoll>): Promise<PollResult> {
    return this.unlessOutlived('odds', data, ODDS_POLL_LONGEST_MS, () => this.pollOdds(data));
  }

  /** The props.poll job: its poll, unless its tick is past PROPS_INTERVAL_MS (pollOutlived). */
  @OnJob(JobName.PropsPoll)
  propsPollJob(data: JobPayload<typeof JobName.PropsPoll>): Promise<PollResult> {
    return this.unlessOutlived('props', data, this.config.PROPS_INTERVAL_MS, () => this.pollProps(data));
  }

  pollOdds(data: JobPayload<typeof JobName.OddsPoll>): Promise<PollResult> {
    const eventIds = data.eventIds ?? null;
    return this.poll('odds', data.sport, (intake) => this.provider.fetchOdds(data.sport, eventIds, intake), eventIds);
  }

  pollProps(data: JobPayload<typeof JobName.PropsPoll>): Promise<PollResult> {
    return this.poll('props', data.sport, async (intake) => (await this.provider.fetchProps(data.sport)).map(intake));
  }

  /** A poll job whose tick is past its cadence completes without asking the provider, its result saying why. */
  private async unlessOutlived(
    kind: BoardKind,
    { sport, tick }: { sport: string; tick: number },
    cadenceMs: number,
    poll: () => Promise<PollResult>,
  ): Promise<PollResult> {
    const reason = pollOutlived(tick, cadenceMs, this.clock());
    if (reason === null) return poll();
    this.logger.log({ sport, kind, tick, msg: reason });
    return { sport, kind, outcome: 'skipped', reason };
  }

  /**
   * A batch of a sport's odds stream: the games its messages changed (`eventIds`), as the stream's state now has them
   * (`read` makes them, each through the intake it is given), through the same path as a poll by event ids. The stream's
   * answer is whole for those games: one absent from what `read` makes has left the feed (its odds all locked, or
   * over), even when none is left.
   */
  streamBatch(
    sport: string,
    eventIds: readonly string[],
    read: (intake: EventIntake) => BoardEvent[],
  ): Promise<PollResult> {
    return this.poll('odds', sport, async (intake) => read(intake), eventIds, true);
  }

  /** The stream's REST snapshot: the whole board, as a sweep. */
  streamSnapshot(sport: string, events: BoardEvent[]): Promise<PollResult> {
    return this.poll('odds', sport, async (intake) => events.map(intake), null, true);
  }

  /**
   * The stream failed (dropped, stalled, refused, junk): the board keeps its data, marked stale, and its status names
   * the reason, as a failed poll's does. A held-back connection is a pause of a failing feed.
   */
  async streamFailed(sport: string, error: FeedError): Promise<void> {
    // A batch may be writing the board: the mark waits for it (a batch takes milliseconds, its lock at most 10 s).
    for (let attempt = 0; attempt < STREAM_MARK_ATTEMPTS; attempt++) {
      const started = this.clock();
      const marked = await this.state.withFeedLock('odds', sport, FEED_LOCK_TTL_MS, async () => {
        const { previous, basis } = await this.startingBoard('odds', sport, await this.state.boardStamp('odds', sport));
        await this.markFailed('odds', sport, previous, basis, error, started);
        return true;
      });
      if (marked) return;
      await new Promise((resolve) => setTimeout(resolve, STREAM_MARK_WAIT_MS));
    }
    throw new FeedError('held', `odds ${sport}: its board stayed locked; not marked stale`, false);
  }

  /**
   * `eventIds`: the poll asked for these events only; the board keeps its other events as they were. `stream`: the
   * answer is the odds stream's, whole for those events, so an empty one removes them; and it is no success of the feed
   * by itself: the stream's connection clears the gate's back-off once it has proven itself. `fetch` gives the answer's
   * events, each as the intake it is handed returns it.
   */
  async poll(
    kind: BoardKind,
    sport: string,
    fetch: (intake: EventIntake) => Promise<BoardEvent[]>,
    eventIds: readonly string[] | null = null,
    stream = false,
  ): Promise<PollResult> {
    const result = await lockedFeedPoll(this.metrics, this.state, kind, sport, () =>
      this.run(kind, sport, fetch, eventIds, stream),
    );
    if (!result) this.logger.debug(`${kind} ${sport}: another process is polling it; skipped`);
    return result ?? { sport, kind, outcome: 'locked' };
  }

  private async run(
    kind: BoardKind,
    sport: string,
    fetch: (intake: EventIntake) => Promise<BoardEvent[]>,
    eventIds: readonly string[] | null,
    stream: boolean,
  ): Promise<PollResult> {
    const started = this.clock();
    const stamp = await this.state.boardStamp(kind, sport);
    const { previous, basis } = await this.startingBoard(kind, sport, stamp);
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
            previous &&
              (asked ? [...asked].flatMap((id) => boardEvent(previous.events, id) ?? []) : previous.events).map(
                (e) => ({
                  finished: e.completed === true || Date.parse(e.commence_time) < started - GAME_OVER_AFTER_MS,
                }),
              ),
          );
    // Only straight bets need the finals marked: props are taken down at kick-off, so a props board never holds a final.
    const finals = kind === 'odds' ? await this.finalEventIds(sport) : new Set<string>();
    // Each event as it is read: a market whose prices did not move stays the object stored, its update time with it,
    // so only what moved is written.
    const intake = answerIntake(previous?.events ?? null, finals);
    let answer: BoardEvent[];
    try {
      answer = await this.gate.call(this.provider.name, kind, sport, () => fetch(intake), { refuse, clears: !stream });
    } catch (error) {
      if (!(error instanceof FeedError)) throw error;
      return this.failed(kind, sport, previous, basis, error, started);
    }
    const answered = this.clock();
    if (asked && answer.length === 0 && !stream) {
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
      // And the changed events' hand-off to the price targets (their alerts outbox): once the board is stored the next
      // poll sees them unchanged, so a stop before detection queues them must not lose it. Their scan is owed before
      // the step for the same reason (DetectionService.owe), alongside the outbox's own round trip.
      const [historyAppends] = await Promise.all([
        this.history.appends(kind, sport, records, new Date(started)),
        this.detection.owe(kind, sport, changedEventIds, started),
      ]);
      const appends = [...historyAppends, ...this.detection.handOff(kind, board, changedEventIds, started)];
      const step = this.publisher
        .publishWith({ channel: kind, key: sport, at, type: 'board.diff', data: diff }, { ...writes, appends })
        .then((seq) => {
          published = this.clock();
          return seq;
        });
      // Detection reads the changed events while Redis runs the step, which this process would otherwise wait for idle
      // (a sweep of a thousand games: most of a second each way, docs/benchmarks.md). Both settle before either's
      // failure is thrown, so no reading of this board goes on past the poll and its lock.
      const [stored, prepared] = await Promise.allSettled([
        step,
        this.detection.prepare(kind, board, changedEventIds, previous?.fetched_at ?? null),
      ]);
      if (stored.status === 'rejected') throw stored.reason;
      if (prepared.status === 'rejected') throw prepared.reason;
      publishedSeq = stored.value;
      this.held.hold(kind, board, writes.revision);
    } else {
      // Changes the diff leaves out are still history: recorded before the board, so a failure here records them again.
      if (records.length) await this.history.append(kind, sport, records, new Date(started));
      await this.store(kind, previous, basis, board, stamp);
    }
    const detection = await this.detection.detect(kind, board, changedEventIds, started, previous?.fetched_at ?? null);
    const live = events.filter((e) => isEventLive(e, started)).length;
    // A batch of a few games seldom moves a start or a final mark: the schedule is written again when it changed from
    // the very board this process wrote it for (a board read back is another object, another's, and so may its
    // schedule be), or once SCHEDULE_REWRITE_MS has passed.
    const written = this.scheduled.get(sport);
    const scheduleHeld =
      previous !== null &&
      written?.events === previous.events &&
      started >= written.at &&
      started - written.at < SCHEDULE_REWRITE_MS &&
      sameSchedule(previous.events, events);
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
        !scheduleHeld &&
        this.state.saveOddsSchedule(
          sport,
          events.map((e) => ({ id: e.id, start: Date.parse(e.commence_time), completed: e.completed === true })),
        ),
    ]);
    if (kind === 'odds') this.scheduled.set(sport, { events, at: scheduleHeld && written ? written.at : started });
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

  /** The board a poll starts from and the basis it writes against (HeldBoards.startingBoard). */
  private startingBoard(kind: BoardKind, sport: string, stamp: BoardStamp | null) {
    return this.held.startingBoard(kind, sport, stamp, this.state);
  }

  /**
   * Makes `board`, whose diff is empty, the current board: its stamp alone when its content is the same as the board in
   * Redis (nothing the diff leaves out moved either: an update time alone), else what changed from
   * `basis` (startingBoard), or the whole board. `unchanged` is the stamp of the board the poll started from.
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

  /** The games the sport's scoreboard says are final (a feed can list one for a while after it ended). */
  private async finalEventIds(sport: string): Promise<Set<string>> {
    const scoreboard = await this.state.scoreboard(sport);
    return new Set(scoreboard?.games.flatMap((g) => (g.status === 'final' && g.event_id ? [g.event_id] : [])));
  }

  /**
   * The board, marked stale, and the message saying so in one atomic step: only a board turning stale is announced, so
   * a kill between a mark and its message left browsers unaware for the whole outage.
   */
  private async announceStale(
    kind: BoardKind,
    previous: SportBoard,
    basis: SportBoard | null,
    staleSince: string,
    reason: string,
    now: number,
  ): Promise<void> {
    const writes = this.state.boardWrites(kind, { ...previous, stale_since: staleSince }, basis);
    await this.publisher.publishWith(
      {
        channel: kind,
        key: previous.sport_key,
        at: new Date(now).toISOString(),
        type: 'board.status',
        data: { fetched_at: previous.fetched_at, stale_since: staleSince, error: reason },
      },
      writes,
    );
    this.held.hold(kind, previous, writes.revision);
  }

  private status(kind: BoardKind, sport: string, now: number, fields: Partial<FeedStatus>): FeedStatus {
    return feedStatus(kind, sport, this.provider.name, now, fields);
  }

  /**
   * Marks the board stale because its feed is late past its cadence (no success for two cadences: a queue that stalls,
   * workers that take no job), under the poll's lock, unless a poll succeeded since `lastSuccessAt` or it is stale
   * already. True when it marked it.
   */
  async markLate(kind: BoardKind, sport: string, lastSuccessAt: string, reason: string): Promise<boolean> {
    const marked = await this.state.withFeedLock(kind, sport, FEED_LOCK_TTL_MS, async () => {
      const now = this.clock();
      const { previous, basis } = await this.startingBoard(kind, sport, await this.state.boardStamp(kind, sport));
      if (!previous || previous.stale_since || Date.parse(previous.fetched_at) > Date.parse(lastSuccessAt))
        return false;
      await this.announceStale(kind, previous, basis, new Date(now).toISOString(), reason, now);
      return true;
    });
    return marked === true;
  }

  /**
   * The board keeps its last data, marked stale with its age; a budget pause is not a failure. A poll the gate held
   * back (a halted provider, a feed backing off) is a pause of a failing feed (its last failure stays its error) whose
   * board is not being polled, so it is marked stale too: a 401 on one sport's poll halts the whole provider.
   */
  private async failed(
    kind: BoardKind,
    sport: string,
    previous: SportBoard | null,
    basis: SportBoard | null,
    error: FeedError,
    now: number,
  ): Promise<PollResult> {
    const result = await this.markFailed(kind, sport, previous, basis, error, now);
    if (result) return result;
    // The request was already retried per spec; the job fails (kept for inspection) without BullMQ retrying it.
    throw new LoggedExternalFailure(`${kind} ${sport}: ${error.message}`);
  }

  /** The board and status of a failed or held-back feed; a result when it was a pause, null for a failure. */
  private async markFailed(
    kind: BoardKind,
    sport: string,
    previous: SportBoard | null,
    basis: SportBoard | null,
    error: FeedError,
    now: number,
  ): Promise<PollResult | null> {
    const last = await this.state.feedStatus(kind, sport);
    const { base, held } = failedPollStatus(last, previous?.events.length ?? 0, error);
    const staleSince = previous?.stale_since ?? new Date(now).toISOString();
    if (previous && !previous.stale_since && error.kind !== 'paused')
      await this.announceStale(kind, previous, basis, staleSince, error.message, now);
    // The clock's reviews go on over the board kept (no event changed): a price passing the locked-market age or a game
    // starting withdraws its opportunities though no poll succeeds (spec 001 §5), or the live lists would keep them.
    // After the feed's status is saved: what operations see of the feed does not wait on them.
    const review = async () => {
      if (previous) await this.detection.detect(kind, previous, [], now, previous.fetched_at);
    };
    if (error.skipped) {
      await this.state.saveFeedStatus(
        this.status(kind, sport, now, {
          ...base,
          state: 'paused',
          stale_since: error.kind === 'held' && previous ? staleSince : (previous?.stale_since ?? null),
          paused_reason: error.message,
          ...held,
        }),
      );
      await review();
      return { sport, kind, outcome: 'paused' };
    }
    await this.state.saveFeedStatus(
      this.status(kind, sport, now, { ...base, state: 'stale', stale_since: staleSince, error: error.message }),
    );
    await review();
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
    return null;
  }
}
