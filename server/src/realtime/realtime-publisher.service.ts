import { Injectable } from '@nestjs/common';
import { REALTIME_BUFFER_SIZE, RealtimeChannel, RealtimeEnvelope, RealtimeKeys, RealtimeMessage } from '@oddspulse/shared';
import { RedisService } from '../redis/redis.service';

/**
 * Numbers, buffers and publishes a message in one atomic step, so that the order of the sequence
 * numbers, the buffer and the pub/sub deliveries is the same for every publisher process.
 * KEYS: seq counter, buffer; ARGV: pub/sub channel, message JSON without seq, buffer size.
 */
const PUBLISH_SCRIPT = `
local seq = redis.call('INCR', KEYS[1])
local message = '{"seq":' .. seq .. ',' .. string.sub(ARGV[2], 2)
redis.call('ZADD', KEYS[2], seq, message)
redis.call('ZREMRANGEBYRANK', KEYS[2], 0, -(tonumber(ARGV[3]) + 1))
redis.call('PUBLISH', ARGV[1], message)
return seq
`;

export interface ReplayResult {
  messages: RealtimeEnvelope[];
  /** False when messages after `afterSeq` were already dropped from the buffer: send a snapshot instead. */
  complete: boolean;
  lastSeq: number;
}

/** Publishes realtime messages for the gateway to relay, and replays them to reconnecting sockets. */
@Injectable()
export class RealtimePublisher {
  constructor(private readonly redis: RedisService) {}

  channelName(channel: RealtimeChannel, sport: string): string {
    return this.redis.key(...RealtimeKeys.channel(channel, sport));
  }

  /** Returns the message's sequence number on its channel. */
  async publish(message: RealtimeMessage, bufferSize = REALTIME_BUFFER_SIZE): Promise<number> {
    const body = JSON.stringify(message);
    const seq = await this.redis.client.eval(
      PUBLISH_SCRIPT,
      2,
      this.redis.key(...RealtimeKeys.sequence(message.channel, message.sport)),
      this.redis.key(...RealtimeKeys.buffer(message.channel, message.sport)),
      this.channelName(message.channel, message.sport),
      body,
      String(bufferSize),
    );
    return Number(seq);
  }

  /** The messages of a channel after `afterSeq`, in order. */
  async replay(channel: RealtimeChannel, sport: string, afterSeq: number): Promise<ReplayResult> {
    const [raw, current] = await Promise.all([
      this.redis.client.zrangebyscore(this.redis.key(...RealtimeKeys.buffer(channel, sport)), `(${afterSeq}`, '+inf'),
      this.redis.client.get(this.redis.key(...RealtimeKeys.sequence(channel, sport))),
    ]);
    const lastSeq = Number(current ?? 0);
    const messages = raw.map((m) => JSON.parse(m) as RealtimeEnvelope);
    const missed = lastSeq - afterSeq;
    return { messages, complete: missed <= 0 || (messages.length === missed && messages[0]?.seq === afterSeq + 1), lastSeq };
  }
}
