import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { accessLapsesAt, effectivePlan } from '@oddspulse/shared';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import type { AccessTokenClaims, AuthSource, AuthUser } from './auth-user';
import { randomToken, sha256 } from './crypto';
import { AccountErrors } from './http-errors';
import { ProfilesRepository } from './profiles.repository';
import { SessionsRepository } from './sessions.repository';
import type { UserRow } from './users.repository';

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

/**
 * Issues and rotates sessions: a short-lived HS256 JWT access token naming the session family, and an
 * opaque refresh token kept only as a hash. A refresh rotates the token; presenting a rotated token again
 * (a stolen copy, or a replay) revokes the whole family.
 */
@Injectable()
export class SessionService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly profiles: ProfilesRepository,
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Starts a new session family (a sign-in). */
  async start(user: UserRow): Promise<IssuedSession> {
    const familyId = await this.sessions.createFamily(user.id);
    await this.sessions.deleteExpiredTokens(user.id);
    return this.issue(user, familyId);
  }

  /** Rotates a refresh token. Every failure is the same 401 so a caller learns nothing from it. */
  async refresh(refreshToken: string, loadUser: (id: string) => Promise<UserRow | undefined>): Promise<IssuedSession> {
    const tokenHash = sha256(refreshToken);
    const outcome = await this.sessions.transaction(async (trx) => {
      const row = await this.sessions.findRefreshTokenForUpdate(tokenHash, trx);
      if (!row || row.family_revoked_at) return { ok: false as const };
      if (row.rotated_at) {
        await this.sessions.revokeFamily(row.family_id, 'reuse', trx);
        return { ok: false as const };
      }
      if (row.expires_at.getTime() <= Date.now()) return { ok: false as const };
      await this.sessions.markRotated(row.id, trx);
      return { ok: true as const, familyId: row.family_id, userId: row.user_id };
    });
    if (!outcome.ok) throw AccountErrors.invalidRefreshToken();
    const user = await loadUser(outcome.userId);
    if (!user) throw AccountErrors.invalidRefreshToken();
    return this.issue(user, outcome.familyId);
  }

  /** The user of a refresh token whose session still stands (rotated tokens included: sign-out should still work). */
  async ownerOfRefreshToken(refreshToken: string): Promise<string | null> {
    return (await this.sessions.findActiveOwner(sha256(refreshToken))) ?? null;
  }

  /** Global sign-out: every session of the user ends, access tokens included (their family is checked per request). */
  revokeAll(userId: string, reason: 'logout' | 'password_reset'): Promise<number> {
    return this.sessions.revokeAllForUser(userId, reason);
  }

  /** Verifies an access token and its session; null when forged, expired, or signed out. */
  async authenticate(token: string, via: Exclude<AuthSource, 'api_key'>): Promise<{ user: AuthUser; claims: AccessTokenClaims } | null> {
    let claims: AccessTokenClaims;
    try {
      claims = await this.jwt.verifyAsync<AccessTokenClaims>(token, { algorithms: ['HS256'], issuer: JWT_ISSUER, audience: JWT_AUDIENCE });
    } catch {
      return null; // a bad signature, a malformed or an expired token are all "not signed in"
    }
    return this.principal(claims, via);
  }

  /** Resolves verified claims to the user, refusing a revoked session. */
  async principal(claims: AccessTokenClaims, via: Exclude<AuthSource, 'api_key'>): Promise<{ user: AuthUser; claims: AccessTokenClaims } | null> {
    if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string') return null;
    const row = await this.sessions.findPrincipal(claims.sub, claims.sid);
    if (!row || row.revoked_at) return null;
    const state = row.plan && row.status ? { plan: row.plan, status: row.status, current_period_end: row.current_period_end, unlimited: row.unlimited ?? false } : null;
    const now = new Date();
    return { user: { id: row.user_id, email: row.email, access: effectivePlan(state, now), accessUntil: accessLapsesAt(state, now), via, sessionId: claims.sid }, claims };
  }

  private async issue(user: UserRow, familyId: string): Promise<IssuedSession> {
    const refreshToken = randomToken();
    const refreshExpires = new Date(Date.now() + this.config.REFRESH_TOKEN_TTL_SECONDS * 1000);
    await this.sessions.insertRefreshToken(familyId, sha256(refreshToken), refreshExpires);
    const csrfToken = randomToken();
    const expiresIn = this.config.ACCESS_TOKEN_TTL_SECONDS;
    const claims: AccessTokenClaims = { sub: user.id, sid: familyId, csrf: sha256(csrfToken) };
    const accessToken = await this.jwt.signAsync(claims, { algorithm: 'HS256', expiresIn, issuer: JWT_ISSUER, audience: JWT_AUDIENCE });
    const profile = await this.profiles.find(user.id);
    return {
      csrfToken,
      session: {
        access_token: accessToken,
        refresh_token: refreshToken,
        expires_in: expiresIn,
        expires_at: Math.floor(Date.now() / 1000) + expiresIn,
        token_type: 'bearer',
        user: { id: user.id, email: user.email, created_at: user.created_at.toISOString(), user_metadata: { username: profile?.username ?? null } },
      },
    };
  }
}
