import { Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import {
  ApiKeysRepository,
  PrincipalChanges,
  RealtimeBus,
  RedisKeys,
  SessionsRepository,
  type ApiKeyOwnerRow,
  type SessionPrincipalRow,
} from '@oddspulse/core';
import { BusCache } from '../../view-cache/bus-cache';
import { BusCaches } from '../../view-cache/bus-caches';

/**
 * How long a principal is served from memory at most: the backstop for an announcement that never arrived (a writer
 * that committed and could not publish). The worst case of a revoked session, a revoked key or a plan change going
 * unseen by another process; while announcements arrive, that is the pub/sub delivery, well under a millisecond.
 */
export const PRINCIPAL_TTL_MS = 10_000;
/** Sessions and keys kept per process, each; past it the oldest go first. */
const MAX_PRINCIPALS = 50_000;

/**
 * The rows an access token's session and an API key resolve to (user, email and whether it is verified, whether the
 * session stands, the plan state), kept in process memory: a signed-in request read them from PostgreSQL every time.
 * What is kept is the rows, not the plan in force: that is worked out from them at each request, so a paid period
 * ending is seen at once without any announcement.
 *
 * Every change to them is announced through PrincipalChanges once committed (sign-out, password reset, a replayed
 * refresh token, an API key revoked or rotated, any plan change: the user, Stripe, reconciliation, an operator; a
 * verification link followed, which may give the user an operations role): this process drops the user's rows at
 * once, every other on hearing `accounts:principal-changed`. While that topic is not heard (Redis away, a
 * subscription not yet confirmed) nothing is served from memory, and what was kept is forgotten, as an announcement
 * may have been missed. A row is kept at most PRINCIPAL_TTL_MS, so PostgreSQL being down is seen by a signed-in
 * request within that time too (a 503, as before).
 */
@Injectable()
export class PrincipalCache implements OnModuleInit, OnApplicationShutdown {
  private readonly sessions = new BusCache<SessionPrincipalRow>(PRINCIPAL_TTL_MS, MAX_PRINCIPALS);
  private readonly keys = new BusCache<ApiKeyOwnerRow>(PRINCIPAL_TTL_MS, MAX_PRINCIPALS);
  private readonly principals = new BusCaches([this.sessions, this.keys]);
  private stopHearing: (() => void) | null = null;

  constructor(
    private readonly sessionRows: SessionsRepository,
    private readonly keyRows: ApiKeysRepository,
    private readonly changes: PrincipalChanges,
    private readonly bus: RealtimeBus,
  ) {}

  onModuleInit(): void {
    this.stopHearing = this.changes.onAnnounced((userId) => this.principals.invalidate(userId));
    this.principals.listen(this.bus, 'principal-cache', RedisKeys.principalChanged);
  }

  /** Whether announcements are heard now: only then is anything served from memory. */
  get hearing(): boolean {
    return this.principals.hearing;
  }

  /** The session family `familyId` of `userId` with its user and plan state; undefined when there is no such session. */
  session(userId: string, familyId: string): Promise<SessionPrincipalRow | undefined> {
    return this.sessions.get(
      `${userId}:${familyId}`,
      () => this.sessionRows.findPrincipal(userId, familyId),
      (row) => row.user_id,
    );
  }

  /** The owner of the active key with this hash, with their plan state; undefined for an unknown or revoked key. */
  apiKeyOwner(keyHash: string): Promise<ApiKeyOwnerRow | undefined> {
    return this.keys.get(
      keyHash,
      () => this.keyRows.findActiveOwner(keyHash),
      (row) => row.user_id,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopHearing?.();
    await this.principals.close();
  }
}
