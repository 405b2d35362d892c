import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import IORedis, { Redis, RedisOptions } from 'ioredis';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';

/** Connection options for BullMQ: it needs `maxRetriesPerRequest: null` on blocking connections. */
export function bullConnectionOptions(redisUrl: string): RedisOptions {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : undefined,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

/**
 * The Redis connections of one process, and the key prefix that keeps this instance
 * (or this test run) apart from any other sharing the server.
 */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  private readonly logger = new Logger(RedisService.name);
  readonly client: Redis;
  readonly prefix: string;
  private lastState: 'up' | 'down' = 'up';

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.prefix = config.REDIS_PREFIX;
    this.client = this.connect('commands');
    // Once connected, a command while the connection is down fails at once instead of waiting in the offline queue
    // for ~6 s of reconnect attempts: the request answers a quick 503 and the client retries. Before
    // the first connection commands still wait, so start-up does not race the connect.
    this.client.once('ready', () => {
      this.client.options.enableOfflineQueue = false;
    });
  }

  /** A new connection, with state changes logged once each rather than on every retry. */
  connect(name: string): Redis {
    const connection = new IORedis(this.config.REDIS_URL, {
      connectionName: `${this.prefix}:${name}`,
      maxRetriesPerRequest: 2,
      retryStrategy: (attempt) => Math.min(attempt * 500, 5000),
    });
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

  key(...parts: Array<string | number>): string {
    return [this.prefix, ...parts].join(':');
  }

  /** Resolves true only when a PING answers within the time-out; false at once while reconnecting. */
  async ping(timeoutMs = 1000): Promise<boolean> {
    if (['reconnecting', 'close', 'end'].includes(this.client.status)) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([this.client.ping().then((r) => r === 'PONG'), timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  async onApplicationShutdown() {
    await this.client.quit().catch((error: Error) => this.logger.warn(`Redis quit failed: ${error.message}`));
  }
}
