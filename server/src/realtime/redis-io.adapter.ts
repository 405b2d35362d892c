import { Logger, type INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { MessageMappingProperties } from '@nestjs/websockets';
import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
import { defer, filter, type Observable } from 'rxjs';
import type { Server, ServerOptions, Socket } from 'socket.io';
import {
  LIVE_UPDATES_UNAVAILABLE,
  SOCKET_PATH,
  SOCKET_PING_INTERVAL_MS,
  SOCKET_PING_TIMEOUT_MS,
} from '@oddspulse/shared';
import { closeOrForce, RedisService, type RedisClient } from '@oddspulse/core';

/**
 * socket.io on the API's HTTP server, websocket transport only, with the Redis adapter so that every
 * gateway process shares rooms (a plan change evicts a user's sockets wherever they are connected).
 * The adapter's channels sit under the instance prefix, on two connections of its own. On a Redis Cluster it is the
 * sharded adapter (SPUBLISH/SSUBSCRIBE, Redis 7): each room's channel lives on the primary of its slot, so the
 * adapter's traffic spreads over the shards instead of every primary carrying all of it.
 */
export class RedisIoAdapter extends IoAdapter {
  protected override readonly logger = new Logger(RedisIoAdapter.name);
  private readonly connections: Array<readonly [name: string, connection: RedisClient]> = [];

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
      // socket.io's Server takes a Partial<ServerOptions> (its own defaults fill the rest); Nest's signature names the
      // whole type
    } as ServerOptions);
    const pub = this.redis.connect('socket.io-pub');
    const sub = this.redis.connect('socket.io-sub', { sharded: true });
    this.connections.push(['socket.io-pub', pub], ['socket.io-sub', sub]);
    server.adapter(
      this.redis.cluster
        ? createShardedAdapter(pub, sub, { channelPrefix: this.redis.key('socket.io') })
        : createAdapter(pub, sub, { key: this.redis.key('socket.io') }),
    );
    return server;
  }

  /**
   * Nest binds each socket's message handlers as RxJS pipelines (one per handler, plus a shared disconnect
   * stream) held for as long as the socket is connected: about 4 KB a socket, a third of what the gateway held
   * per socket in bench:push. Plain listeners do the same job: the handler's result (its pipes, guards and
   * interceptors run inside `callback`) answers the acknowledgement, or is emitted when it names an event. A
   * handler that fails still answers the acknowledgement, so an API client waiting on it is told to try again.
   * Mirrors `IoAdapter.bindMessageHandlers` of @nestjs/platform-socket.io 12.
   */
  override bindMessageHandlers(
    socket: Socket,
    handlers: MessageMappingProperties[],
    transform: (data: unknown) => Observable<unknown>,
  ): void {
    for (const { message, callback, isAckHandledManually } of handlers) {
      socket.on(message as string, (...args: unknown[]) => {
        // as rxjs's fromEvent hands it to Nest: one argument as is, several as an array (the ack last)
        const { data, ack } = this.mapPayload(args.length > 1 ? args : args[0]);
        const answer = typeof ack === 'function' && !isAckHandledManually ? (ack as (response: unknown) => void) : null;
        defer(() => transform(callback(data, ack)))
          .pipe(filter((response) => response !== null && response !== undefined))
          .subscribe({
            next: (response) => {
              const reply = response as { event?: string; data?: unknown };
              if (reply.event) socket.emit(reply.event, reply.data);
              else answer?.(response);
            },
            error: (error: unknown) => {
              this.logger.error({ msg: 'Socket message handler failed', event: message, err: error });
              answer?.({ ok: false, code: 'UNAVAILABLE', message: LIVE_UPDATES_UNAVAILABLE });
            },
          });
      });
    }
  }

  /**
   * QUITs the adapter's connections, each dropped when Redis does not answer in time (closeOrForce): a Redis that
   * stopped answering neither answers QUIT nor fails it, and the API server, which has no last-resort exit, never exited.
   * The UNSUBSCRIBEs socket.io's adapter sends as it closes are waited on with the QUIT: the adapter drops their replies,
   * so a connection dropped before Redis gave them would fail them unhandled, and Node would end the process on the
   * first (exit 1) while the other shutdown hooks still ran.
   */
  override async close(server: Server): Promise<void> {
    const connections = this.connections.splice(0).map(([name, connection]) => ({
      name,
      connection,
      sent: commandsSent(connection),
    }));
    await super.close(server);
    await Promise.all(
      connections.map(({ name, connection, sent }) =>
        closeOrForce(
          Promise.all([...sent.stop(), connection.quit()]),
          () => connection.disconnect(),
          `the quit of Redis (${name})`,
          this.logger,
        ),
      ),
    );
  }
}

/** A command as a connection sends it (ioredis's Command, by way of core's client: the server does not depend on ioredis). */
type SentCommand = Parameters<RedisClient['sendCommand']>[0];

/** Records the replies of the commands sent on `connection` until `stop`, which returns them. */
function commandsSent(connection: RedisClient): { stop(): Array<Promise<unknown>> } {
  const replies: Array<Promise<unknown>> = [];
  const sending = connection as unknown as { sendCommand(command: SentCommand, ...rest: unknown[]): unknown };
  const send = sending.sendCommand.bind(sending);
  sending.sendCommand = (command, ...rest) => {
    replies.push(command.promise);
    return send(command, ...rest);
  };
  return {
    stop: () => {
      sending.sendCommand = send;
      return replies;
    },
  };
}
