import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type {
  BoardEvent,
  FeedKind,
  FeedStatus,
  OddsPollDecision,
  OpportunityUpdate,
  PlannedSlots,
  ScheduledEvent,
  SportBoard,
  SportScoreboard,
} from '@oddspulse/shared';
import { channelPosition, type ChannelPosition, type StateWrites } from '../realtime/realtime-publisher.service';
import { boardFieldWrites, eventsFromFields } from './board-fields';
import { RedisService } from '../redis/redis.service';
import { positionedHashValues } from '../redis/positioned-hash';
import { RealtimeKeys, RedisKeys } from '../redis/redis-keys';
import { deepFreeze } from '../util/deep-freeze';

export type BoardKind = 'odds' | 'props';
export type OpportunityKind = 'ev' | 'arbitrage' | 'middles';
/**
 * A board's freshness, kept beside it: when it was last fetched and since when its feed is failing, and the
 * revision of the board's content it belongs to. A poll that changes nothing writes this alone; readers take
 * `fetched_at` and `stale_since` from it rather than from the board.
 */
export type BoardStamp = Pick<SportBoard, 'fetched_at'> & { stale_since: string | null; revision?: string };

/**
 * What a notice on the `live-state:changed` control topic names: a board's stamp (its revision, `fetched_at`
 * or `stale_since`), a sport's opportunities of a kind, a scoreboard. Every write of them publishes one, in the same
 * atomic step, once written.
 */
export const LiveStateNotices = {
  board: (kind: BoardKind, sport: string) => `board:${kind}:${sport}`,
  opportunities: (kind: OpportunityKind, sport: string) => `opportunities:${kind}:${sport}`,
  scoreboard: (sport: string) => `scoreboard:${sport}`,
} as const;

/**
 * One sport's board, read in one step (LiveStateRepository.readBoards). KEYS: its stamp, the board stored whole, the
 * board's hash, then other keys of its room to read with it. ARGV[1]: the revision whose content the reader holds ('' for
 * none). Returns the stamp and the other keys' values, then, unless the stamp names that revision, the board stored
 * whole and the hash's fields and values.
 */
const READ_BOARD_SCRIPT = `
local stamp = redis.call('GET', KEYS[1])
local more = {}
for i = 4, #KEYS do more[#more + 1] = redis.call('GET', KEYS[i]) end
if stamp and ARGV[1] ~= '' then
  local ok, decoded = pcall(cjson.decode, stamp)
  if ok and decoded.revision == ARGV[1] then return {stamp, more} end
end
return {stamp, more, redis.call('GET', KEYS[2]), redis.call('HGETALL', KEYS[3])}
`;

const RELEASE_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;
const RENEW_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;

/** Fields per HSET or HDEL of a board written in a transaction. */
const HASH_SLICE = 1000;

/** A board's hash write (`StateWrites.hashes`), its deletions always listed. */
type BoardHashWrite = { key: string; replace: boolean; set: Array<[string, string]>; delete: string[] };

const parse = <T>(raw: string | null | undefined): T | null => (raw ? (JSON.parse(raw) as T) : null);

/** The board with the freshness of its stamp (a board written before stamps existed keeps its own). */
function stamped(board: SportBoard | null, stamp: BoardStamp | null): SportBoard | null {
  if (!board || !stamp) return board;
  const { stale_since: _old, ...rest } = board;
  return stamp.stale_since
    ? { ...rest, fetched_at: stamp.fetched_at, stale_since: stamp.stale_since }
    : { ...rest, fetched_at: stamp.fetched_at };
}

/**
 * The pipeline's live state in Redis: the current board per sport and kind (with its freshness stamp beside it),
 * the scoreboards, each event's current opportunities, each feed's status, the per-feed poll lock and the
 * scheduler's last tick. The workers write it; the REST API, the gateway's snapshots and health read it.
 */
@Injectable()
export class LiveStateRepository {
  /** Per kind and sport, the events of the board revision read last (readBoards). */
  private readonly contents = new Map<string, { revision: string; events: BoardEvent[] }>();

  private readonly logger = new Logger(LiveStateRepository.name);

  constructor(private readonly redis: RedisService) {}

  /** The board with its freshness (the stamp's `fetched_at` and `stale_since` when there is one). */
  async board(kind: BoardKind, sport: string): Promise<SportBoard | null> {
    return (await this.boards(kind, [sport]))[0];
  }

  /** Several boards in one round trip, in the order asked (null where a sport has none), each with its freshness. */
  async boards(kind: BoardKind, sports: readonly string[]): Promise<Array<SportBoard | null>> {
    return (await this.revisedBoards(kind, sports)).map((read) => read?.board ?? null);
  }

  /**
   * Like `boards`, each with the revision of its content read in the same round trip (undefined for a board
   * written before stamps had one), so a reader can cache what it builds from that very content.
   */
  async revisedBoards(
    kind: BoardKind,
    sports: readonly string[],
  ): Promise<Array<{ board: SportBoard; revision: string | undefined } | null>> {
    return (await this.readBoards(kind, sports)).map(
      (read) => read && { board: read.board, revision: read.stamp?.revision },
    );
  }

  /**
   * Like `boards`, each with where its realtime channel (the kind's, keyed by the sport) stood, read in the same MGET.
   * The pipeline saves a board and publishes its diff in one atomic step, so that position is the board's own: a client
   * that joins the channel from it is sent every diff after the board and none it already holds (the first
   * load is read long before the browser's socket joins).
   */
  async positionedBoards(
    kind: BoardKind,
    sports: readonly string[],
  ): Promise<Array<{ board: SportBoard; position: ChannelPosition } | null>> {
    const reads = await this.readBoards(kind, sports, (sport) => [
      RealtimeKeys.sequence(kind, sport),
      RealtimeKeys.epoch(kind, sport),
    ]);
    return reads.map((read) => read && { board: read.board, position: channelPosition(read.more[0], read.more[1]) });
  }

  /**
   * Each sport's board with its stamp applied, the stamp, and the values of the sport's `more` keys (keys of its room):
   * one script per sport, each in its room's slot, sent together. A board still stored whole (by a version before
   * boards were stored by market) is read as it is until its next poll replaces it.
   *
   * The content of the revision read last is kept (`contents`), and the script sends the content only when the stamp
   * names another: a board that changes every few seconds is then read and parsed once per change, not by every request
   * and every rebuilt view that names its sport (up to a megabyte and about 10 ms of parsing a sport).
   */
  private async readBoards(
    kind: BoardKind,
    sports: readonly string[],
    more: (sport: string) => ReadonlyArray<readonly string[]> = () => [],
  ): Promise<
    Array<{
      board: SportBoard;
      stamp: BoardStamp | null;
      more: Array<string | null>;
      /** Stored by market under the stamp's revision: what changes from it may be written alone. */
      byMarket: boolean;
    } | null>
  > {
    return Promise.all(
      sports.map(async (sport) => {
        const keys = [
          RedisKeys.boardFreshness(kind, sport),
          RedisKeys.board(kind, sport),
          RedisKeys.boardMarkets(kind, sport),
          ...more(sport),
        ].map((parts) => this.redis.key(...parts));
        const held = this.contents.get(`${kind}:${sport}`);
        const [rawStamp, rest, rawWhole, flatFields] = (await this.redis.client.eval(
          READ_BOARD_SCRIPT,
          keys.length,
          ...keys,
          held?.revision ?? '',
        )) as [string | null, Array<string | null>, (string | null)?, string[]?];
        const stamp = parse<BoardStamp>(rawStamp);
        const events = flatFields ? this.keepContent(kind, sport, stamp, flatFields) : held!.events;
        const stored = events
          ? { sport_key: sport, fetched_at: stamp?.fetched_at ?? '', events }
          : parse<SportBoard>(rawWhole);
        const board = stamped(stored, stamp);
        return board && { board, stamp, more: rest, byMarket: events !== null && Boolean(stamp?.revision) };
      }),
    );
  }

  /**
   * The events of a board read by market, kept as the content of the stamp's revision (frozen: every reader of that
   * revision is handed the same objects). A board with no revision, or none stored by market, is not kept.
   */
  private keepContent(
    kind: BoardKind,
    sport: string,
    stamp: BoardStamp | null,
    flatFields: string[],
  ): BoardEvent[] | null {
    const fields: Record<string, string> = {};
    for (let i = 0; i < flatFields.length; i += 2) fields[flatFields[i]] = flatFields[i + 1];
    const events = eventsFromFields(fields);
    if (events && stamp?.revision)
      this.contents.set(`${kind}:${sport}`, { revision: stamp.revision, events: deepFreeze(events) });
    else this.contents.delete(`${kind}:${sport}`);
    return events;
  }

  /**
   * The board as stored, for a writer that did not write it last, and whether it is a basis (`saveBoard`): stored by
   * market under its stamp's revision, so that only what changes from it need be written. A board stored whole (by a
   * version before boards were stored by market) is not: it is written whole.
   */
  async storedBoard(kind: BoardKind, sport: string): Promise<{ board: SportBoard; isBasis: boolean } | null> {
    const [read] = await this.readBoards(kind, [sport]);
    return read && { board: read.board, isBasis: read.byMarket };
  }

  /** A board's stamp alone (null when it has none). */
  async boardStamp(kind: BoardKind, sport: string): Promise<BoardStamp | null> {
    return parse<BoardStamp>(await this.redis.client.get(this.redis.key(...RedisKeys.boardFreshness(kind, sport))));
  }

  /**
   * Makes `board` the stored board and, beside it, its stamp (the scanner calls read that alone, not the whole board),
   * atomically. `basis`: the board stored now, as this process wrote it (only what changed from it is written), or null
   * (the board is written whole). Returns the content's new revision.
   */
  async saveBoard(kind: BoardKind, board: SportBoard, basis: SportBoard | null = null): Promise<string> {
    const { revision, writes, hashes, deletes, notices } = this.boardWrites(kind, board, basis);
    const multi = this.redis.client.multi();
    for (const [key, value] of writes) multi.set(key, value);
    for (const hash of hashes) {
      if (hash.replace) multi.del(hash.key);
      for (let i = 0; i < hash.set.length; i += HASH_SLICE)
        multi.hset(hash.key, ...hash.set.slice(i, i + HASH_SLICE).flat());
      for (let i = 0; i < hash.delete.length; i += HASH_SLICE)
        multi.hdel(hash.key, ...hash.delete.slice(i, i + HASH_SLICE));
    }
    if (deletes.length) multi.del(...deletes);
    for (const [channel, text] of notices) multi.publish(channel, text);
    const results = await multi.exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed)
      throw failed?.[0] ?? new Error(`Saving the ${kind} board of ${board.sport_key} was aborted`);
    return revision;
  }

  /**
   * The writes that make `board` the stored board, with its stamp, and their notice, for `RealtimePublisher.publishWith`:
   * the pipeline saves a board and publishes its diff in one atomic step. `basis` as for `saveBoard`: the markets that
   * changed from it are written, or, without one, the whole board (and the board a version before this one stored
   * whole is deleted). Returns the content's new revision with them.
   */
  boardWrites(
    kind: BoardKind,
    board: SportBoard,
    basis: SportBoard | null = null,
  ): Required<Pick<StateWrites, 'writes' | 'deletes' | 'notices'>> & {
    revision: string;
    hashes: Array<BoardHashWrite>;
  } {
    const revision = randomUUID();
    const freshness: BoardStamp = { fetched_at: board.fetched_at, stale_since: board.stale_since ?? null, revision };
    const fields = boardFieldWrites(board.events, basis?.events ?? null);
    return {
      revision,
      writes: [[this.redis.key(...RedisKeys.boardFreshness(kind, board.sport_key)), JSON.stringify(freshness)]],
      hashes: [{ key: this.redis.key(...RedisKeys.boardMarkets(kind, board.sport_key)), ...fields }],
      deletes: fields.replace ? [this.redis.key(...RedisKeys.board(kind, board.sport_key))] : [],
      notices: [this.notice(LiveStateNotices.board(kind, board.sport_key))],
    };
  }

  /** A `live-state:changed` notice naming `what`, as a channel and a text to publish. */
  private notice(what: string): [channel: string, text: string] {
    return [this.redis.key(...RedisKeys.liveStateChanged), what];
  }

  /**
   * A new freshness for the board as it stands (a poll that changed nothing, a feed that started or stopped
   * failing). Returns false when the board itself is gone from Redis (lost on its own), so the caller writes it whole.
   */
  async saveBoardStamp(kind: BoardKind, sport: string, stamp: BoardStamp): Promise<boolean> {
    const results = await this.redis.client
      .multi()
      .set(this.redis.key(...RedisKeys.boardFreshness(kind, sport)), JSON.stringify(stamp))
      .exists(this.redis.key(...RedisKeys.boardMarkets(kind, sport)), this.redis.key(...RedisKeys.board(kind, sport)))
      .publish(...this.notice(LiveStateNotices.board(kind, sport)))
      .exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error(`Saving the ${kind} stamp of ${sport} was aborted`);
    return (results[1][1] as number) > 0;
  }

  /**
   * When each board was fetched and whether its feed is failing, in the order asked (null where a sport has no
   * board), without reading the boards (one GET per sport, sent together: each is in its room's slot). Boards written
   * before the stamp existed (until their next poll) are read whole.
   */
  async freshness(kind: BoardKind, sports: readonly string[]): Promise<Array<BoardStamp | null>> {
    if (!sports.length) return [];
    const raws = await Promise.all(
      sports.map((sport) => this.redis.client.get(this.redis.key(...RedisKeys.boardFreshness(kind, sport)))),
    );
    const stamps = raws.map((raw) => parse<BoardStamp>(raw));
    const unstamped = sports.filter((_, i) => !stamps[i]);
    if (!unstamped.length) return stamps;
    const boards = await this.boards(kind, unstamped);
    let next = 0;
    return stamps.map((stamp) => {
      if (stamp) return stamp;
      const board = boards[next++];
      return board && { fetched_at: board.fetched_at, stale_since: board.stale_since ?? null };
    });
  }

  async scoreboard(sport: string): Promise<SportScoreboard | null> {
    return parse<SportScoreboard>(await this.redis.client.get(this.redis.key(...RedisKeys.scoreboard(sport))));
  }

  /** The scoreboard and, in the same transaction, a new revision of it. */
  async saveScoreboard(board: SportScoreboard): Promise<void> {
    const results = await this.redis.client
      .multi()
      .set(this.redis.key(...RedisKeys.scoreboard(board.sport_key)), JSON.stringify(board))
      .incr(this.redis.key(...RedisKeys.scoreboardRevision(board.sport_key)))
      .publish(...this.notice(LiveStateNotices.scoreboard(board.sport_key)))
      .exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error(`Saving the scoreboard of ${board.sport_key} was aborted`);
  }

  /** The scoreboard's revision (null for one written before revisions were counted: a reader must not cache it). */
  async scoreboardRevision(sport: string): Promise<string | null> {
    return this.redis.client.get(this.redis.key(...RedisKeys.scoreboardRevision(sport)));
  }

  /** Several scoreboards' revisions (scoreboardRevision), in the order asked: small counters, read together. */
  async scoreboardRevisions(sports: readonly string[]): Promise<Array<string | null>> {
    return Promise.all(sports.map((sport) => this.scoreboardRevision(sport)));
  }

  /**
   * The current opportunities of several sports, each with where its channel of the kind stood (positionedHashValues:
   * detection saves them before it publishes their updates), one transaction per sport, sent together: each in its slot.
   */
  async positionedOpportunities<T>(
    kind: OpportunityKind,
    sports: readonly string[],
  ): Promise<Array<{ updates: Array<OpportunityUpdate<T>>; position: ChannelPosition }>> {
    const reads = await Promise.all(
      sports.map((sport) => positionedHashValues(this.redis, kind, sport, RedisKeys.opportunities(kind, sport))),
    );
    return reads.map(({ values, position }) => ({
      updates: values.flatMap((value) => JSON.parse(value) as Array<OpportunityUpdate<T>>),
      position,
    }));
  }

  /** The revision of each sport's opportunities, in the order asked ('0' before detection has changed them). */
  async opportunityRevisions(kind: OpportunityKind, sports: readonly string[]): Promise<string[]> {
    const raws = await Promise.all(
      sports.map((sport) => this.redis.client.get(this.redis.key(...RedisKeys.opportunitiesRevision(kind, sport)))),
    );
    return raws.map((raw) => raw ?? '0');
  }

  /** The current opportunities of a sport, as detection keeps them (a list per `{board}:{event}` field), in one list. */
  async opportunities<T>(kind: OpportunityKind, sport: string): Promise<Array<OpportunityUpdate<T>>> {
    const raw = await this.redis.client.hgetall(this.redis.key(...RedisKeys.opportunities(kind, sport)));
    return Object.values(raw).flatMap((value) => JSON.parse(value) as Array<OpportunityUpdate<T>>);
  }

  /** The current opportunities of some events of a sport (by `{board}:{event}` field), in the order asked. */
  async eventOpportunities<T>(
    kind: OpportunityKind,
    sport: string,
    fields: readonly string[],
  ): Promise<Array<Array<OpportunityUpdate<T>>>> {
    if (!fields.length) return [];
    const stored = await this.redis.client.hmget(this.redis.key(...RedisKeys.opportunities(kind, sport)), ...fields);
    return stored.map((raw) => parse<Array<OpportunityUpdate<T>>>(raw) ?? []);
  }

  /**
   * Replaces the current opportunities of some events of a sport in one transaction; an empty list removes the event.
   * `appends` (stream entries of the kind's room: its alerts outbox) are written in the same transaction.
   */
  async saveEventOpportunities<T>(
    kind: OpportunityKind,
    sport: string,
    entries: ReadonlyArray<readonly [string, ReadonlyArray<OpportunityUpdate<T>>]>,
    appends: NonNullable<StateWrites['appends']> = [],
  ): Promise<void> {
    if (!entries.length && !appends.length) return;
    const key = this.redis.key(...RedisKeys.opportunities(kind, sport));
    const multi = this.redis.client.multi();
    for (const [field, current] of entries) {
      if (current.length) multi.hset(key, field, JSON.stringify(current));
      else multi.hdel(key, field);
    }
    for (const [stream, data] of appends) multi.xadd(stream, '*', 'data', data);
    multi.incr(this.redis.key(...RedisKeys.opportunitiesRevision(kind, sport)));
    multi.publish(...this.notice(LiveStateNotices.opportunities(kind, sport)));
    const results = await multi.exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error(`Saving the ${kind} opportunities of ${sport} was aborted`);
  }

  /** The events of a board whose opportunities the clock alone has changed by `now` (saveOpportunityReviews). */
  async dueOpportunityReviews(kind: BoardKind, sport: string, now: number): Promise<string[]> {
    return this.redis.client.zrangebyscore(this.redis.key(...RedisKeys.opportunityReviews(kind, sport)), '-inf', now);
  }

  /**
   * When detection is to scan each event again though no price of it moved: the time the clock alone changes what a scan
   * finds, or Infinity for never (the event is taken off).
   */
  async saveOpportunityReviews(
    kind: BoardKind,
    sport: string,
    reviews: ReadonlyArray<readonly [eventId: string, at: number]>,
  ): Promise<void> {
    const key = this.redis.key(...RedisKeys.opportunityReviews(kind, sport));
    const due = reviews.filter(([, at]) => Number.isFinite(at)).flatMap(([id, at]) => [at, id]);
    const never = reviews.filter(([, at]) => !Number.isFinite(at)).map(([id]) => id);
    await Promise.all([
      due.length ? this.redis.client.zadd(key, ...due) : null,
      never.length ? this.redis.client.zrem(key, ...never) : null,
    ]);
  }

  /**
   * The feeds' statuses of these sports (the deployment's FEED_SPORTS). A sport taken out of FEED_SPORTS keeps its last
   * status in Redis, where nothing writes it again: read, a stale one would hold health at 503 and its feed age would
   * grow in the metrics for good.
   */
  async feedStatuses(sports: readonly string[]): Promise<FeedStatus[]> {
    const raw = await this.redis.client.hgetall(this.redis.key(...RedisKeys.feedStatus));
    return Object.values(raw)
      .map((v) => JSON.parse(v) as FeedStatus)
      .filter((status) => sports.includes(status.sport));
  }

  async feedStatus(kind: FeedKind, sport: string): Promise<FeedStatus | null> {
    return parse<FeedStatus>(await this.redis.client.hget(this.redis.key(...RedisKeys.feedStatus), `${kind}:${sport}`));
  }

  async saveFeedStatus(status: FeedStatus): Promise<void> {
    await this.redis.client.hset(
      this.redis.key(...RedisKeys.feedStatus),
      `${status.kind}:${status.sport}`,
      JSON.stringify(status),
    );
  }

  /**
   * Runs `work` holding the feed's lock; returns null (without running) when another process holds it. The lock is
   * short and renewed every third of `ttlMs` while the work runs: a killed worker's lock lapses
   * within `ttlMs`, where a lock as long as the slowest poll blocked the feed for two minutes.
   */
  async withFeedLock<T>(kind: FeedKind, sport: string, ttlMs: number, work: () => Promise<T>): Promise<T | null> {
    const key = this.redis.key(...RedisKeys.pollLock(kind, sport));
    const token = randomUUID();
    if ((await this.redis.client.set(key, token, 'PX', ttlMs, 'NX')) !== 'OK') return null;
    const renewal = setInterval(
      () => {
        // A renewal that fails (Redis away) lets the lock lapse, which is the safe way for it to fail: at worst two polls
        // overlap, which is said here, as nothing else would show it.
        this.redis.client
          .eval(RENEW_SCRIPT, 1, key, token, String(ttlMs))
          .catch((error: Error) =>
            this.logger.warn(`The ${kind} poll lock of ${sport} was not renewed and may lapse: ${error.message}`),
          );
      },
      Math.max(1, Math.floor(ttlMs / 3)),
    );
    renewal.unref();
    try {
      return await work();
    } finally {
      clearInterval(renewal);
      await this.redis.client.eval(RELEASE_SCRIPT, 1, key, token);
    }
  }

  /** The events of a sport's odds board as the scheduler needs them (written by each odds poll). */
  async saveOddsSchedule(sport: string, events: readonly ScheduledEvent[]): Promise<void> {
    // An unreadable start (NaN) is stored as null, which JSON keeps.
    const compact = events.map((e) => [e.id, Number.isNaN(e.start) ? null : e.start, e.completed ? 1 : 0]);
    await this.redis.client.hset(this.redis.key(...RedisKeys.oddsSchedule), sport, JSON.stringify(compact));
  }

  /** Each sport's events as its last odds poll left them (a sport never polled is absent). */
  async oddsSchedules(): Promise<Map<string, ScheduledEvent[]>> {
    const raw = await this.redis.client.hgetall(this.redis.key(...RedisKeys.oddsSchedule));
    return new Map(
      Object.entries(raw).map(([sport, json]) => [
        sport,
        (JSON.parse(json) as Array<[string, number | null, 0 | 1]>).map(([id, start, completed]) => ({
          id,
          start: start ?? NaN,
          completed: completed === 1,
        })),
      ]),
    );
  }

  async plannedOddsSlots(): Promise<Map<string, PlannedSlots>> {
    const raw = await this.redis.client.hgetall(this.redis.key(...RedisKeys.oddsPlanned));
    return new Map(Object.entries(raw).map(([sport, json]) => [sport, JSON.parse(json) as PlannedSlots]));
  }

  /** The scheduler's run: the slots planned per sport, and what the credit budget held per sport (empty: nothing). */
  async saveOddsPlans(
    planned: ReadonlyMap<string, PlannedSlots>,
    held: ReadonlyMap<string, OddsPollDecision['held']>,
    at: number,
  ): Promise<void> {
    const multi = this.redis.client.multi();
    if (planned.size)
      multi.hset(
        this.redis.key(...RedisKeys.oddsPlanned),
        Object.fromEntries([...planned].map(([sport, p]) => [sport, JSON.stringify(p)])),
      );
    const heldKey = this.redis.key(...RedisKeys.oddsHeld);
    for (const [sport, classes] of held) {
      if (classes.length) multi.hset(heldKey, sport, JSON.stringify({ at, held: classes }));
      else multi.hdel(heldKey, sport);
    }
    const results = await multi.exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error('Saving the odds poll plans was aborted');
  }

  /** Per sport, the event classes the credit budget kept off at the scheduler's last run, and when. */
  async oddsHeld(): Promise<Map<string, { at: number; held: OddsPollDecision['held'] }>> {
    const raw = await this.redis.client.hgetall(this.redis.key(...RedisKeys.oddsHeld));
    return new Map(
      Object.entries(raw).map(([sport, json]) => [
        sport,
        JSON.parse(json) as { at: number; held: OddsPollDecision['held'] },
      ]),
    );
  }

  async recordScheduleTick(at: number): Promise<void> {
    await this.redis.client.set(this.redis.key(...RedisKeys.scheduleLastTick), String(at));
  }

  /** When the feeds scheduler last ran (epoch ms), or null when it never has. */
  async lastScheduleTick(): Promise<number | null> {
    const raw = await this.redis.client.get(this.redis.key(...RedisKeys.scheduleLastTick));
    return raw ? Number(raw) : null;
  }
}
