import { CLOSE_MS, parseConfig, type RedisClient, RedisService, withTimeout } from '@oddspulse/core';
import { TcpProxy } from '../../../test/support/tcp-proxy';
import { RedisIoAdapter } from './redis-io.adapter';

const ended = (connection: RedisClient) =>
  connection.status === 'end' ? Promise.resolve() : new Promise((resolve) => connection.once('end', resolve));

// The API server closes the socket.io adapter at SIGTERM and QUITs its two Redis connections. A Redis that stopped
// answering (frozen, or cut off by a network that drops its packets) neither answers QUIT nor fails it, so the quit's
// fallback to a disconnect never ran and the server, which has no last-resort exit, never exited.
describe('closing the socket.io Redis adapter when Redis does not answer', () => {
  afterEach(() => jest.restoreAllMocks());

  it('drops both connections after CLOSE_MS, with a warning naming each', async () => {
    const url = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const proxy = new TcpProxy(Number(url.port || 6379), url.hostname);
    await proxy.start();
    url.port = String(proxy.port);
    const redis = new RedisService({ ...parseConfig(process.env), REDIS_URL: url.toString() });
    const adapter = new RedisIoAdapter(undefined as never, redis);
    const warn = jest.spyOn(adapter['logger'], 'warn').mockImplementation(() => undefined);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const connect = jest.spyOn(redis, 'connect');
    // port 0: socket.io's own HTTP server on a free port, as no application's is given
    const server = adapter.createIOServer(0);
    const [pub, sub] = connect.mock.results.map((result) => result.value as RedisClient);
    try {
      // both connected before Redis stops answering (the subscriber's PING is answered after its subscriptions)
      await Promise.all([pub.ping(), sub.ping()]);
      proxy.silence();
      await withTimeout(adapter.close(server), CLOSE_MS + 1000, 'the close');
      for (const name of ['socket.io-pub', 'socket.io-sub'])
        expect(warn).toHaveBeenCalledWith(
          { timeoutMs: CLOSE_MS },
          `the quit of Redis (${name}) timed out after ${CLOSE_MS} ms; its connections are dropped`,
        );
      // the dropped connections' sockets end (as they do within ioredis's disconnectTimeout of a silent Redis), failing
      // what was still waiting on them: the adapter's UNSUBSCRIBEs too, whose failure no one else handles
      await proxy.stop();
      await Promise.all([pub, sub].map(ended));
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      for (const connection of [pub, sub, redis.client]) connection.disconnect();
      await proxy.stop();
    }
  });
});
