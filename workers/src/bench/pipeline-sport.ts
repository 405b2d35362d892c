/**
 * One poll of one sport as the odds pipeline runs it, timed stage by stage, for `bench:pipeline`: the same steps as
 * OddsPipelineService (the held board as the basis while Redis's stamp names it, the board read back otherwise; ingest,
 * diff, store and publish with the history outbox in one step while detection reads the changed events, detection's
 * scans), without the service's scheduling, health and fault handling.
 */
import { performance } from 'node:perf_hooks';
import {
  PreparedBoard,
  SportBoard,
  diffBoards,
  lockedMarketReader,
  normaliseOddsApiV4Texts,
  oddsApiV4EventTexts,
} from '@oddspulse/shared';
import {
  deleteKeysWithPrefix,
  LiveStateRepository,
  OddsHistoryOutboxRepository,
  RealtimePublisher,
  type RedisService,
} from '@oddspulse/core';
import { PreparedBoards } from '../detection/prepared-boards';
import { HeldBoards, answerIntake, mergeAnswer } from '../odds/held-boards';
import { TextReadings } from '../odds/the-odds-api/text-readings';
import { MarketSimulator } from '../simulator/market-simulator';
import { BOOK_PROFILES } from '../simulator/sim-books';
import { SPORT_PROFILES } from '../simulator/sim-sports';

export const BOOKS = 25;
/** Ten steady sweeps after the first, 30 simulated seconds apart, from a fixed moment of the simulated slate. */
export const CYCLES = 10;
export const CYCLE_MS = 30_000;
export const BENCH_START = Date.parse('2026-03-01T18:00:00Z');

export const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The simulated feed: `sports` boards of `eventsPerSport` games each, all priced by 25 books, every game on the
 * NBA's model. The simulator plays every team once a day, so a day's slate of N games needs 2N teams.
 */
export function benchFeed(sports: readonly string[], eventsPerSport: number): MarketSimulator {
  const nba = SPORT_PROFILES.get('basketball_nba')!;
  const profiles = new Map(
    sports.map((key) => [
      key,
      {
        ...nba,
        key,
        title: key === nba.key ? nba.title : key,
        teams: Array.from({ length: 2 * eventsPerSport }, (_, i) => `Team ${i + 1}`),
        gamesOnBoard: eventsPerSport,
        lookaheadMin: 24 * 60,
      },
    ]),
  );
  const gameBooks = BOOK_PROFILES.filter((b) => !b.dfs);
  const books = [
    ...gameBooks,
    ...Array.from({ length: BOOKS - gameBooks.length }, (_, i) => ({
      ...gameBooks[7 + i],
      key: `regional_${i + 1}`,
      title: `Regional ${i + 1}`,
    })),
  ];
  return new MarketSimulator(42, 1, books, profiles);
}

/** Keys and values written, as pairs. */
type Pairs = ReadonlyArray<readonly [string, string]>;

export interface SportPoll {
  board: SportBoard;
  /** The held board was not Redis's (the sport's previous poll ran in another process): the board was read back. */
  readBack: boolean;
  readBackMs: number;
  ingestMs: number;
  diffMs: number;
  /** The store stage: the step that stores and publishes, with detection reading the changed events meanwhile. */
  publishMs: number;
  /** Within it: from the stage's start until the step's reply, and detection's reading from its start to its end. */
  stepMs: number;
  readMs: number;
  /** Detection's scans of the changed events. */
  detectMs: number;
  /** process.cpuUsage() over the stages: the whole process, the collector's helper threads included. */
  cpuMs: number;
  /** Each stage's [start, end] in performance.now(), to count the collections that started in them. */
  spans: Array<[number, number]>;
  changedEvents: number;
  changedPrices: number;
  arbitrage: number;
  /**
   * The bytes the poll wrote (the board's fields and values), appended to the history outbox and published (the diff's
   * message), sized when asked: serialising the diff again to size it is the bench's work, not the poll's.
   */
  sizes(): { writtenBytes: number; outboxBytes: number; diffBytes: number };
}

export class BenchSportPipeline {
  private readonly publisher: RealtimePublisher;
  readonly state: LiveStateRepository;
  private readonly outbox: OddsHistoryOutboxRepository;
  private readonly held = new HeldBoards();
  private readonly readings = new TextReadings();
  private readonly prepared = new PreparedBoards();

  constructor(private readonly redis: RedisService) {
    this.publisher = new RealtimePublisher(redis);
    this.state = new LiveStateRepository(redis);
    this.outbox = new OddsHistoryOutboxRepository(redis);
  }

  /** The feed's answer `body` (The Odds API's JSON, decimal odds) for `sport` at `now`: of all its events, or of `asked`. */
  async poll(sport: string, body: string, now: number, asked: ReadonlySet<string> | null): Promise<SportPoll> {
    const spans: Array<[number, number]> = [];
    let cpuMs = 0;
    let cpuAt = process.cpuUsage();
    const stage = () => {
      cpuAt = process.cpuUsage();
      return performance.now();
    };
    const lap = (from: number) => {
      const end = performance.now();
      const used = process.cpuUsage(cpuAt);
      cpuMs += (used.user + used.system) / 1000;
      spans.push([from, end]);
      return end - from;
    };

    let t = stage();
    const stamp = await this.state.boardStamp('odds', sport);
    const { previous, basis, readBack } = await this.held.startingBoard('odds', sport, stamp, this.state);
    const readBackMs = lap(t);

    t = stage();
    // as TheOddsApiOddsProvider reads an answer, event by event, each taken in as the pipeline takes it (answerIntake),
    // a game, or a book of a moved game, sent as the same text as before not read again (TextReadings)
    const reading = this.readings.reading(sport, asked === null, answerIntake(previous?.events ?? null, new Set()));
    const texts = oddsApiV4EventTexts(body);
    if (!texts) throw new Error("the bench's answer should read event by event");
    const answer = normaliseOddsApiV4Texts(texts, reading, 'decimal')?.events;
    if (!answer) throw new Error("the bench's answer should be decimal");
    reading.keep();
    const events = asked && previous ? mergeAnswer(previous.events, asked, answer) : answer;
    const board: SportBoard = { sport_key: sport, fetched_at: new Date(now).toISOString(), events };
    const ingestMs = lap(t);

    t = stage();
    const { diff, records, changedEventIds } = diffBoards(previous, board, { isLocked: lockedMarketReader(), now });
    const diffMs = lap(t);

    // what changed from the basis is written in the step that publishes the diff and appends the changes to the odds
    // history outbox (the writers move the outbox to PostgreSQL off the path: the bench drops it, dropOutbox), detection
    // reading the changed events while Redis runs it
    t = stage();
    let stepMs = 0;
    let readMs = 0;
    const prepare = async () => {
      const from = performance.now();
      const { board: kept } = await this.prepared.sync('odds', board, changedEventIds, previous?.fetched_at ?? null);
      readMs = performance.now() - from;
      return kept;
    };
    let kept: PreparedBoard;
    const message = diff && {
      channel: 'odds' as const,
      key: sport,
      at: board.fetched_at,
      type: 'board.diff' as const,
      data: diff,
    };
    let written: { set: Pairs; appends: Pairs } = { set: [], appends: [] };
    if (message) {
      const writes = this.state.boardWrites('odds', board, basis);
      const appends = await this.outbox.appends('odds', sport, records, new Date(now));
      const step = this.publisher.publishWith(message, { ...writes, appends }).then(() => {
        stepMs = performance.now() - t;
      });
      [, kept] = await Promise.all([step, prepare()]);
      this.held.hold('odds', board, writes.revision);
      written = { set: writes.hashes[0].set, appends };
    } else {
      this.held.hold('odds', board, await this.state.saveBoard('odds', board, basis));
      stepMs = performance.now() - t;
      kept = await prepare();
    }
    const publishMs = lap(t);

    // as the detection worker does: the changed events of the board kept prepared scanned
    t = stage();
    let arbitrage = 0;
    for (const id of changedEventIds) {
      if (!kept.has(id)) continue;
      const scan = kept.scanEvent(
        id,
        { arbitrage: { minProfitPct: 0.1 }, middles: { minGap: 0.5, minProbability: 5 } },
        now,
      );
      arbitrage += scan.arbitrage.length;
    }
    const detectMs = lap(t);

    return {
      board,
      readBack,
      readBackMs,
      ingestMs,
      diffMs,
      publishMs,
      stepMs,
      readMs,
      detectMs,
      cpuMs,
      spans,
      changedEvents: changedEventIds.length,
      changedPrices: records.length,
      arbitrage,
      sizes: () => ({
        writtenBytes: written.set.reduce((sum, [field, value]) => sum + field.length + value.length, 0),
        outboxBytes: written.appends.reduce((sum, [, data]) => sum + Buffer.byteLength(data), 0),
        diffBytes: message ? Buffer.byteLength(JSON.stringify(message)) : 0,
      }),
    };
  }
}

/** The Redis server's CPU time so far (ms), from INFO: the server's whole, so the bench wants Redis to itself. */
export async function redisCpuMs(redis: RedisService): Promise<number> {
  const info = await redis.client.info('cpu');
  const seconds = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0);
  return 1000 * (seconds('used_cpu_user') + seconds('used_cpu_sys'));
}

/** Empties the odds history outbox the polls appended to, off the clock: the writers move it to PostgreSQL off the path. */
export async function dropOutbox(redis: RedisService): Promise<void> {
  await deleteKeysWithPrefix(redis.client, redis.key('odds-history'));
}
