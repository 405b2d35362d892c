import IORedis from 'ioredis';
import { RealtimeEnvelope, parseRealtimeChannel } from '@oddspulse/shared';
import { parseConfig } from '../config/config.schema';
import { RedisService } from '../redis/redis.service';
import { RealtimePublisher } from './realtime-publisher.service';

// Issue 4 / issue 6: every message carries its channel's sequence number; a reconnecting socket gets the
// missed messages in order from a bounded buffer, or is told to take a snapshot when the gap is too old.
describe('RealtimePublisher (real Redis)', () => {
  const base = parseConfig(process.env);
  const config = { ...base, REDIS_PREFIX: `${base.REDIS_PREFIX}:realtime` };
  const redis = new RedisService(config);
  const publisher = new RealtimePublisher(redis);
  const subscriber = new IORedis(config.REDIS_URL);
  const heard: Array<{ channel: string; message: RealtimeEnvelope }> = [];
  const status = (n: number) => ({
    channel: 'scores' as const,
    sport: 'icehockey_nhl',
    at: new Date(n * 1000).toISOString(),
    type: 'board.status' as const,
    data: { fetched_at: new Date(n * 1000).toISOString(), stale_since: null },
  });

  beforeAll(async () => {
    subscriber.on('pmessage', (_p, channel, message) => heard.push({ channel, message: JSON.parse(message) }));
    await subscriber.psubscribe(`${config.REDIS_PREFIX}:rt:*`);
  });

  afterAll(async () => {
    await subscriber.quit();
    await redis.client.quit();
  });

  it('numbers each channel from 1 without gaps, even under concurrent publishers', async () => {
    const seqs = await Promise.all(Array.from({ length: 20 }, (_, i) => publisher.publish(status(i), 10)));
    expect([...seqs].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    await new Promise((r) => setTimeout(r, 100));
    expect(heard.map((h) => h.message.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(parseRealtimeChannel(heard[0].channel.slice(config.REDIS_PREFIX.length + 1))).toEqual({ channel: 'scores', sport: 'icehockey_nhl' });
    expect(parseRealtimeChannel('rt:nope:icehockey_nhl')).toBeNull();
  });

  it('replays what a socket missed, in order, from the buffer', async () => {
    const replay = await publisher.replay('scores', 'icehockey_nhl', 15);
    expect(replay).toMatchObject({ complete: true, lastSeq: 20 });
    expect(replay.messages.map((m) => m.seq)).toEqual([16, 17, 18, 19, 20]);
    expect(replay.messages[0]).toEqual(heard[15].message);
    expect(await publisher.replay('scores', 'icehockey_nhl', 20)).toEqual({ messages: [], complete: true, lastSeq: 20 });
  });

  it('says the gap is too old when the buffer no longer holds it', async () => {
    const replay = await publisher.replay('scores', 'icehockey_nhl', 5);
    expect(replay.complete).toBe(false);
    expect(replay.messages.map((m) => m.seq)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });
});
