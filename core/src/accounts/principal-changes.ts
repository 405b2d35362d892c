import { Injectable, Logger } from '@nestjs/common';
import { RealtimeBus } from '../realtime/realtime-bus';
import { RedisKeys } from '../redis/redis-keys';

/**
 * Announces that who a user is, or what they may do, changed: a session revoked (sign-out, a password reset,
 * a refresh token replayed), an API key revoked or rotated, a plan changed. Each server process keeps the principals of
 * recent requests in memory (PrincipalCache) and drops the user's on hearing it. Announced once the change has
 * committed: first to this process's own listeners, at once, then on the `accounts:principal-changed` control topic
 * (message: the user id) to every process.
 */
@Injectable()
export class PrincipalChanges {
  private readonly logger = new Logger(PrincipalChanges.name);
  private readonly listeners = new Set<(userId: string) => void>();

  constructor(private readonly bus: RealtimeBus) {}

  /** Hears every announcement made in this process, before it is published; returns the way to stop. */
  onAnnounced(listener: (userId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Never fails the change it follows: the change is committed, and a process that misses the message serves the old
   * principal no longer than its cache's TTL (a process whose own bus is down, as during a Redis outage, caches nothing).
   */
  async announce(userId: string): Promise<void> {
    for (const listener of this.listeners) listener(userId);
    try {
      await this.bus.publishControl(RedisKeys.principalChanged, userId);
    } catch (error) {
      this.logger.error({
        msg: 'Could not announce a principal change; other processes may keep the old one until their cache expires',
        userId,
        err: error,
      });
    }
  }
}
