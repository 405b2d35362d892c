import type { Cluster, Redis } from 'ioredis';
import { holdLoop } from '../../../test/support/event-loop-watch';
import { OwnRedisCluster } from '../../../test/support/redis-cluster';
import { TcpProxy } from '../../../test/support/tcp-proxy';
import { parseConfig } from '../config/config.schema';
import { bullConnectionOptions, RedisService } from './redis.service';

// BullMQ's workers block on Redis for as long as they wait for a job, and a pub/sub connection listens for as long as
// it is open: a command time-out on either would fail them while Redis is fine. The API server's command connection
// alone gives up on a command (RequestTimeouts); the workers' waits as long as their work takes.
describe('the Redis command time-out (real Redis)', () => {
  const config = { ...parseConfig(process.env), REDIS_PREFIX: `${process.env.REDIS_PREFIX}-command-timeout` };
  const server = new RedisService(config, { databaseQueryMs: 5000, redisCommandMs: 1500 });
  const worker = new RedisService(config);
  const listener = server.connect('listener') as Redis;

  afterAll(async () => {
    listener.disconnect();
    await Promise.all([server.onApplicationShutdown(), worker.onApplicationShutdown()]);
  });

  it("fails a command of the API server's command connection not answered in time, and only there", async () => {
    // a list no one pushes to: BLPOP waits until the time-out on the server's commands, and for good elsewhere
    const key = `${config.REDIS_PREFIX}:never-pushed`;
    const started = Date.now();
    await expect(server.client.blpop(key, 0)).rejects.toThrow('Command timed out');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    let waiting = true;
    const elsewhere = listener.blpop(key, 0).finally(() => (waiting = false));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(waiting).toBe(true);
    // the first push goes to the server's BLPOP, given up on here but still waiting in Redis, the second to the listener
    await worker.client.lpush(key, 'to the abandoned wait');
    await worker.client.lpush(key, 'done');
    await expect(elsewhere).resolves.toEqual([key, 'done']);
    // ioredis's own option is on none of them: BullMQ's blocking reads must never carry it
    expect([listener.options.commandTimeout, bullConnectionOptions(config.REDIS_URL).commandTimeout]).toEqual([
      undefined,
      undefined,
    ]);
  });

  // ioredis's commandTimeout runs its timer before the loop reads the socket: after a loop held past it (a reconnect
  // storm on a starved CPU), answers already waiting counted as none and the requests answered 503
  it('keeps an answer that arrived while the loop was held past the time-out', async () => {
    const answers = Promise.all([server.client.ping(), server.client.set(`${config.REDIS_PREFIX}:held`, '1')]);
    holdLoop(2000);
    await expect(answers).resolves.toEqual(['PONG', 'OK']);
  });

  // A reconnect storm queues a thousand commands at once on the command connection: a time-out counted from when each
  // was queued failed the last ones on a Redis answering all along, and their subscribes were refused UNAVAILABLE
  describe('behind a line of its own commands, with Redis slow to take them (a pacing proxy)', () => {
    const url = new URL(config.REDIS_URL);
    const proxy = new TcpProxy(Number(url.port || 6379), url.hostname);
    let paced: RedisService;
    /** Commands whose line takes Redis 3 to 4 s at 16 KB/s, and each one's answer or failure. */
    const line = () =>
      Array.from({ length: 300 }, (_, i) =>
        paced.client.set(`${config.REDIS_PREFIX}:line:${i}`, 'x'.repeat(100)).then(
          (answer) => answer,
          (error: Error) => error.message,
        ),
      );

    beforeAll(async () => {
      url.port = String(await proxy.start());
      url.hostname = '127.0.0.1';
      paced = new RedisService(
        { ...config, REDIS_URL: url.toString() },
        { databaseQueryMs: 5000, redisCommandMs: 1000 },
      );
      await paced.client.ping();
    });

    afterEach(() => {
      proxy.resume();
      proxy.pace(null);
    });

    afterAll(async () => {
      await paced.onApplicationShutdown();
      await proxy.stop();
    });

    it('waits while Redis answers the commands queued ahead of it, past the time-out', async () => {
      proxy.pace(16_000);
      const started = Date.now();
      const answers = await Promise.all(line());
      expect(Date.now() - started).toBeGreaterThan(2000);
      expect(new Set(answers)).toEqual(new Set(['OK']));
    });

    it('fails every command waiting in the line within a time-out of Redis answering no more', async () => {
      proxy.pace(16_000);
      const answers = line();
      await new Promise((resolve) => setTimeout(resolve, 500));
      proxy.silence();
      const silenced = Date.now();
      const failed = (await Promise.all(answers)).filter((answer) => answer !== 'OK');
      // a little more than one for the machine
      expect(Date.now() - silenced).toBeLessThan(1500);
      expect(failed.length).toBeGreaterThan(200);
      expect(new Set(failed)).toEqual(new Set(['Command timed out']));
    });
  });

  // What Redis answers is judged per connection: on a cluster, a primary answering nothing is not hidden by the others'
  // answers, and the commands sent to it fail after the time-out as on a single Redis.
  it('fails a command to a cluster primary that stops answering while the other primaries answer', async () => {
    const cluster = await OwnRedisCluster.started();
    const service = new RedisService(
      { ...config, REDIS_CLUSTER_NODES: cluster.nodes },
      { databaseQueryMs: 5000, redisCommandMs: 1000 },
    );
    const client = service.client as Cluster;
    try {
      if (client.status !== 'ready') await new Promise((resolve) => client.once('ready', resolve));
      /** A key whose slot the primary on `port` serves. */
      const keyOn = async (port: number) => {
        for (let i = 0; ; i++) {
          const key = `${config.REDIS_PREFIX}:node:${i}`;
          const slot = await client.cluster('KEYSLOT', key);
          if (client.slots[slot]?.[0] === `127.0.0.1:${port}`) return key;
        }
      };
      const [frozen, answering] = cluster.ports;
      const [silent, heard] = [await keyOn(frozen), await keyOn(answering)];
      await Promise.all([client.set(silent, '1'), client.set(heard, '1')]);
      cluster.freeze(frozen);
      const started = Date.now();
      const failed = client.get(silent).then(
        () => 'answered',
        (error: Error) => ({ message: error.message, after: Date.now() - started }),
      );
      // the other primary answers all along (for less than the cluster's node time-out, 2 s, before it gives up on
      // the frozen one)
      const answers: unknown[] = [];
      while (Date.now() - started < 1500) {
        answers.push(await client.get(heard));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(new Set(answers)).toEqual(new Set(['1']));
      expect(await failed).toEqual({ message: 'Command timed out', after: expect.any(Number) });
      expect(((await failed) as { after: number }).after).toBeLessThan(1500);
    } finally {
      client.disconnect();
      await cluster.teardown();
    }
  }, 30_000);
});
