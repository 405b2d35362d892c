import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { Transaction } from 'kysely';
import { AuditActions, currentAccess } from '@oddspulse/shared';
import {
  APP_CONFIG,
  type AppConfig,
  type DB,
  opsRoleOf,
  PrincipalChanges,
  ProfilesRepository,
  type RefreshTokenRow,
  SessionsRepository,
  type UserRow,
} from '@oddspulse/core';
import type { AccessTokenClaims, AuthSource, AuthUser } from './auth-user';
import { randomToken, refreshSuccessor, sha256 } from './crypto';
import { ApiErrors } from '../../errors/api-errors';
import { AuditService, type RequestOrigin } from '../audit/audit.service';
import { PrincipalCache } from './principal-cache';
import { VerifiedTokens } from './verified-tokens';

/** The session object of spec 000 §3. */
export interface Session {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  /** Seconds since the epoch. */
  expires_at: number;
  token_type: 'bearer';
  user: {
    id: string;
    email: string;
    created_at: string;
    user_metadata: { username: string | null };
  };
}

/** A session plus the CSRF token the server sets as a readable cookie next to the access cookie. */
export interface IssuedSession {
  session: Session;
  csrfToken: string;
}

export const JWT_ISSUER = 'oddspulse';
export const JWT_AUDIENCE = 'oddspulse-api';

/** A refresh token to hand out, with the expiry its row was stored with. */
interface RefreshToken {
  token: string;
  expiresAt: Date;
}

type RotationOutcome =
  { ok: true; familyId: string; userId: string; refresh: RefreshToken } | { ok: false; reusedBy?: string };

/**
 * Issues and rotates sessions: a short-lived HS256 JWT access token naming the session family, and an
 * opaque refresh token kept only as a hash. A refresh rotates the token. Presenting a rotated token again
 * within REFRESH_TOKEN_REUSE_GRACE_SECONDS (a lost answer retried, two tabs refreshing at once) returns the
 * same successor; after the window it is a stolen copy or a replay, and the whole family is revoked.
 */
@Injectable()
export class SessionService {
  private readonly tokens: VerifiedTokens;

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly profiles: ProfilesRepository,
    private readonly jwt: JwtService,
    private readonly audit: AuditService,
    private readonly principals: PrincipalCache,
    private readonly changes: PrincipalChanges,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.tokens = new VerifiedTokens((token) =>
      this.jwt.verifyAsync<AccessTokenClaims>(token, {
        algorithms: ['HS256'],
        issuer: JWT_ISSUER,
        audience: JWT_AUDIENCE,
      }),
    );
  }

  /** Starts a new session family (a sign-in). */
  async start(user: UserRow): Promise<IssuedSession> {
    const familyId = await this.sessions.createFamily(user.id);
    await this.sessions.deleteExpiredTokens(user.id);
    const refresh = { token: randomToken(), expiresAt: this.refreshExpiry() };
    await this.sessions.insertRefreshToken(familyId, sha256(refresh.token), refresh.expiresAt);
    return this.issue(user, familyId, refresh);
  }

  /** Rotates a refresh token. Every failure is the same 401 so a caller learns nothing from it. */
  async refresh(
    refreshToken: string,
    loadUser: (id: string) => Promise<UserRow | undefined>,
    origin: RequestOrigin,
  ): Promise<IssuedSession> {
    const outcome = await this.sessions.transaction(async (trx): Promise<RotationOutcome> => {
      // The row lock serialises two refreshes of one token: the second sees it rotated, and takes the grace path.
      const row = await this.sessions.findRefreshTokenForUpdate(sha256(refreshToken), trx);
      if (!row || row.family_revoked_at) return { ok: false };
      const successor = refreshSuccessor(this.config.JWT_SECRET, refreshToken);
      if (row.rotated_at) {
        if (this.spentPastGrace(row)) {
          await this.sessions.revokeFamily(row.family_id, 'reuse', trx);
          return { ok: false, reusedBy: row.user_id };
        }
        // Within the grace window: the same successor, while it has not been spent in turn.
        const next = await this.sessions.findRefreshTokenForUpdate(sha256(successor), trx);
        if (!next || next.rotated_at || next.family_id !== row.family_id) return { ok: false };
        return {
          ok: true,
          familyId: row.family_id,
          userId: row.user_id,
          refresh: { token: successor, expiresAt: next.expires_at },
        };
      }
      if (row.expires_at.getTime() <= Date.now()) return { ok: false };
      await this.sessions.markRotated(row.id, trx);
      const refresh = { token: successor, expiresAt: this.refreshExpiry() };
      await this.sessions.insertRefreshToken(row.family_id, sha256(successor), refresh.expiresAt, trx);
      return { ok: true, familyId: row.family_id, userId: row.user_id, refresh };
    });
    if (!outcome.ok) {
      if (outcome.reusedBy) await this.familyEndedOnReuse(outcome.reusedBy, origin);
      throw ApiErrors.invalidRefreshToken();
    }
    const user = await loadUser(outcome.userId);
    if (!user) throw ApiErrors.invalidRefreshToken();
    return this.issue(user, outcome.familyId, outcome.refresh);
  }

  /**
   * Sign-out with a refresh token alone (the access token gone): whose sessions it may end. A token that is current, or
   * spent within the grace window, is its session's own and may end them all (spec 000 §7, global). One spent past the
   * grace window is a replay, as at refresh: only its own family ends, so an old copy of a token cannot sign every
   * device out. Null when the token is unknown or its family already ended.
   */
  async endForSignOut(
    refreshToken: string,
    origin: RequestOrigin,
  ): Promise<{ userId: string; scope: 'all' | 'family' } | null> {
    const ended = await this.sessions.transaction(async (trx) => {
      const row = await this.sessions.findRefreshTokenForUpdate(sha256(refreshToken), trx);
      if (!row || row.family_revoked_at) return null;
      if (!this.spentPastGrace(row)) return { userId: row.user_id, scope: 'all' as const };
      await this.sessions.revokeFamily(row.family_id, 'reuse', trx);
      return { userId: row.user_id, scope: 'family' as const };
    });
    if (ended?.scope === 'family') await this.familyEndedOnReuse(ended.userId, origin);
    return ended;
  }

  /** A rotated token presented after REFRESH_TOKEN_REUSE_GRACE_SECONDS: a stolen copy or a replay, not a retry. */
  private spentPastGrace(row: RefreshTokenRow): boolean {
    return (
      row.rotated_at !== null &&
      Date.now() - row.rotated_at.getTime() > this.config.REFRESH_TOKEN_REUSE_GRACE_SECONDS * 1000
    );
  }

  /** A family ended because a spent token came back: announced (its sockets close) and in the owner's log. */
  private async familyEndedOnReuse(userId: string, origin: RequestOrigin): Promise<void> {
    await this.changes.announce(userId);
    await this.audit.record({ userId, action: AuditActions.sessionEndedOnTokenReuse, ...origin, details: {} });
  }

  /** Global sign-out: every session of the user ends, access tokens included (their family is checked per request). */
  async revokeAll(userId: string, reason: 'logout' | 'password_reset'): Promise<number> {
    const revoked = await this.sessions.revokeAllForUser(userId, reason);
    await this.announceRevoked(userId);
    return revoked;
  }

  /** revokeAll as part of a larger change: the sessions end when `trx` commits, then the caller announces it. */
  revokeAllIn(userId: string, reason: 'logout' | 'password_reset', trx: Transaction<DB>): Promise<number> {
    return this.sessions.revokeAllForUser(userId, reason, trx);
  }

  /** Once sessions' revocation has committed: each process drops the user's cached principal and their sockets close. */
  announceRevoked(userId: string): Promise<void> {
    return this.changes.announce(userId);
  }

  /** Whether the family stands (not revoked), read past PrincipalCache: a caller re-checking on a revocation must see it. */
  async stands(userId: string, familyId: string): Promise<boolean> {
    const row = await this.sessions.findPrincipal(userId, familyId);
    return row !== undefined && row.revoked_at === null;
  }

  /** Verifies an access token (once per token: VerifiedTokens) and its session; null when forged, expired, or signed out. */
  async authenticate(
    token: string,
    via: Exclude<AuthSource, 'api_key'>,
  ): Promise<{ user: AuthUser; claims: Readonly<AccessTokenClaims> } | null> {
    const claims = await this.tokens.claimsOf(token);
    return claims && this.principal(claims, via);
  }

  /** Resolves verified claims to the user, refusing a revoked session (the rows from PrincipalCache). */
  private async principal(
    claims: Readonly<AccessTokenClaims>,
    via: Exclude<AuthSource, 'api_key'>,
  ): Promise<{ user: AuthUser; claims: Readonly<AccessTokenClaims> } | null> {
    if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string') return null;
    const row = await this.principals.session(claims.sub, claims.sid);
    if (!row || row.revoked_at) return null;
    const { access, until } = currentAccess(row);
    return {
      user: {
        id: row.user_id,
        email: row.email,
        access,
        accessUntil: until,
        via,
        sessionId: claims.sid,
        // Anyone may sign up with an address OPS_EMAILS names: the role is the address's owner's once they prove it.
        role: row.email_verified_at === null ? null : opsRoleOf(row.email, this.config),
      },
      claims,
    };
  }

  private refreshExpiry(): Date {
    return new Date(Date.now() + this.config.REFRESH_TOKEN_TTL_SECONDS * 1000);
  }

  /** A new access token (and CSRF token) for the family, with the refresh token already stored for it. */
  private async issue(user: UserRow, familyId: string, refresh: RefreshToken): Promise<IssuedSession> {
    const csrfToken = randomToken();
    const expiresIn = this.config.ACCESS_TOKEN_TTL_SECONDS;
    const claims: AccessTokenClaims = { sub: user.id, sid: familyId, csrf: sha256(csrfToken) };
    const accessToken = await this.jwt.signAsync(claims, {
      algorithm: 'HS256',
      expiresIn,
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
    });
    const profile = await this.profiles.find(user.id);
    return {
      csrfToken,
      session: {
        access_token: accessToken,
        refresh_token: refresh.token,
        expires_in: expiresIn,
        expires_at: Math.floor(Date.now() / 1000) + expiresIn,
        token_type: 'bearer',
        user: {
          id: user.id,
          email: user.email,
          created_at: user.created_at.toISOString(),
          user_metadata: { username: profile?.username ?? null },
        },
      },
    };
  }
}
