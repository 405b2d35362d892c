import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from './config.module';
import type { AppConfig } from './config.schema';

/**
 * How long a process that answers requests waits on PostgreSQL and Redis before the request answers 503: a
 * dependency that stops answering (connection open, no reply) is then an outage like one that refuses, with a quick
 * 503 and a retry (docs/operating.md, "Outages"). Only the API server has them (RequestTimeoutsModule): the workers'
 * history writes, settlement batches and BullMQ's blocking reads take what they take, and a worker stuck on a
 * dependency shows in health instead.
 */
export interface RequestTimeouts {
  /** A statement's answer (pg's query_timeout and PostgreSQL's statement_timeout) and a connection. */
  databaseQueryMs: number;
  /**
   * A command's answer on the command connection, counted while Redis answers nothing on it (RedisService's
   * timeCommands); never on pub/sub or BullMQ's.
   */
  redisCommandMs: number;
}

export const REQUEST_TIMEOUTS = Symbol('REQUEST_TIMEOUTS');

/** Imported by the API server's AppModule: its PostgreSQL pool and Redis command connection take REQUEST_TIMEOUTS. */
@Global()
@Module({
  providers: [
    {
      provide: REQUEST_TIMEOUTS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): RequestTimeouts => ({
        databaseQueryMs: config.DATABASE_QUERY_TIMEOUT_MS,
        redisCommandMs: config.REDIS_COMMAND_TIMEOUT_MS,
      }),
    },
  ],
  exports: [REQUEST_TIMEOUTS],
})
export class RequestTimeoutsModule {}
