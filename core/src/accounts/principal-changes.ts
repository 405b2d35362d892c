import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { RealtimeBus } from '../realtime/realtime-bus';
import { RedisKeys } from '../redis/redis-keys';

/**
 * Waits before each new try of an announcement that could not be published, 3.75 s in all: a Redis connection that
 * closed reconnects within a second of its server coming back (a cluster node's every 100 ms up to 1 s apart), while a
 * listener that is hearing again may already keep principals in memory for up to PRINCIPAL_TTL_MS (10 s).
 */
export const ANNOUNCE_RETRY_DELAYS_MS = [250, 500, 1000, 2000] as const;

/**
 * Announces that who a user is, or what they may do, changed: a session revoked (sign-out, a password reset,
 * a refresh token replayed), an API key revoked or rotated, a plan changed. Each server process keeps the principals of
 * recent requests in memory (PrincipalCache) and drops the user's on hearing it. Announced once the change has
 * committed: first to this process's own listeners, at once, then on the `accounts:principal-changed` control topic
 * (message: the user id) to every process.
 */
@Injectable()
export class PrincipalChanges implements OnApplicationShutdown {
  private readonly logger = new Logger(PrincipalChanges.name);
  private readonly listeners = new Set<(userId: string) => void>();
  /** Announcements waiting to be tried again, by their timer. */
  private readonly retries = new Map<NodeJS.Timeout, string>();
  private closed = false;

  constructor(private readonly bus: RealtimeBus) {}

  /** Hears every announcement made in this process, before it is published; returns the way to stop. */
  onAnnounced(listener: (userId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Never fails the change it follows, nor holds its answer: the change is committed. A publish that fails is tried
   * again in the background (ANNOUNCE_RETRY_DELAYS_MS), as the connection it needs is often just coming back (a
   * restarted cluster primary is served again before every client's connection to it is). A process that misses the
   * message still serves the old principal no longer than its cache's TTL (a process whose own bus is down, as during
   * a Redis outage, caches nothing).
   */
  async announce(userId: string): Promise<void> {
    for (const listener of this.listeners) listener(userId);
    await this.publish(userId, 0);
  }

  onApplicationShutdown(): void {
    this.closed = true;
    for (const [retry, userId] of this.retries) {
      clearTimeout(retry);
      this.givenUp(userId, 'the process is stopping');
    }
    this.retries.clear();
  }

  private async publish(userId: string, attempt: number): Promise<void> {
    try {
      await this.bus.publishControl(RedisKeys.principalChanged, userId);
    } catch (error) {
      if (this.closed || attempt === ANNOUNCE_RETRY_DELAYS_MS.length) return this.givenUp(userId, error);
      const retry = setTimeout(() => {
        this.retries.delete(retry);
        void this.publish(userId, attempt + 1);
      }, ANNOUNCE_RETRY_DELAYS_MS[attempt]);
      retry.unref();
      this.retries.set(retry, userId);
    }
  }

  private givenUp(userId: string, cause: unknown): void {
    this.logger.error({
      msg: 'Could not announce a principal change; other processes may keep the old one until their cache expires',
      userId,
      err: cause,
    });
  }
}
