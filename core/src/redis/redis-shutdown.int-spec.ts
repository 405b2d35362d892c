import { Logger } from '@nestjs/common';
import type { Cluster } from 'ioredis';
import { OwnRedisCluster } from '../../../test/support/redis-cluster';
import { TcpProxy } from '../../../test/support/tcp-proxy';
import { parseConfig } from '../config/config.schema';
import { BullConnection } from '../queue/bull-connection';
import { RealtimeBus } from '../realtime/realtime-bus';
import { CLOSE_MS } from '../util/close-or-force';
import { withTimeout } from '../util/with-timeout';
import { type RedisClient, RedisService } from './redis.service';

/** `shutdown`, which must be over within CLOSE_MS and a margin (the test's servers are torn down either way). */
const shutdownWithin = (shutdown: Promise<void>) => withTimeout(shutdown, CLOSE_MS + 1000, 'the shutdown');

/**
 * Resolves once `client` has ended: ioredis's disconnect half-closes the socket and destroys it when no answer comes
 * within its `disconnectTimeout` (2 s).
 */
const ended = (client: RedisClient) =>
  withTimeout(
    client.status === 'end' ? Promise.resolve() : new Promise<void>((resolve) => client.once('end', resolve)),
    3000,
    'the end of the connection',
  );

// SIGTERM QUITs every Redis connection and waits for the answer: a Redis that stopped answering (frozen, or cut off
// by a network that drops its packets) never gives one, and the process never exited (the API server has no
// last-resort exit; the workers' came 30 s later). The quit gets CLOSE_MS, then the connection is dropped.
describe('closing Redis connections at shutdown when Redis does not answer', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it("drops RedisService's connection after CLOSE_MS, with a warning naming it", async () => {
    const url = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const proxy = new TcpProxy(Number(url.port || 6379), url.hostname);
    await proxy.start();
    url.port = String(proxy.port);
    const redis = new RedisService({ ...parseConfig(process.env), REDIS_URL: url.toString() });
    try {
      expect(await redis.client.ping()).toBe('PONG');
      proxy.silence();
      await shutdownWithin(redis.onApplicationShutdown());
      expect(warn).toHaveBeenCalledWith(
        { timeoutMs: CLOSE_MS },
        `the quit of Redis timed out after ${CLOSE_MS} ms; its connections are dropped`,
      );
      await ended(redis.client);
    } finally {
      redis.client.disconnect();
      await proxy.stop();
    }
  });

  it("drops BullMQ's Redis Cluster connection after CLOSE_MS, with a warning naming it", async () => {
    const cluster = await OwnRedisCluster.started();
    const bull = new BullConnection({ ...parseConfig(process.env), REDIS_CLUSTER_NODES: cluster.nodes });
    const client = bull.options as Cluster;
    try {
      // a connection to every primary, each of which the quit then waits on
      if (client.status !== 'ready') await new Promise((resolve) => client.once('ready', resolve));
      await Promise.all(client.nodes('master').map((node) => node.ping()));
      for (const port of cluster.ports) cluster.freeze(port);
      await shutdownWithin(bull.onApplicationShutdown());
      expect(warn).toHaveBeenCalledWith(
        { timeoutMs: CLOSE_MS },
        `the quit of the BullMQ cluster connection timed out after ${CLOSE_MS} ms; its connections are dropped`,
      );
      await ended(client);
    } finally {
      client.disconnect();
      await cluster.teardown();
    }
  });

  // A listener's own pub/sub connection (the relay's, the MCP notifier's, the caches') was QUIT without a limit too.
  it("drops a RealtimeBus listener's connection after CLOSE_MS, with a warning naming it", async () => {
    const url = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const proxy = new TcpProxy(Number(url.port || 6379), url.hostname);
    await proxy.start();
    url.port = String(proxy.port);
    const redis = new RedisService({ ...parseConfig(process.env), REDIS_URL: url.toString() });
    const subscription = new RealtimeBus(redis).listen('listener-under-test', {
      message: () => undefined,
      control: [[['shutdown-test'], () => undefined]],
    });
    try {
      await subscription.ready;
      proxy.silence();
      await shutdownWithin(subscription.close());
      expect(warn).toHaveBeenCalledWith(
        { timeoutMs: CLOSE_MS },
        `the quit of Redis (listener-under-test) timed out after ${CLOSE_MS} ms; its connections are dropped`,
      );
    } finally {
      redis.client.disconnect();
      await proxy.stop();
    }
  });

  it("drops a RealtimeBus listener's sharded connection on a Redis Cluster after CLOSE_MS", async () => {
    const cluster = await OwnRedisCluster.started();
    const redis = new RedisService({ ...parseConfig(process.env), REDIS_CLUSTER_NODES: cluster.nodes });
    // the rooms alone: the control topics' connection (ClusterControlCarrier) is dropped, not quit, on close
    const subscription = new RealtimeBus(redis).listen('listener-under-test', {
      message: () => undefined,
      control: [],
    });
    try {
      // a sharded subscription on every primary (the tags' slots are one on each of the three), each of which the quit
      // then waits on
      await subscription.ready;
      await subscription.hearSharded(['{a}', '{b}', '{c}'].map((tag) => [redis.key(tag, 'room'), null] as const));
      for (const port of cluster.ports) cluster.freeze(port);
      await shutdownWithin(subscription.close());
      expect(warn).toHaveBeenCalledWith(
        { timeoutMs: CLOSE_MS },
        `the quit of Redis (listener-under-test:rooms) timed out after ${CLOSE_MS} ms; its connections are dropped`,
      );
    } finally {
      redis.client.disconnect();
      await cluster.teardown();
    }
  });
});
