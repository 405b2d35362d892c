import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { SOCKET_PATH, SOCKET_PING_INTERVAL_MS, SOCKET_PING_TIMEOUT_MS } from '@oddspulse/shared';
import { RedisService } from '../redis/redis.service';

/**
 * socket.io on the API's HTTP server, websocket transport only, with the Redis adapter so that every
 * gateway process shares rooms (a plan change evicts a user's sockets wherever they are connected).
 * The adapter's channels sit under the instance prefix, on two connections of its own.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly connections: Redis[] = [];

  constructor(
    app: INestApplicationContext,
    private readonly redis: RedisService,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, {
      ...options,
      path: SOCKET_PATH,
      transports: ['websocket'],
      pingInterval: SOCKET_PING_INTERVAL_MS,
      pingTimeout: SOCKET_PING_TIMEOUT_MS,
      serveClient: false,
    }) as Server;
    const pub = this.redis.connect('socket.io-pub');
    const sub = this.redis.connect('socket.io-sub');
    this.connections.push(pub, sub);
    server.adapter(createAdapter(pub, sub, { key: this.redis.key('socket.io') }));
    return server;
  }

  override async close(server: Server): Promise<void> {
    await super.close(server);
    await Promise.all(this.connections.splice(0).map((c) => c.quit().catch(() => c.disconnect())));
  }
}
