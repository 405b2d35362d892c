import { Inject, Injectable, Logger, OnApplicationShutdown, Optional } from '@nestjs/common';
import IORedis, { Cluster, Redis, RedisOptions, type Command } from 'ioredis';
import type { RedisOptions as BullRedisOptions } from 'bullmq';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { REQUEST_TIMEOUTS, type RequestTimeouts } from '../config/request-timeouts';
import { closeOrForce } from '../util/close-or-force';
import { withTimeout } from '../util/with-timeout';

/** A connection to the single Redis, or to the Redis Cluster of REDIS_CLUSTER_NODES: the same commands either way. */
export type RedisClient = Redis | Cluster;

export type RedisTarget = Pick<AppConfig, 'REDIS_URL' | 'REDIS_CLUSTER_NODES'>;

/** The server, credentials and TLS of a redis:// URL as ioredis options. */
function urlOptions(redisUrl: string): Pick<RedisOptions, 'host' | 'port' | 'username' | 'password' | 'db' | 'tls'> {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : undefined,
    tls: url.protocol === 'rediss:' ? {} : undefined,
  };
}

/** How a cluster client treats a cluster that is down (createRedisClient). */
export interface ClusterClientOptions {
  /** A subscriber per primary, which SSUBSCRIBE needs (a sharded channel is heard on the primary of its slot only). */
  sharded?: boolean;
  /**
   * Whether a (re)connection waits for `cluster_state:ok` (ioredis' ready check, its default). BullMQ's client goes
   * without: see BullConnection.
   */
  readyCheck?: boolean;
  /**
   * Whether a command answered CLUSTERDOWN fails at once instead of being retried (ioredis retries it every 100 ms up
   * to 16 times, refreshing the slot map each time), and one for a node that is away, once that node had connected,
   * instead of waiting in the node's offline queue for its reconnect attempts: 8–10 s of a request's time while a
   * primary is away. A request answers a quick 503 with Retry-After instead (docs/scaling.md, "A primary that fails").
   * Once the slot map has settled, a command whose node's connection closed fails at once too (see below). On one
   * Redis or a cluster alike, once connected, a command while the connection is down fails at once instead of waiting
   * in the offline queue for ~6 s of reconnect attempts; before the first connection commands still wait, so start-up
   * does not race the connect.
   */
  failFastWhenDown?: boolean;
}

/**
 * A new connection to the configured Redis: REDIS_URL's server, or with REDIS_CLUSTER_NODES a cluster client that
 * starts from those nodes and follows the slots wherever they move (REDIS_URL's credentials and TLS apply to every
 * node; a cluster has no database number).
 */
export function createRedisClient(
  target: RedisTarget,
  options: RedisOptions,
  { sharded = false, readyCheck = true, failFastWhenDown = false }: ClusterClientOptions = {},
): RedisClient {
  if (!target.REDIS_CLUSTER_NODES.length) {
    const client = new IORedis(target.REDIS_URL, options);
    if (failFastWhenDown) offlineQueueOnceReady(client);
    return client;
  }
  const { host: _host, port: _port, db: _db, ...credentials } = urlOptions(target.REDIS_URL);
  const cluster = new Cluster(target.REDIS_CLUSTER_NODES, {
    // A node whose connection closed is kept and reconnects by itself (every 100 ms, up to 1 s apart) instead of being
    // dropped and made again, lazily, by every slot refresh: a command for its slots then finds it reconnecting and
    // fails at once, where a new connection made one connect attempt per command and ioredis retried each every 100 ms.
    ...(failFastWhenDown
      ? { retryDelayOnClusterDown: 0, clusterNodeRetryStrategy: (attempt: number) => Math.min(attempt * 100, 1000) }
      : {}),
    redisOptions: { ...credentials, ...options },
    enableOfflineQueue: options.enableOfflineQueue,
    shardedSubscribers: sharded,
    enableReadyCheck: readyCheck,
    // A primary that is away leaves its slots unserved (CLUSTERDOWN on every node until it is back): commands are
    // retried for a while, then fail like those of a lost single Redis, and the client keeps looking for the node.
    clusterRetryStrategy: (attempt) => Math.min(attempt * 500, 5000),
  });
  if (!failFastWhenDown) return cluster;
  failClosedNodesOnceSettled(cluster);
  offlineQueueOnceReady(cluster);
  // A node's connection is made lazily, on its first command: its offline queue goes once it has connected.
  cluster.on('+node', (node: Redis) => offlineQueueOnceReady(node));
  return cluster;
}

/** The offline queue of a client that fails fast when down (failFastWhenDown) goes once it has connected. */
function offlineQueueOnceReady(client: RedisClient): void {
  client.once('ready', () => {
    client.options.enableOfflineQueue = false;
  });
}

/**
 * Once the slot map has settled, a command whose node's connection closed fails at once (ioredis retries it every
 * 100 ms up to 16 times, a random node each time, which waits out a replica's promotion, not a primary that is away).
 * Settled is not `ready`: start-up still replaces node connections as the slot map is learnt (a command failed there
 * failed the first poll with `Connection is closed.`), so the retry stays until a command has gone to and come back
 * from every primary of the slot map, after `ready`; a primary that does not answer leaves the retry in place and the
 * check is made again half a second later.
 */
function failClosedNodesOnceSettled(cluster: Cluster): void {
  const settle = (): void => {
    if (cluster.status !== 'ready') {
      cluster.once('ready', settle);
      return;
    }
    Promise.all(cluster.nodes('master').map((node) => node.ping())).then(
      () => {
        cluster.options.retryDelayOnFailover = 0;
      },
      // not settled yet (a primary away, or its connection replaced): the retry stays, and the check is made again
      () => setTimeout(settle, 500).unref(),
    );
  };
  cluster.once('ready', settle);
}

/**
 * A connection to one node of the Redis Cluster of REDIS_CLUSTER_NODES, with REDIS_URL's credentials and TLS, that does
 * not reconnect by itself (its owner picks the node again: what it wants may have moved). A control listener's
 * subscriptions go on one (RealtimeBus): its `close` is the loss, which a cluster client's own subscribers never report.
 */
export function createNodeClient(
  target: RedisTarget,
  node: { host: string; port: number },
  options: RedisOptions,
): Redis {
  const { host: _host, port: _port, db: _db, ...credentials } = urlOptions(target.REDIS_URL);
  return new IORedis({ ...credentials, ...options, ...node, retryStrategy: () => null });
}

/**
 * Connection options for BullMQ: it needs `maxRetriesPerRequest: null` on blocking connections. On a cluster BullMQ
 * takes a client (it duplicates it for its blocking connections), which its owner closes.
 */
export function bullConnectionOptions(redisUrl: string): BullRedisOptions {
  return { ...urlOptions(redisUrl), maxRetriesPerRequest: null };
}

/**
 * Each command of `client` fails with ioredis's own "Command timed out" once its connection (the client's, or on a
 * cluster the node's it went out on) has heard nothing from Redis for `ms` while the command waited. What a command
 * waits while Redis answers the commands queued ahead of it is not counted: those are the process's own, and a
 * reconnect storm queues a thousand of them at once (each socket event's rate limit, each room's replay read), whose
 * last ones failed after 2 s on a Redis answering all along, and healthy subscribes were refused UNAVAILABLE. A Redis
 * that stops answering (frozen, or cut off) sends nothing, and each command fails `ms` after it was sent or after the
 * connection last heard from Redis, whichever is later.
 *
 * Judged as withTimeout judges: once the loop has read what arrived. ioredis's `commandTimeout` runs its timer before
 * the loop reads the socket, so a loop held past `ms` (a reconnect storm on a starved CPU) failed commands whose
 * answers were waiting, and a request Redis had answered in time answered 503.
 */
function timeCommands(client: RedisClient, ms: number): void {
  /** When each connection last heard from Redis (any bytes: a long answer arriving is Redis answering). */
  const heard = new WeakMap<Redis, number>();
  /** The connection each command went out on (on a cluster, the node's it was last sent to). */
  const carriers = new WeakMap<Command, Redis>();
  const carry = (connection: Redis): void => {
    // a connection's socket is new after each reconnect
    let listened: unknown = null;
    const listen = () => {
      if (!connection.stream || connection.stream === listened) return;
      listened = connection.stream;
      connection.stream.on('data', () => heard.set(connection, performance.now()));
    };
    listen();
    connection.on('connect', listen);
    const send = connection.sendCommand.bind(connection) as (command: Command, ...rest: unknown[]) => unknown;
    connection.sendCommand = (command: Command, ...rest: unknown[]) => {
      carriers.set(command, connection);
      return send(command, ...rest);
    };
  };
  if (client instanceof Cluster) {
    for (const node of client.nodes()) carry(node);
    client.on('+node', carry);
  } else carry(client);

  const send = client.sendCommand.bind(client) as (command: Command, ...rest: unknown[]) => unknown;
  client.sendCommand = ((command: Command, ...rest: unknown[]) => {
    const sent = performance.now();
    let settled = false;
    let timer: NodeJS.Timeout;
    // once the loop has read what arrived: timers run before I/O in a turn of the loop
    const judgeIn = (wait: number) => (timer = setTimeout(() => setImmediate(judge), wait));
    const judge = () => {
      if (settled) return;
      const carrier = carriers.get(command);
      const silentSince = Math.max(sent, (carrier && heard.get(carrier)) ?? 0);
      const left = silentSince + ms - performance.now();
      if (left > 0) judgeIn(left);
      else command.reject(new Error('Command timed out'));
    };
    judgeIn(ms);
    const done = () => {
      settled = true;
      clearTimeout(timer);
    };
    command.promise.then(done, done);
    return send(command, ...rest);
  }) as RedisClient['sendCommand'];
}

/**
 * The Redis connections of one process, and the key prefix that keeps this instance
 * (or this test run) apart from any other sharing the server.
 */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  private readonly logger = new Logger(RedisService.name);
  readonly client: RedisClient;
  readonly prefix: string;
  private lastState: 'up' | 'down' = 'up';

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(REQUEST_TIMEOUTS) timeouts: RequestTimeouts | null = null,
  ) {
    this.prefix = config.REDIS_PREFIX;
    // In the API server a command with no answer fails after REDIS_COMMAND_TIMEOUT_MS of Redis answering nothing on its
    // connection (timeCommands; a Redis that stops answering keeps its connection `ready`, so nothing else fails it):
    // the request answers 503, and the answers that come once
    // Redis does are taken in order and dropped. On this connection alone: pub/sub and BullMQ's wait as long as they
    // block, and the workers' commands as long as their work takes (RequestTimeouts).
    this.client = this.connect('commands', { failFastWhenDown: true });
    if (timeouts) timeCommands(this.client, timeouts.redisCommandMs);
  }

  /** A new connection, with state changes logged once each rather than on every retry. */
  connect(name: string, options: ClusterClientOptions = {}): RedisClient {
    return this.watched(
      name,
      createRedisClient(
        this.config,
        {
          connectionName: `${this.prefix}:${name}`,
          maxRetriesPerRequest: 2,
          retryStrategy: (attempt) => Math.min(attempt * 500, 5000),
        },
        options,
      ),
    );
  }

  /** On a cluster: a new connection to one node (`host:port`), which does not reconnect by itself (createNodeClient). */
  connectNode(name: string, node: string): Redis {
    const at = node.lastIndexOf(':');
    return this.watched(
      name,
      createNodeClient(
        this.config,
        { host: node.slice(0, at), port: Number(node.slice(at + 1)) },
        { connectionName: `${this.prefix}:${name}` },
      ),
    );
  }

  /** `connection`, with its state changes logged once each rather than on every retry. */
  private watched<C extends RedisClient>(name: string, connection: C): C {
    connection.on('error', (error) => {
      if (this.lastState === 'up') this.logger.warn(`Redis connection lost (${name}): ${error.message}`);
      this.lastState = 'down';
    });
    connection.on('ready', () => {
      if (this.lastState === 'down') this.logger.log(`Redis connection restored (${name})`);
      this.lastState = 'up';
    });
    return connection;
  }

  /** Whether this is a Redis Cluster (REDIS_CLUSTER_NODES): pub/sub goes on sharded channels there. */
  get cluster(): boolean {
    return this.config.REDIS_CLUSTER_NODES.length > 0;
  }

  key(...parts: Array<string | number>): string {
    return [this.prefix, ...parts].join(':');
  }

  /** Resolves true only when a PING answers within the time-out; false at once while reconnecting. */
  async ping(timeoutMs = 1000): Promise<boolean> {
    if (['reconnecting', 'close', 'end'].includes(this.client.status)) return false;
    return withTimeout(this.client.ping(), timeoutMs, 'PING').then(
      (reply) => reply === 'PONG',
      () => false,
    );
  }

  /** QUIT, or the connection dropped when Redis does not answer it in time (closeOrForce). */
  async onApplicationShutdown() {
    await closeOrForce(this.client.quit(), () => this.client.disconnect(), 'the quit of Redis', this.logger);
  }
}
