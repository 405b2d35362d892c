import IORedis from 'ioredis';
import type { RealtimeEnvelope } from '@oddspulse/shared';
import { parseConfig } from '../config/config.schema';
import { deleteKeysWithPrefix, parseRealtimeChannel, RealtimeKeys } from '../redis/redis-keys';
import { RedisService } from '../redis/redis.service';
import { RealtimePublisher } from './realtime-publisher.service';

// Every message carries its channel's sequence number; a reconnecting socket gets the
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
    key: 'icehockey_nhl',
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
    expect(parseRealtimeChannel(heard[0].channel.slice(config.REDIS_PREFIX.length + 1))).toEqual({
      channel: 'scores',
      key: 'icehockey_nhl',
    });
    expect(parseRealtimeChannel('rt:nope:icehockey_nhl')).toBeNull();
  });

  it('replays what a socket missed, in order, from the buffer', async () => {
    const replay = await publisher.replay('scores', 'icehockey_nhl', 15);
    expect(replay).toMatchObject({ complete: true, lastSeq: 20 });
    expect(replay.messages.map((m) => m.seq)).toEqual([16, 17, 18, 19, 20]);
    expect(replay.messages[0]).toEqual(heard[15].message);
    expect(await publisher.replay('scores', 'icehockey_nhl', 20)).toEqual({
      messages: [],
      complete: true,
      lastSeq: 20,
      epoch: heard[0].message.epoch,
    });
  });

  // Catch-up costs what was missed; a gap older than the buffer reads nothing of it (a snapshot follows).
  it('says the gap is too old when the buffer no longer holds it, without reading the buffer', async () => {
    expect(await publisher.replay('scores', 'icehockey_nhl', 5)).toEqual({
      messages: [],
      complete: false,
      lastSeq: 20,
      epoch: expect.any(String),
    });
    expect(await publisher.replay('scores', 'icehockey_nhl', 0)).toEqual({
      messages: [],
      complete: false,
      lastSeq: 20,
      epoch: expect.any(String),
    });
    expect((await publisher.replay('scores', 'icehockey_nhl', 10)).messages.map((m) => m.seq)).toEqual([
      11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    ]);
  });

  // Redis comes back empty (a flush, a failover without the data): numbering starts again under a
  // new epoch, so a client holding seq 20 does not take the new seq 1–20 for messages it already has
  it('starts a new epoch, with an empty buffer, when the counter is lost', async () => {
    const before = await publisher.position('scores', 'icehockey_nhl');
    expect(before).toEqual({ seq: 20, epoch: heard[0].message.epoch });
    expect(heard.every((h) => h.message.epoch === before.epoch)).toBe(true);
    await deleteKeysWithPrefix(redis.client, config.REDIS_PREFIX);
    expect(await publisher.position('scores', 'icehockey_nhl')).toEqual({ seq: 0, epoch: null });

    heard.length = 0;
    expect(await publisher.publish(status(21), 10)).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    const after = await publisher.position('scores', 'icehockey_nhl');
    expect(after.seq).toBe(1);
    expect(after.epoch).toMatch(/^[a-z0-9]+$/);
    expect(after.epoch).not.toBe(before.epoch);
    expect(heard.map((h) => [h.message.seq, h.message.epoch])).toEqual([[1, after.epoch]]);
    expect(await publisher.replay('scores', 'icehockey_nhl', 0)).toMatchObject({
      complete: true,
      lastSeq: 1,
      epoch: after.epoch,
    });
  });

  it('starts a new epoch when the epoch alone was lost, and forgets the old buffer', async () => {
    const before = await publisher.position('scores', 'icehockey_nhl');
    await redis.client.del(redis.key(...RealtimeKeys.epoch('scores', 'icehockey_nhl')));
    expect(await publisher.publish(status(22), 10)).toBe(2);
    const after = await publisher.position('scores', 'icehockey_nhl');
    expect(after.epoch).not.toBe(before.epoch);
    const replay = await publisher.replay('scores', 'icehockey_nhl', 0);
    // seq 1 was of the lost epoch: the buffer no longer serves it, so a client is sent a snapshot (and,
    // the buffer is not read for a gap it cannot fill)
    expect(replay).toMatchObject({ complete: false, lastSeq: 2, epoch: after.epoch, messages: [] });
    expect((await publisher.replay('scores', 'icehockey_nhl', 1)).messages.map((m) => [m.seq, m.epoch])).toEqual([
      [2, after.epoch],
    ]);
  });
});
