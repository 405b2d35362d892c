import type { Redis } from 'ioredis';
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

  it("is on the API server's command connection only", async () => {
    await expect(server.client.ping()).resolves.toBe('PONG');
    expect({
      serverCommands: (server.client as Redis).options.commandTimeout,
      serverListener: listener.options.commandTimeout,
      workerCommands: (worker.client as Redis).options.commandTimeout,
      bullmq: bullConnectionOptions(config.REDIS_URL).commandTimeout,
    }).toEqual({ serverCommands: 1500, serverListener: undefined, workerCommands: undefined, bullmq: undefined });
  });
});
