import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  JobName,
  JobPayload,
  ODDS_POLL_SLOT_MS,
  applyStreamMessage,
  askedGames,
  entryIdTime,
  mergeSnapshot,
  streamBoard,
  streamBoardEvents,
  type OddsStreamState,
} from '@oddspulse/shared';
import { APP_CONFIG, StreamLeaseRepository, type AppConfig } from '@oddspulse/core';
import { CLOCK, Clock } from '../../feeds/clock';
import { FeedError } from '../../feeds/feed-errors';
import { FeedGate } from '../../feeds/feed-gate';
import { FEED_LOCK_TTL_MS } from '../../feeds/feed-poll';
import { OnJob } from '../../jobs/on-job.decorator';
import { OddsPipelineService } from '../odds-pipeline.service';
import { StreamReadings } from './stream-readings';
import { openStream, streamUrl, type OpenStream } from './stream-connection';
import { StreamOddsProvider } from './stream-odds.provider';

/** The stream lease's time to live, renewed every third of it: a dead holder's sport is taken over within it. */
export const STREAM_LEASE_TTL_MS = 15_000;
/** A reconnect resumes only from an entry this far inside the replay window (a tenth of it): the reconnect takes time. */
const RESUME_MARGIN = 0.1;
/**
 * A connection has proven itself once it lived this many ping intervals (or applied an entry): until then the FeedGate's
 * back-off stands, so a stream that accepts and drops at once backs off instead of reconnecting and resyncing on end.
 */
const STREAM_PROVEN_PINGS = 3;
/**
 * A quiet stream's batch of no game comes this long after the last batch, as often as a live game's poll: the clock's
 * reviews run with each batch (a steam alert's 30 minutes or its game's start, DECISIONS 34; an opportunity's price
 * growing past the locked-market age, spec 001 §5), and the feed's status shows the stream current.
 */
const STREAM_REVIEW_MS = ODDS_POLL_SLOT_MS;
/** The wait before a batch the board's lock or Redis refused is tried again. */
const BATCH_RETRY_MS = 200;
/**
 * A game the stream names that its own snapshot did not give (not offered yet) is not asked for again within this of
 * that answer: a busy game not yet on the board would otherwise cost a snapshot request per message. No more often
 * than a poll reads the board (ODDS_POLL_SLOT_MS).
 */
const MISSING_GAME_RETRY_MS = ODDS_POLL_SLOT_MS;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What a sport's connection works with: the service's own dependencies and its process's lease token. */
interface StreamDeps {
  config: AppConfig;
  leases: StreamLeaseRepository;
  pipeline: OddsPipelineService;
  gate: FeedGate;
  provider: StreamOddsProvider;
  clock: Clock;
  logger: Logger;
  token: string;
}

export interface StreamKeepResult {
  sport: string;
  outcome: 'running' | 'started' | 'locked';
}

/**
 * The odds stream (ODDS_PROVIDER=stream), one connection per sport across every worker: the `odds.stream` job comes
 * each slot for each sport, and the worker holding the sport's lease (or the first to take it) keeps its connection.
 * It starts from the REST snapshot (the whole board, as a sweep), then sends the games each message changed through the
 * pipeline's path for polls by event ids (normaliser, board, diff, atomic publish, detection), those games only; the
 * messages that arrive while a batch is being written make the next batch. A dropped or stalled stream, a refusal
 * (401, 429) or junk fails as a poll does: the board is kept and marked stale, its status names why, and the FeedGate
 * backs the next connection off. A reconnect resumes after the last entry applied while it is inside the stream's
 * replay window, else resyncs from the snapshot, so nothing is lost.
 */
@Injectable()
export class OddsStreamService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(OddsStreamService.name);
  private readonly token = randomUUID();
  private readonly sessions = new Map<string, StreamSession>();
  /** Each sport's state, kept past its session: the next connection of this process may resume from it. */
  private readonly states = new Map<string, OddsStreamState>();
  private readonly deps: StreamDeps;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    leases: StreamLeaseRepository,
    pipeline: OddsPipelineService,
    gate: FeedGate,
    provider: StreamOddsProvider,
    @Inject(CLOCK) clock: Clock,
  ) {
    this.deps = { config, leases, pipeline, gate, provider, clock, logger: this.logger, token: this.token };
  }

  @OnJob(JobName.OddsStream)
  async keep(data: JobPayload<typeof JobName.OddsStream>): Promise<StreamKeepResult> {
    const { sport } = data;
    if (this.sessions.has(sport)) return { sport, outcome: 'running' };
    if (!(await this.deps.leases.acquire(sport, this.token, STREAM_LEASE_TTL_MS))) return { sport, outcome: 'locked' };
    const session = new StreamSession(sport, this.deps, this.states.get(sport) ?? null);
    this.sessions.set(sport, session);
    session.done = session
      .run()
      .catch((error: Error) => this.logger.error({ sport, err: error }, `odds stream ${sport} ended: ${error.message}`))
      .finally(() => {
        this.sessions.delete(sport);
        if (session.state) this.states.set(sport, session.state);
      });
    return { sport, outcome: 'started' };
  }

  /** The sports whose stream this process holds. */
  running(): string[] {
    return [...this.sessions.keys()];
  }

  /**
   * Ends this process's connections and gives their leases up (a worker stopping): whoever streams next starts from
   * the snapshot.
   */
  async stop(): Promise<void> {
    const sessions = [...this.sessions.values()];
    for (const session of sessions) session.stop();
    await Promise.all(sessions.map((s) => s.done));
    this.states.clear();
  }

  /** Before Redis closes: each session writes its last batch and gives its lease up. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.stop();
  }
}

/** One sport's connection while this process holds its lease: connects, reconnects, resyncs, until it stops. */
class StreamSession {
  done: Promise<void> = Promise.resolve();
  private stopped = false;
  private current: OpenStream | null = null;
  /** Games changed by messages not yet written, and games a message named that no snapshot gave yet. */
  private readonly pending = new Set<string>();
  private readonly unknown = new Set<string>();
  /** Games their snapshot did not give, by when it was asked for: not asked again before MISSING_GAME_RETRY_MS. */
  private readonly missing = new Map<string, number>();
  /**
   * Games named while they wait out their retry, and the wait: what the messages said of them is held and asked for
   * once it ends, with no further message needed (the last price of a game that went quiet would wait for good).
   */
  private readonly deferred = new Set<string>();
  private retry: { timer: NodeJS.Timeout; at: number } | null = null;
  /** When the oldest message of the pending batch arrived (the relay's start). */
  private pendingSince: number | null = null;
  private flushing: Promise<void> | null = null;
  /** The board was marked stale by this session and no batch has cleared it yet. */
  private failing = false;
  /** What each game of the batches was made into, book by book: a book whose odds did not move is not made again. */
  private readonly readings = new StreamReadings();
  /** The connection's wait to have proven itself (STREAM_PROVEN_PINGS), while it has not. */
  private proof: NodeJS.Timeout | null = null;
  /** The gate clearing the back-off of a connection that proved itself: a failure after it is recorded after it. */
  private clearing: Promise<void> = Promise.resolve();
  /** While a connection is live: a quiet stream's batch of no game, due STREAM_REVIEW_MS after the last batch written. */
  private review: NodeJS.Timeout | null = null;

  constructor(
    private readonly sport: string,
    private readonly deps: StreamDeps,
    public state: OddsStreamState | null,
  ) {}

  stop(): void {
    this.stopped = true;
    this.forgetDeferred();
    this.current?.close(new FeedError('paused', 'Stream stopped', false));
  }

  async run(): Promise<void> {
    const { leases, token, logger } = this.deps;
    const renewal = setInterval(() => {
      leases.renew(this.sport, token, STREAM_LEASE_TTL_MS).then(
        (held) => {
          if (held) return;
          logger.warn(`odds stream ${this.sport}: lease lost; another worker takes the stream over`);
          this.stop();
        },
        (error: Error) => logger.warn(`odds stream ${this.sport}: lease not renewed: ${error.message}`),
      );
    }, STREAM_LEASE_TTL_MS / 3);
    try {
      while (!this.stopped && (await this.connect()) === 'again');
      await this.flushing;
    } finally {
      clearInterval(renewal);
      this.forgetDeferred();
      await leases.release(this.sport, token);
    }
  }

  /** One connection, from its opening to its end: 'held' when the gate holds the stream back or it was stopped. */
  private async connect(): Promise<'again' | 'held'> {
    const { config, gate, provider, pipeline, clock, logger } = this.deps;
    const last = this.state?.lastEntryId ?? null;
    const resume =
      last !== null && clock() - entryIdTime(last) < config.ODDS_STREAM_REPLAY_MS * (1 - RESUME_MARGIN) ? last : null;
    if (last !== null && !resume)
      logger.log(`odds stream ${this.sport}: ${last} is past the replay window; resyncing from the snapshot`);
    // Until the snapshot is in, messages wait: they are applied after it, and those it already has are dropped then.
    const waiting: Array<[string, string]> = [];
    let live = resume ? this.state : null;
    const onEvent = (event: string, data: string) => {
      if (live) this.handle(live, event, data);
      else waiting.push([event, data]);
    };
    let stream: OpenStream;
    try {
      stream = await gate.call(
        'stream',
        'odds',
        this.sport,
        () =>
          openStream({
            url: streamUrl(config.ODDS_STREAM_URL, this.sport, resume),
            headers: provider.headers(),
            stallMs: 2 * config.ODDS_STREAM_PING_MS,
            timeoutMs: config.ODDS_API_TIMEOUT_MS,
            onEvent,
          }),
        { clears: false },
      );
    } catch (error) {
      if (!(error instanceof FeedError)) throw error;
      await this.failed(error, false);
      return error.skipped ? 'held' : 'again';
    }
    this.current = stream;
    if (this.stopped) stream.close(new FeedError('paused', 'Stream stopped', false));
    this.proof = setTimeout(() => this.proven(), STREAM_PROVEN_PINGS * config.ODDS_STREAM_PING_MS);
    if (!live) {
      try {
        const snapshot = await provider.snapshot(this.sport);
        this.state = snapshot;
        this.pending.clear();
        this.unknown.clear();
        // the new state holds nothing of a game waiting out its retry: its next price names it again
        this.forgetDeferred();
        this.readings.clear();
        // The messages after it are written as polls by ids, which keep the board's other games: the whole board must be
        // in first. A poll still holding the board (the provider just switched) is waited out, as long as its lock lasts.
        const board = streamBoard(snapshot);
        for (let waited = 0; (await pipeline.streamSnapshot(this.sport, board)).outcome === 'locked'; waited++) {
          if (waited * BATCH_RETRY_MS > FEED_LOCK_TTL_MS)
            throw new FeedError('timeout', 'The board stayed locked: the snapshot was not written', true);
          await sleep(BATCH_RETRY_MS);
        }
        this.failing = false;
        live = snapshot;
        for (const [event, data] of waiting) this.handle(live, event, data);
      } catch (error) {
        if (!(error instanceof FeedError)) throw error;
        stream.close(error);
      }
    } else if (this.failing) {
      // Resumed: the board is whole again once the replay is in; a batch of no game says it recovered if none comes.
      this.schedule([]);
    }
    if (live) this.review = setTimeout(() => this.schedule([]), STREAM_REVIEW_MS);
    // the connection only ends by failing: its reason is what it was closed for
    const ended = await stream.closed.catch((reason: unknown) => reason);
    clearTimeout(this.review ?? undefined);
    this.review = null;
    clearTimeout(this.proof ?? undefined);
    this.proof = null;
    if (!(ended instanceof FeedError)) throw ended;
    this.current = null;
    if (this.stopped || ended.kind === 'paused') return 'held';
    await this.failed(ended, true);
    return 'again';
  }

  /** A message applied to the live state; junk throws, which closes the stream with it. */
  private handle(state: OddsStreamState, event: string, data: string): void {
    const applied = applyStreamMessage(state, event, data);
    if (applied.kind === 'junk') throw new FeedError('invalid_body', `Stream sent junk: ${applied.reason}`, true);
    if (applied.kind !== 'applied') return;
    this.proven();
    for (const id of applied.unknown) this.unknown.add(id);
    this.schedule(applied.changed);
  }

  private schedule(ids: readonly string[]): void {
    this.pendingSince ??= this.deps.clock();
    for (const id of ids) this.pending.add(id);
    if (this.flushing) return;
    this.flushing = this.drain().finally(() => {
      this.flushing = null;
      if ((this.pending.size || this.unknown.size) && !this.stopped) this.schedule([]);
    });
  }

  /** Writes the pending games, one batch at a time; what arrives meanwhile is the next batch. */
  private async drain(): Promise<void> {
    const { pipeline, provider, logger, clock } = this.deps;
    while ((this.pending.size || this.unknown.size || this.pendingSince !== null) && this.state && !this.stopped) {
      const state = this.state;
      if (this.unknown.size) {
        const askedAt = clock();
        const asking: string[] = [];
        for (const id of this.unknown) {
          const missedAt = this.missing.get(id);
          if (missedAt !== undefined && askedAt - missedAt < MISSING_GAME_RETRY_MS) this.defer(id, missedAt);
          else asking.push(id);
        }
        this.unknown.clear();
        if (asking.length) {
          // what is held of each game now is what the answer covers; what comes while it is on its way is newer
          const asked = askedGames(state, asking);
          try {
            const snapshot = await provider.snapshot(this.sport, asking);
            for (const id of mergeSnapshot(state, snapshot, asked)) this.pending.add(id);
            for (const id of asking) {
              // a message during the ask named the game again: it was merged, or is asked for after the wait below
              this.unknown.delete(id);
              if (state.fixtures.has(id)) this.missing.delete(id);
              else {
                this.missing.set(id, askedAt);
                if (state.held.has(id)) this.defer(id, askedAt);
              }
            }
          } catch (error) {
            if (!(error instanceof FeedError)) throw error;
            logger.warn(
              `odds stream ${this.sport}: new games ${asking.join(', ')} wait for the next resync: ${error.message}`,
            );
          }
        }
      }
      const ids = [...this.pending];
      const receivedAt = this.pendingSince ?? clock();
      this.pending.clear();
      this.pendingSince = null;
      try {
        const result = await pipeline.streamBatch(this.sport, ids, (intake) => {
          const reading = this.readings.reading(ids, intake);
          const events = streamBoardEvents(state, ids, reading);
          reading.keep();
          return events;
        });
        if (result.outcome === 'locked' || result.outcome === 'paused') throw new Error(`board ${result.outcome}`);
        this.failing = false;
        // the next batch of no game is due STREAM_REVIEW_MS from this one, however the connection's time goes
        this.review?.refresh();
        logger.debug(
          { sport: this.sport, stream: true, receivedAt, games: ids.length, seq: result.publishedSeq },
          `odds stream ${this.sport}: ${ids.length} games`,
        );
      } catch (error) {
        // Redis away or the board's lock held: the games stay pending, nothing of the stream is lost.
        logger.warn(`odds stream ${this.sport}: batch of ${ids.length} games retried: ${(error as Error).message}`);
        for (const id of ids) this.pending.add(id);
        this.pendingSince ??= receivedAt;
        await sleep(BATCH_RETRY_MS);
      }
    }
  }

  /** `id` waits out its retry (its snapshot missed it at `missedAt`), then is asked for again. */
  private defer(id: string, missedAt: number): void {
    this.deferred.add(id);
    const at = missedAt + MISSING_GAME_RETRY_MS;
    if (this.retry && this.retry.at <= at) return;
    clearTimeout(this.retry?.timer);
    const timer = setTimeout(
      () => {
        this.retry = null;
        for (const deferred of this.deferred) this.unknown.add(deferred);
        this.deferred.clear();
        // a game whose wait has not ended yet (its snapshot missed it later) is deferred again by the drain
        this.schedule([]);
      },
      Math.max(0, at - this.deps.clock()),
    );
    this.retry = { timer, at };
  }

  /** The deferred asks are dropped: the session ends, or a new snapshot's state holds nothing of those games. */
  private forgetDeferred(): void {
    clearTimeout(this.retry?.timer);
    this.retry = null;
    this.deferred.clear();
  }

  /** The connection lived its proof's time or applied an entry: the gate's back-off for the stream is cleared. */
  private proven(): void {
    if (!this.proof) return;
    clearTimeout(this.proof);
    this.proof = null;
    this.clearing = this.deps.gate
      .proven('stream', 'odds', this.sport)
      .catch((error: Error) =>
        this.deps.logger.warn(`odds stream ${this.sport}: back-off not cleared: ${error.message}`),
      );
  }

  /**
   * The stream failed: the gate backs it off (`met`: after it was let in; one that never proved itself is one more
   * failure in a row), and the board is marked stale.
   */
  private async failed(error: FeedError, met: boolean): Promise<void> {
    const { gate, pipeline, logger } = this.deps;
    await this.clearing;
    if (met) await gate.fail('stream', 'odds', this.sport, error);
    if (!error.skipped) this.failing = true;
    try {
      await pipeline.streamFailed(this.sport, error);
    } catch (markError) {
      logger.warn(`odds stream ${this.sport}: could not mark the board stale: ${(markError as Error).message}`);
    }
  }
}
