import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { ConnectionOptions, Queue, Worker } from 'bullmq';
import type { Cluster } from 'ioredis';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { bullConnectionOptions, createRedisClient } from '../redis/redis.service';
import { closeOrForce } from '../util/close-or-force';
import { withTimeout } from '../util/with-timeout';

/** How long queueRedisDown waits for Redis to answer before counting it down: a round trip takes a millisecond. */
export const QUEUE_REDIS_ANSWER_MS = 300;

/**
 * Where BullMQ keeps its queues: `{REDIS_PREFIX}:bull` on a single Redis, as it always has (jobs waiting and the
 * schedulers of a running deployment stay where they are). On a cluster the prefix is braced, as BullMQ asks there:
 * its scripts touch several keys of a queue at once, so every queue key carries the same hash tag (one slot for
 * every queue: they are light next to the rooms, which spread).
 */
export function bullPrefix(config: Pick<AppConfig, 'REDIS_PREFIX' | 'REDIS_CLUSTER_NODES'>): string {
  return config.REDIS_CLUSTER_NODES.length ? `{${config.REDIS_PREFIX}:bull}` : `${config.REDIS_PREFIX}:bull`;
}

/**
 * Why the Redis holding `queue`'s keys does not answer now, or null when it does. A `ready` connection proves nothing
 * on a cluster: BullMQ's client goes without the ready check (BullConnection), so it stays `ready` while the queues'
 * slot is unserved and every command is answered CLUSTERDOWN; nor on a Redis that stops answering with its connection
 * open. So the queue's own key is read (HEXISTS of its meta hash, as BullMQ reads whether it is paused), which a cluster
 * routes to the queues' slot (a PING goes to any node, which answers it even while the cluster is down). An error, or
 * no answer within QUEUE_REDIS_ANSWER_MS, is down: BullMQ's cluster client retries a CLUSTERDOWN answer for seconds
 * before it fails the command, so there the time-out is what says so.
 */
export async function queueRedisDown(queue: Queue | Worker): Promise<string | null> {
  const asked = (async () => {
    const client = await queue.backend.client;
    // not sent on a connection that is down: it would wait in ioredis's offline queue for the whole outage
    if (client.status !== 'ready') return `connection ${client.status}`;
    await client.hexists(queue.keys.meta, 'paused');
    return null;
  })();
  return withTimeout(asked, QUEUE_REDIS_ANSWER_MS, "the queue's Redis").catch((error: Error) => error.message);
}

/**
 * BullMQ's connection. On a single Redis, options (BullMQ makes and closes its connections); on a cluster a
 * cluster client, which BullMQ shares between queues and duplicates for its workers' blocking reads, and which
 * this closes at shutdown.
 */
@Injectable()
export class BullConnection implements OnApplicationShutdown {
  private readonly logger = new Logger(BullConnection.name);
  readonly options: ConnectionOptions;
  private readonly cluster: Cluster | null = null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    if (!config.REDIS_CLUSTER_NODES.length) {
      this.options = bullConnectionOptions(config.REDIS_URL);
      return;
    }
    // Without ioredis' ready check. With it, a connection made while a primary is away is refused by the check
    // (`cluster_state:fail`) and torn down again, and BullMQ's workers, which duplicate this client for their blocking
    // reads and reconnect those themselves, were left with every client `ready` once the primary was back and a fetch
    // loop that never took another job (docs/scaling.md, "A primary that fails"). A command sent while a slot is
    // unserved is answered CLUSTERDOWN anyway, and BullMQ retries it.
    this.cluster = createRedisClient(
      config,
      { connectionName: `${config.REDIS_PREFIX}:bullmq`, maxRetriesPerRequest: null },
      { readyCheck: false },
    ) as Cluster;
    this.options = this.cluster;
  }

  /** QUIT on every node, or the connections dropped when one does not answer it in time (closeOrForce). */
  async onApplicationShutdown(): Promise<void> {
    const cluster = this.cluster;
    if (!cluster) return;
    await closeOrForce(
      cluster.quit(),
      () => cluster.disconnect(),
      'the quit of the BullMQ cluster connection',
      this.logger,
    );
  }
}
