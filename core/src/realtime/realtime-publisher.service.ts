import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { REALTIME_BUFFER_SIZE, RealtimeChannel, RealtimeEnvelope, RealtimeMessage } from '@oddspulse/shared';
import { RealtimeKeys, RedisKeys } from '../redis/redis-keys';
import { RedisService } from '../redis/redis.service';

/**
 * Numbers, buffers and publishes a message in one atomic step, so that the order of the sequence
 * numbers, the buffer and the pub/sub deliveries is the same for every publisher process. A counter that
 * starts (at 1, or again after Redis lost it) starts a new epoch and an empty buffer, so no client takes the
 * new numbers for old ones and no replay mixes the two. Any further keys are set in the same step, before the
 * delivery (the state the message describes: a board and its diff are saved and published together).
 * Entries appended to streams in the same step are an outbox: work the message implies (the odds history) that is done
 * after it, off the path to the browser, and that no crash can lose.
 * KEYS: seq counter, buffer, epoch, then keys to set, then streams to append to; ARGV: pub/sub channel, message JSON
 * without seq, buffer size, a new epoch, the number of keys to set, the value of each key to set, the entry of each
 * stream append (one `data` field), then control notices (channel and text pairs).
 */
const publishScript = (command: 'PUBLISH' | 'SPUBLISH') => `
local seq = redis.call('INCR', KEYS[1])
local epoch = redis.call('GET', KEYS[3])
if seq == 1 or not epoch then
  epoch = ARGV[4]
  redis.call('SET', KEYS[3], epoch)
  redis.call('DEL', KEYS[2])
end
local message = '{"seq":' .. seq .. ',"epoch":"' .. epoch .. '",' .. string.sub(ARGV[2], 2)
redis.call('ZADD', KEYS[2], seq, message)
redis.call('ZREMRANGEBYRANK', KEYS[2], 0, -(tonumber(ARGV[3]) + 1))
local sets = tonumber(ARGV[5])
for i = 4, 3 + sets do
  redis.call('SET', KEYS[i], ARGV[i + 2])
end
for i = 4 + sets, #KEYS do
  redis.call('XADD', KEYS[i], '*', 'data', ARGV[i + 2])
end
for i = #KEYS + 3, #ARGV, 2 do
  redis.call('PUBLISH', ARGV[i], ARGV[i + 1])
end
redis.call('${command}', ARGV[1], message)
return seq
`;
/** The message on its room's channel: classic on a single Redis, sharded on a cluster (the channel is in the room's slot). */
const PUBLISH_SCRIPT = publishScript('PUBLISH');
const SPUBLISH_SCRIPT = publishScript('SPUBLISH');

/**
 * State a message describes, written in the same atomic step: keys to set (full Redis keys and their values) and
 * control notices published once they are set (full channel names and their texts).
 */
export interface StateWrites {
  writes: ReadonlyArray<readonly [key: string, value: string]>;
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
  async publishWith(message: RealtimeMessage, { writes, notices = [], appends = [] }: StateWrites, bufferSize = REALTIME_BUFFER_SIZE): Promise<number> {
    const seq = await this.redis.client.eval(
      this.redis.cluster ? SPUBLISH_SCRIPT : PUBLISH_SCRIPT,
      3 + writes.length + appends.length,
      this.redis.key(...RealtimeKeys.sequence(message.channel, message.key)),
      this.redis.key(...RealtimeKeys.buffer(message.channel, message.key)),
      this.redis.key(...RealtimeKeys.epoch(message.channel, message.key)),
      ...writes.map(([key]) => key),
      ...appends.map(([stream]) => stream),
      this.channelName(message.channel, message.key),
      JSON.stringify(message),
      String(bufferSize),
      newEpoch(),
      String(writes.length),
      ...writes.map(([, value]) => value),
      ...appends.map(([, data]) => data),
      ...notices.flat(),
    );
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
      .zrange(bufferKey, 0, 0, 'WITHSCORES')
      .exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error(`Reading the ${channel} replay of ${key} was aborted`);
    const [current, epoch, oldest] = results.map(([, value]) => value) as [string | null, string | null, string[]];
    const lastSeq = Number(current ?? 0);
    const missed = lastSeq - afterSeq;
    if (missed <= 0) return { messages: [], complete: true, lastSeq, epoch };
    if (!oldest.length || Number(oldest[1]) > afterSeq + 1) return { messages: [], complete: false, lastSeq, epoch };
    // bounded by lastSeq: what is published after the read above is the live stream's
    const messages = (await this.redis.client.zrangebyscore(bufferKey, `(${afterSeq}`, lastSeq)).map((m) => JSON.parse(m) as RealtimeEnvelope);
    return { messages, complete: messages.length === missed && messages[0]?.seq === afterSeq + 1, lastSeq, epoch };
  }
}
