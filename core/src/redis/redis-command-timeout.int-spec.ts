import type { Redis } from 'ioredis';
import { holdLoop } from '../../../test/support/event-loop-watch';
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
});
