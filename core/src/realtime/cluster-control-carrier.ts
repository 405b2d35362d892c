import { Logger } from '@nestjs/common';
import calculateSlot from 'cluster-key-slot';
import type { Cluster, Redis } from 'ioredis';
import { ShardedControl } from '../redis/redis-keys';
import type { RedisService } from '../redis/redis.service';
import { withTimeout } from '../util/with-timeout';

/** How long the replies to SUBSCRIBE and SSUBSCRIBE may take before the connection is given up and opened again. */
const CONFIRM_TIMEOUT_MS = 2000;
/** Waits before each new attempt after a loss, the last repeated: quick at first, as a restarted primary is soon back. */
const RETRY_DELAYS_MS = [50, 100, 250, 500, 1000, 2000];
/** The slot every sharded control channel hashes to, with the function ioredis itself routes by. */
const CONTROL_SLOT = calculateSlot(ShardedControl.tag);

export interface ControlChannels {
  /** Full names of the classic channels (SUBSCRIBE): published on any node, heard on every node. */
  classic: readonly string[];
  /** Full names of the sharded channels (SSUBSCRIBE), all in the slot of ShardedControl.tag. */
  sharded: readonly string[];
}

/**
 * On a Redis Cluster: the one connection that carries a listener's control subscriptions, opened by us on the primary
 * of the sharded control slot (ShardedControl): the sharded topics with SSUBSCRIBE (heard on that slot's primary only),
 * the classic ones with SUBSCRIBE (a classic message reaches every node, that one too).
 *
 * Not the cluster client's own subscribers, as ioredis 5.11 runs them: its classic subscriber is one connection to a
 * node it picks, which swallows its errors, moves to another node and re-subscribes by itself without a word (nothing
 * reaches the client's events when it is lost or back, nor when re-subscribing fails); its sharded subscribers report a
 * node lost (`-node`), but `subscribersReady` comes before their re-subscriptions are answered, and even when one failed
 * to connect. A connection of our own says both: its `close` is the loss, the replies on it the confirmation.
 *
 * Lost or moved, each the end of this connection (`live(false)` at once): it closes or fails; SSUBSCRIBE is answered
 * MOVED (`moved`: the slot is elsewhere); the primary pushes SUNSUBSCRIBE as the slot leaves it (ioredis reports that
 * reply, which no command awaits, as an error); the command client learns of another primary for the slot. Then the
 * slot's primary is asked again (the command client's slot map, refreshed) and a new connection opened there:
 * `live(true)` once every subscription on it is answered.
 */
export class ClusterControlCarrier {
  private readonly logger = new Logger(ClusterControlCarrier.name);
  private readonly cluster: Cluster;
  private current: Redis | null = null;
  private node: string | null = null;
  private failures = 0;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly redis: RedisService,
    private readonly name: string,
    private readonly channels: ControlChannels,
    private readonly hear: (channel: string, raw: string) => void,
    private readonly live: (live: boolean) => void,
  ) {
    this.cluster = redis.client as Cluster;
    this.cluster.on('refresh', this.onRefresh);
  }

  /** Opens the connection and confirms its subscriptions; settles after this attempt, whether it succeeded or not. */
  async open(): Promise<void> {
    this.retry = null;
    let node: string | undefined;
    try {
      node = await this.primary();
    } catch (error) {
      this.logger.warn(`${this.name}: the control slot's primary is not known yet: ${(error as Error).message}`);
    }
    if (this.closed) return;
    if (!node) return this.retryLater();
    const connection = this.redis.connectNode(this.name, node);
    this.current = connection;
    this.node = node;
    connection.on('message', this.hear);
    connection.on('smessage', this.hear);
    connection.on('close', () => this.lost(connection));
    connection.on('moved', () => this.lost(connection));
    connection.on('error', () => this.lost(connection));
    const { classic, sharded } = this.channels;
    try {
      await withTimeout(
        Promise.all([
          classic.length ? connection.subscribe(...classic) : null,
          sharded.length ? connection.ssubscribe(...sharded) : null,
        ]),
        CONFIRM_TIMEOUT_MS,
        'subscribing to the control topics',
      );
    } catch (error) {
      if (this.current === connection)
        this.logger.warn(`${this.name} could not subscribe on ${node}; retrying: ${(error as Error).message}`);
      return this.lost(connection);
    }
    if (this.current !== connection) return;
    this.failures = 0;
    this.live(true);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.cluster.off('refresh', this.onRefresh);
    const connection = this.current;
    this.current = null;
    connection?.disconnect();
  }

  /** The primary of the control slot (`host:port`), from the command client's slot map, refreshed first. */
  private async primary(): Promise<string | undefined> {
    await new Promise<void>((resolve, reject) =>
      this.cluster.refreshSlotsCache((error) => (error ? reject(error) : resolve())),
    );
    return this.cluster.slots[CONTROL_SLOT]?.[0];
  }

  /** The command client's slot map changed: a control slot served elsewhere now is a move. */
  private readonly onRefresh = () => {
    const owner = this.cluster.slots[CONTROL_SLOT]?.[0];
    if (this.current && owner && owner !== this.node) this.lost(this.current);
  };

  /** Each loss once, for the connection in use: what is published from now on is not heard until the next is confirmed. */
  private lost(connection: Redis): void {
    if (this.current !== connection) return;
    this.current = null;
    this.node = null;
    this.live(false);
    connection.disconnect();
    this.retryLater();
  }

  private retryLater(): void {
    if (this.closed || this.retry) return;
    const delay = RETRY_DELAYS_MS[Math.min(this.failures++, RETRY_DELAYS_MS.length - 1)];
    this.retry = setTimeout(() => void this.open(), delay);
    this.retry.unref();
  }
}
