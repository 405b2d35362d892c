import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { REALTIME_BUFFER_SIZE, RealtimeChannel, RealtimeEnvelope, RealtimeMessage } from '@oddspulse/shared';
import { RealtimeKeys, RedisKeys } from '../redis/redis-keys';
import { RedisService } from '../redis/redis.service';

/**
 * Numbers, buffers and publishes a message in one atomic step, so that the order of the sequence
 * numbers, the buffer and the pub/sub deliveries is the same for every publisher process. A counter that
 * starts (at 1, or again after Redis lost it) starts a new epoch and an empty buffer, so no client takes the
 * new numbers for old ones and no replay mixes the two. So does a counter numbered by another Redis server than the
 * one that numbers now (its run id and replication id, which the data keeps as written): a restart that replayed an
 * AOF short of its last second, or a failover to a replica that was behind, rolls the counter, epoch and buffer
 * back together, to a state that looks whole, and only the server's identity tells that clients may have been sent
 * numbers it no longer has. Any further keys are written in the same step, before the
 * delivery (the state the message describes: a board's changed markets and its diff are saved and published together).
 * Entries appended to streams in the same step are an outbox: work the message implies (the odds history) that is done
 * after it, off the path to the browser, and that no crash can lose.
 * KEYS: seq counter, buffer, epoch, the server that numbered under it, then keys to set, streams to append to, hashes to write, keys to delete.
 * ARGV: pub/sub channel, message JSON without seq, buffer size, a new epoch, how many keys to set, streams to append to
 * and hashes to write; the value of each key to set; the entry of each stream append (one `data` field); for each hash,
 * whether it is replaced (1: emptied first), how many fields it sets and deletes, the fields and values it sets, the
 * fields it deletes; then control notices (channel and text pairs).
 */
const publishScript = (command: 'PUBLISH' | 'SPUBLISH') => `
local seq = redis.call('INCR', KEYS[1])
local epoch = redis.call('GET', KEYS[3])
local info = redis.call('INFO', 'server') .. redis.call('INFO', 'replication')
local numberer = (string.match(info, 'run_id:(%x+)') or '') .. ':' .. (string.match(info, 'master_replid:(%x+)') or '')
if seq == 1 or not epoch or redis.call('GET', KEYS[4]) ~= numberer then
  epoch = ARGV[4]
  redis.call('SET', KEYS[3], epoch)
  redis.call('SET', KEYS[4], numberer)
  redis.call('DEL', KEYS[2])
end
local message = '{"seq":' .. seq .. ',"epoch":"' .. epoch .. '",' .. string.sub(ARGV[2], 2)
redis.call('ZADD', KEYS[2], seq, message)
redis.call('ZREMRANGEBYRANK', KEYS[2], 0, -(tonumber(ARGV[3]) + 1))
local sets, appends, hashes = tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])
local key, arg = 5, 8
for i = 1, sets do
  redis.call('SET', KEYS[key], ARGV[arg])
  key, arg = key + 1, arg + 1
end
for i = 1, appends do
  redis.call('XADD', KEYS[key], '*', 'data', ARGV[arg])
  key, arg = key + 1, arg + 1
end
for i = 1, hashes do
  local replace, setCount, delCount = ARGV[arg], tonumber(ARGV[arg + 1]), tonumber(ARGV[arg + 2])
  arg = arg + 3
  if replace == '1' then redis.call('DEL', KEYS[key]) end
  -- in slices: a first board sets a quarter of a million fields, more than one call's arguments may be
  local done = 0
  while done < setCount do
    local n = math.min(${HASH_SLICE}, setCount - done)
    local args = {}
    for j = 0, 2 * n - 1 do args[j + 1] = ARGV[arg + 2 * done + j] end
    redis.call('HSET', KEYS[key], unpack(args))
    done = done + n
  end
  arg = arg + 2 * setCount
  done = 0
  while done < delCount do
    local n = math.min(${HASH_SLICE}, delCount - done)
    redis.call('HDEL', KEYS[key], unpack(ARGV, arg + done, arg + done + n - 1))
    done = done + n
  end
  arg = arg + delCount
  key = key + 1
end
for i = key, #KEYS do
  redis.call('DEL', KEYS[i])
end
for i = arg, #ARGV, 2 do
  redis.call('PUBLISH', ARGV[i], ARGV[i + 1])
end
redis.call('${command}', ARGV[1], message)
return seq
`;
/** Fields per HSET or HDEL in the script: well inside what Lua's unpack() takes at once. */
const HASH_SLICE = 1000;
/** The message on its room's channel: classic on a single Redis, sharded on a cluster (the channel is in the room's slot). */
const PUBLISH_SCRIPT = publishScript('PUBLISH');
const SPUBLISH_SCRIPT = publishScript('SPUBLISH');

/** Fields of one hash to write: set (field and value) and deleted, the hash emptied first when `replace`. */
export interface HashWrite {
  key: string;
  replace?: boolean;
  set: ReadonlyArray<readonly [field: string, value: string]>;
  delete?: readonly string[];
}

/**
 * State a message describes, written in the same atomic step: keys to set (full Redis keys and their values), hashes
 * to write, keys to delete, and control notices published once they are written (full channel names and their texts).
 */
export interface StateWrites {
  writes: ReadonlyArray<readonly [key: string, value: string]>;
  hashes?: readonly HashWrite[];
  deletes?: readonly string[];
  notices?: ReadonlyArray<readonly [channel: string, text: string]>;
  /** Stream entries (full stream keys and each entry's `data`), appended in the same step: an outbox. */
  appends?: ReadonlyArray<readonly [stream: string, data: string]>;
}

/** Where a channel stands: its last seq (0 before its first message) and that seq's epoch (null then). */
export interface ChannelPosition {
  seq: number;
  epoch: string | null;
}

export interface ReplayResult {
  messages: RealtimeEnvelope[];
  /** False when messages after `afterSeq` were already dropped from the buffer: send a snapshot instead. */
  complete: boolean;
  /** Where the channel stands: its last seq and that seq's epoch (the buffer holds that epoch's messages only). */
  lastSeq: number;
  epoch: string | null;
}

/** A channel's position from its seq and epoch keys as read (missing: the channel has carried nothing yet). */
export function channelPosition(seq: string | null | undefined, epoch: string | null | undefined): ChannelPosition {
  return { seq: Number(seq ?? 0), epoch: epoch ?? null };
}

/** A fresh epoch: time-ordered for people reading logs, random so two processes starting one at once differ. */
function newEpoch(now = Date.now()): string {
  return `${now.toString(36)}${randomBytes(3).toString('hex')}`;
}

/** Publishes realtime messages for the gateway to relay, and replays them to reconnecting sockets. */
@Injectable()
export class RealtimePublisher {
  constructor(private readonly redis: RedisService) {}

  channelName(channel: RealtimeChannel, key: string): string {
    return this.redis.key(...RealtimeKeys.channel(channel, key));
  }

  /** Returns the message's sequence number on its channel. */
  publish(message: RealtimeMessage, bufferSize = REALTIME_BUFFER_SIZE): Promise<number> {
    return this.publishWith(message, { writes: [] }, bufferSize);
  }

  /**
   * Sets `state.writes`, appends `state.appends`, publishes its notices and publishes `message` in one atomic step: all
   * happen or none, so no crash can leave the state changed without the message that tells clients so, nor without
   * the notice that tells servers' caches, nor the message out without the outbox entry of the work it implies.
   */
  async publishWith(
    message: RealtimeMessage,
    { writes, hashes = [], deletes = [], notices = [], appends = [] }: StateWrites,
    bufferSize = REALTIME_BUFFER_SIZE,
  ): Promise<number> {
    const keys = [
      this.redis.key(...RealtimeKeys.sequence(message.channel, message.key)),
      this.redis.key(...RealtimeKeys.buffer(message.channel, message.key)),
      this.redis.key(...RealtimeKeys.epoch(message.channel, message.key)),
      this.redis.key(...RealtimeKeys.numberedBy(message.channel, message.key)),
      ...writes.map(([key]) => key),
      ...appends.map(([stream]) => stream),
      ...hashes.map((hash) => hash.key),
      ...deletes,
    ];
    const args: string[] = [
      this.channelName(message.channel, message.key),
      JSON.stringify(message),
      String(bufferSize),
      newEpoch(),
      String(writes.length),
      String(appends.length),
      String(hashes.length),
    ];
    for (const [, value] of writes) args.push(value);
    for (const [, data] of appends) args.push(data);
    for (const hash of hashes) {
      const deleted = hash.delete ?? [];
      args.push(hash.replace ? '1' : '0', String(hash.set.length), String(deleted.length));
      for (const [field, value] of hash.set) args.push(field, value);
      for (const field of deleted) args.push(field);
    }
    for (const [channel, text] of notices) args.push(channel, text);
    // One list, not spread into the call: a first board's fields are more arguments than a call may take.
    const seq = await this.redis.client.eval(this.redis.cluster ? SPUBLISH_SCRIPT : PUBLISH_SCRIPT, keys.length, [
      ...keys,
      ...args,
    ]);
    return Number(seq);
  }

  /**
   * Publishes `message` once however many processes ask with the same `what` within `ttlSeconds`: the first to
   * claim it in Redis publishes. Returns the message's seq, or null when another process had claimed it.
   */
  async publishOnce(what: string, message: RealtimeMessage, ttlSeconds = 60): Promise<number | null> {
    const claim = this.redis.key(...RedisKeys.notice(createHash('sha256').update(what).digest('hex')));
    if ((await this.redis.client.set(claim, '1', 'EX', ttlSeconds, 'NX')) !== 'OK') return null;
    return this.publish(message);
  }

  /** The last seq a channel reached and its epoch, read together. */
  async position(channel: RealtimeChannel, key: string): Promise<ChannelPosition> {
    const [seq, epoch] = await this.redis.client.mget(
      this.redis.key(...RealtimeKeys.sequence(channel, key)),
      this.redis.key(...RealtimeKeys.epoch(channel, key)),
    );
    return channelPosition(seq, epoch);
  }

  /**
   * The messages of a channel after `afterSeq`, in order, with where the channel stands. The cost follows what was
   * missed: a gap older than the buffer is answered from its oldest seq alone (the caller sends a snapshot), without
   * reading the buffer.
   */
  async replay(channel: RealtimeChannel, key: string, afterSeq: number): Promise<ReplayResult> {
    const bufferKey = this.redis.key(...RealtimeKeys.buffer(channel, key));
    const results = await this.redis.client
      .multi()
      .get(this.redis.key(...RealtimeKeys.sequence(channel, key)))
      .get(this.redis.key(...RealtimeKeys.epoch(channel, key)))
      .zrange(bufferKey, '0', '0', 'WITHSCORES')
      .exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error(`Reading the ${channel} replay of ${key} was aborted`);
    const [current, epoch, oldest] = results.map(([, value]) => value) as [string | null, string | null, string[]];
    const lastSeq = Number(current ?? 0);
    const missed = lastSeq - afterSeq;
    if (missed <= 0) return { messages: [], complete: true, lastSeq, epoch };
    if (!oldest.length || Number(oldest[1]) > afterSeq + 1) return { messages: [], complete: false, lastSeq, epoch };
    // bounded by lastSeq: what is published after the read above is the live stream's
    const messages = (await this.redis.client.zrangebyscore(bufferKey, `(${afterSeq}`, String(lastSeq))).map(
      (m) => JSON.parse(m) as RealtimeEnvelope,
    );
    return { messages, complete: messages.length === missed && messages[0]?.seq === afterSeq + 1, lastSeq, epoch };
  }
}
