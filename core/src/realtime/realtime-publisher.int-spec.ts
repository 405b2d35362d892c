import IORedis from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RoomSequences, type RealtimeEnvelope } from '@oddspulse/shared';
import { OwnRedis } from '../../../test/support/own-redis';
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

// A Redis that comes back short of its last writes (an AOF replayed without its last second, a failover to a replica
// that was behind) has a counter, epoch and buffer that agree with each other, all as they were a few messages ago:
// the next seqs are ones a connected client already applied. The epoch is of the server that numbered under it, so
// the client resynchronises instead of dropping them as duplicates. Redis-servers of the test's own, never the shared one.
describe('RealtimePublisher after Redis rolled back (its own redis-servers)', () => {
  const base = parseConfig(process.env);
  const dir = mkdtempSync(join(tmpdir(), 'oddspulse-rollback-'));
  const servers: OwnRedis[] = [];
  const connections: RedisService[] = [];
  const status = (sport: string, n: number) => ({
    channel: 'scores' as const,
    key: sport,
    at: new Date(n * 1000).toISOString(),
    type: 'board.status' as const,
    data: { fetched_at: new Date(n * 1000).toISOString(), stale_since: null },
  });

  /** In a directory of its own: what it saves, and what a replica's sync writes. */
  const server = async () => {
    const redis = await OwnRedis.started(mkdtempSync(join(dir, 'server-')));
    servers.push(redis);
    return redis;
  };
  const connect = (redis: OwnRedis) => {
    const connection = new RedisService({ ...base, REDIS_URL: redis.url, REDIS_CLUSTER_NODES: [] });
    connections.push(connection);
    return { redis: connection, publisher: new RealtimePublisher(connection) };
  };
  /** Publishes and hands the client the message as the room's subscribers hear it; returns the client's verdict. */
  const publishTo = async (client: RoomSequences, publisher: RealtimePublisher, sport: string, n: number) => {
    const seq = await publisher.publish(status(sport, n));
    const [message] = (await publisher.replay('scores', sport, seq - 1)).messages;
    return { seq, epoch: message.epoch, verdict: client.receive(message) };
  };
  const until = async (check: () => Promise<boolean>, what: string) => {
    const deadline = Date.now() + 5000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  /** `replica` follows `primary` (REPLICAOF) until it holds everything written there so far. */
  const follow = async (replica: RedisService, primary: OwnRedis, reference: RedisService) => {
    // a sync at once, not after the 5 s a primary waits by default for more replicas to share it
    await reference.client.call('CONFIG', 'SET', 'repl-diskless-sync-delay', '0');
    await replica.client.call('REPLICAOF', '127.0.0.1', String(primary.port));
    await until(
      async () => (await replica.client.info('replication')).includes('master_link_status:up'),
      'the replica to sync',
    );
    await reference.client.call('WAIT', '1', '5000');
  };

  afterAll(async () => {
    for (const connection of connections) await connection.client.quit().catch(() => undefined);
    for (const redis of servers) await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts a new epoch after a restart that lost the last writes', async () => {
    const redis = await server();
    const before = connect(redis);
    const client = new RoomSequences();
    for (let n = 1; n <= 3; n++) await publishTo(client, before.publisher, 'restart', n);
    await before.redis.client.call('SAVE');
    const lost = [
      await publishTo(client, before.publisher, 'restart', 4),
      await publishTo(client, before.publisher, 'restart', 5),
    ];
    expect(lost.map((m) => [m.seq, m.verdict])).toEqual([
      [4, 'apply'],
      [5, 'apply'],
    ]);

    await before.redis.client.quit();
    await redis.stop();
    await redis.start();
    const after = connect(redis);
    // back as of the save: counter, epoch and buffer at seq 3, whole
    expect(await after.publisher.position('scores', 'restart')).toEqual({ seq: 3, epoch: lost[0].epoch });
    const next = await publishTo(client, after.publisher, 'restart', 6);
    expect(next).toMatchObject({ seq: 4, verdict: 'epoch' });
    expect(next.epoch).not.toBe(lost[0].epoch);
    // the buffer holds the new epoch alone: a client resubscribing from seq 3 of the old one gets a snapshot
    expect(await after.publisher.replay('scores', 'restart', 3)).toMatchObject({ lastSeq: 4, epoch: next.epoch });
    expect((await after.publisher.replay('scores', 'restart', 0)).complete).toBe(false);
  });

  // A failover to a replica behind, and back to the old primary once it has followed the new one: a room quiet in
  // between was numbered by the old primary's own process, whose replication history is new since.
  it('starts a new epoch after a failover to a replica that was behind, and after failing back', async () => {
    const [first, second] = [await server(), await server()];
    const a = connect(first);
    const b = connect(second);
    await follow(b.redis, first, a.redis);
    const client = new RoomSequences();
    for (const sport of ['moved', 'quiet']) for (let n = 1; n <= 3; n++) await publishTo(client, a.publisher, sport, n);
    await a.redis.client.call('WAIT', '1', '5000');
    // the replica is promoted, two messages short of each room
    await b.redis.client.call('REPLICAOF', 'NO', 'ONE');
    for (const sport of ['moved', 'quiet'])
      for (let n = 4; n <= 5; n++) expect((await publishTo(client, a.publisher, sport, n)).verdict).toBe('apply');

    expect(await publishTo(client, b.publisher, 'moved', 6)).toMatchObject({ seq: 4, verdict: 'epoch' });

    // the old primary comes back as a replica of the new one, then is promoted again; nothing was published to
    // `quiet` meanwhile, so its keys are as the old primary's own process wrote them at seq 3
    await follow(a.redis, second, b.redis);
    await a.redis.client.call('REPLICAOF', 'NO', 'ONE');
    expect(await a.publisher.position('scores', 'quiet')).toMatchObject({ seq: 3 });
    expect(await publishTo(client, a.publisher, 'quiet', 6)).toMatchObject({ seq: 4, verdict: 'epoch' });
  });
});
