import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Transaction } from 'kysely';
import { AuditActions, normaliseEmail } from '@oddspulse/shared';
import {
  ApiKeysRepository,
  APP_CONFIG,
  DatabaseProbe,
  type DB,
  MailService,
  publicOrigin,
  type AppConfig,
  PasswordResetRepository,
  ProfilesRepository,
  SMTP_RETRY_AFTER_SECONDS,
  USERNAME_UNIQUE_INDEX,
  UsersRepository,
  type UserRow,
} from '@oddspulse/core';
import { AuditService, type RequestOrigin } from '../audit/audit.service';
import { LoginThrottle } from '../access/login-throttle';
import { AccountCreatedHooks, EmailVerifiedHooks } from './account-created.hooks';
import type { AuthUser } from './auth-user';
import type { ConfirmPasswordReset, Credentials, SignupInput } from './auth.dto';
import { randomToken, sha256 } from './crypto';
import { ApiErrors, isUniqueViolation } from '../../errors/api-errors';
import type { OAuthProvider } from '../oauth/oauth-state.service';
import { OAuthStateService } from '../oauth/oauth-state.service';
import { passwordProblems } from './password-policy';
import { PasswordStrength } from './password-strength';
import { PasswordService } from './password.service';
import { SessionService, type IssuedSession } from './session.service';

/** A sign-in's outcome: a session, or the account whose password was wrong (null when no account has the email). */
export type LoginOutcome = { ok: true; issued: IssuedSession } | { ok: false; userId: string | null };

export interface OAuthProfile {
  provider: OAuthProvider;
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

/** What a replaced credential ended (revokeCredentialsIn), as the audit log records it. */
type Revoked = { sessions: number; api_keys: number };

/** Sign-up, sign-in (password and OAuth), sign-out and password reset. */
@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly profiles: ProfilesRepository,
    private readonly passwords: PasswordService,
    private readonly strength: PasswordStrength,
    private readonly sessions: SessionService,
    private readonly apiKeys: ApiKeysRepository,
    private readonly resets: PasswordResetRepository,
    private readonly mail: MailService,
    private readonly oauthState: OAuthStateService,
    private readonly accountCreated: AccountCreatedHooks,
    private readonly emailVerified: EmailVerifiedHooks,
    private readonly audit: AuditService,
    private readonly throttle: LoginThrottle,
    private readonly database: DatabaseProbe,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async signup({ email, password, username }: SignupInput, origin: RequestOrigin): Promise<IssuedSession> {
    const guessable = await this.strength.guessable(password, email);
    if (guessable) throw ApiErrors.weakPassword(['guessable'], guessable);
    const hash = await this.passwords.hash(password);
    let user: UserRow;
    try {
      user = await this.users.transaction(async (trx) => {
        const created = await this.users.create(email, trx);
        await this.users.setPasswordHash(created.id, hash, trx);
        await this.profiles.create(created.id, username, trx);
        return created;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_key')) throw ApiErrors.emailTaken();
      if (isUniqueViolation(error, USERNAME_UNIQUE_INDEX)) throw ApiErrors.usernameTaken();
      throw error;
    }
    this.logger.log({ msg: 'User signed up', userId: user.id });
    await this.accountCreated.run(user);
    return this.startSession(user, AuditActions.signedUp, 'password', origin);
  }

  /** A failure names the account (if any) so the caller counts it against brute force; it is in the owner's log. */
  async login({ email, password }: Credentials, origin: RequestOrigin): Promise<LoginOutcome> {
    const user = await this.users.findByEmail(email);
    const ok = await this.passwords.verify(user ? await this.users.passwordHash(user.id) : undefined, password);
    if (!user || !ok) {
      if (user)
        await this.audit.record({
          userId: user.id,
          action: AuditActions.signInFailed,
          ...origin,
          details: { method: 'password' },
        });
      return { ok: false, userId: user?.id ?? null };
    }
    return { ok: true, issued: await this.startSession(user, AuditActions.signedIn, 'password', origin) };
  }

  refresh(refreshToken: string | null, origin: RequestOrigin): Promise<IssuedSession> {
    if (!refreshToken) throw ApiErrors.invalidRefreshToken();
    return this.sessions.refresh(refreshToken, (id) => this.users.findById(id), origin);
  }

  /** Global sign-out (spec 000 §7 "Sign out (global scope)"): every session of the user ends. */
  async logout(userId: string, origin: RequestOrigin): Promise<void> {
    const revoked = await this.sessions.revokeAll(userId, 'logout');
    this.logger.log({ msg: 'User signed out everywhere', userId, sessions: revoked });
    await this.audit.record({
      userId,
      action: AuditActions.signedOutEverywhere,
      ...origin,
      details: { sessions: revoked },
    });
  }

  /**
   * Sign-out after the access token has expired, with the refresh token: every session of the user, unless the token
   * was spent past its grace window, which ends only its own family (SessionService.endForSignOut). False when the
   * token signs nobody out.
   */
  async logoutWithRefreshToken(refreshToken: string | null, origin: RequestOrigin): Promise<boolean> {
    const ended = refreshToken ? await this.sessions.endForSignOut(refreshToken, origin) : null;
    if (ended?.scope === 'all') await this.logout(ended.userId, origin);
    return ended !== null;
  }

  /**
   * The user behind an access token (JWT) of a live session, and when the token expires (a socket authorised by it
   * must present a fresh one by then); null when forged, expired or signed out.
   */
  async authenticateToken(token: string): Promise<{ user: AuthUser; expiresAt: Date | null } | null> {
    const found = await this.sessions.authenticate(token, 'bearer');
    if (!found) return null;
    return {
      user: found.user,
      expiresAt: typeof found.claims.exp === 'number' ? new Date(found.claims.exp * 1000) : null,
    };
  }

  /** Whether the session family still stands, read from PostgreSQL (not a cache that may not have heard its revocation yet). */
  sessionStands(userId: string, sessionId: string): Promise<boolean> {
    return this.sessions.stands(userId, sessionId);
  }

  /**
   * Finds or creates the user of an OAuth identity; a verified email links to the existing account. An account whose
   * address nobody had proved yet becomes the prover's: anyone can sign up with someone else's address, so its
   * password is removed and every session and API key of it ends (in the same transaction), and only the provider's
   * sign-in opens it until its owner sets a password (a reset link goes to their mailbox).
   */
  async oauthUser(profile: OAuthProfile): Promise<UserRow> {
    let created = false;
    let claimed: Revoked | null = null;
    let verified = false;
    const user = await this.users.transaction(async (trx) => {
      const linked = await this.users.findUserIdByIdentity(profile.provider, profile.subject, trx);
      if (linked) {
        const user = await this.users.findById(linked, trx);
        if (user) return user;
      }
      if (!profile.email || !profile.emailVerified)
        throw new Error(`${profile.provider} did not return a verified email`);
      const email = normaliseEmail(profile.email);
      let user = await this.users.findByEmail(email, trx);
      if (!user) {
        user = await this.users.create(email, trx);
        await this.profiles.create(user.id, null, trx);
        created = true;
        this.logger.log({ msg: 'User signed up', userId: user.id, provider: profile.provider });
      }
      await this.users.linkIdentity(profile.provider, profile.subject, user.id, email, trx);
      // the provider verified the address
      const proved = await this.users.markEmailVerified(user.id, email, trx);
      if (proved && !created) {
        await this.users.deletePasswordHash(user.id, trx);
        // the sign-in credential is replaced, as by a reset
        claimed = await this.revokeCredentialsIn(user.id, trx);
      }
      verified = true;
      return user;
    });
    if (claimed !== null) {
      await this.sessions.announceRevoked(user.id);
      this.logger.warn({
        msg: 'Unverified account claimed by a verified OAuth address',
        userId: user.id,
        provider: profile.provider,
        revoked: claimed,
      });
    }
    if (created) await this.accountCreated.run(user);
    if (verified) await this.emailVerified.run(user);
    return user;
  }

  /** POST /api/auth/exchange: a one-time code from the OAuth callback becomes a session in the browser holding `nonce`. */
  async exchange(code: string | null, nonce: string | null, origin: RequestOrigin): Promise<IssuedSession> {
    if (!code) throw ApiErrors.authenticationRequired();
    const userId = await this.oauthState.consumeLoginCode(code, nonce);
    const user = userId ? await this.users.findById(userId) : undefined;
    if (!user) throw ApiErrors.authenticationRequired();
    return this.startSession(user, AuditActions.signedIn, 'oauth', origin);
  }

  /** A new session of a user who just signed up or in by `method`, recorded in the audit log before it starts. */
  private async startSession(
    user: UserRow,
    action: typeof AuditActions.signedUp | typeof AuditActions.signedIn,
    method: 'password' | 'oauth',
    origin: RequestOrigin,
  ): Promise<IssuedSession> {
    await this.audit.record({ userId: user.id, action, ...origin, details: { method } });
    return this.sessions.start(user);
  }

  /**
   * Sends a single-use reset link when the address has an account. The answer is the same either way, and so is its
   * time: the lookup, the link and the mail happen after the answer (a failure is logged), so neither the answer nor
   * how long it took tells who has an account. The 200 promises the mail (spec 000 §8), so it is given only while
   * what comes after can be done, asked of each dependency now and the same for every address: without any way to
   * send mail every address gets the 503 of DECISIONS 33; while the SMTP server does not take mail (checked for this
   * request, not taken from a check of the last minute), so does every address, with the seconds to wait before
   * asking again; while PostgreSQL does not answer (the lookup and the link need it) every address gets the 503 of a
   * dependency outage.
   */
  async requestPasswordReset(email: string, origin: RequestOrigin): Promise<{ retryAfter: number } | null> {
    if (!this.mail.canSend) throw ApiErrors.mailUnavailable();
    if (await this.mail.smtpProblem({ fresh: true })) return { retryAfter: SMTP_RETRY_AFTER_SECONDS };
    await this.database.ping();
    this.sendResetLink(email, origin).catch((error: Error) =>
      this.logger.error({ msg: 'Password reset mail not sent', reason: error.message }),
    );
    return null;
  }

  private async sendResetLink(email: string, origin: RequestOrigin): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) return;
    await this.audit.record({ userId: user.id, action: AuditActions.passwordResetRequested, ...origin, details: {} });
    const token = randomToken();
    await this.resets.create(
      user.id,
      sha256(token),
      new Date(Date.now() + this.config.PASSWORD_RESET_TTL_SECONDS * 1000),
    );
    const link = `${publicOrigin(this.config)}/account?reset_token=${encodeURIComponent(token)}`;
    const minutes = Math.round(this.config.PASSWORD_RESET_TTL_SECONDS / 60);
    await this.mail.send({
      to: user.email,
      subject: 'Reset your OddsPulse password',
      text: `Someone asked to reset the password of your OddsPulse account.\n\nSet a new password: ${link}\n\nThe link works once and expires in ${minutes} minutes. If it was not you, ignore this email.`,
    });
  }

  /**
   * Sets the new password, spends the link, revokes every session and API key, clears the sign-in locks, and starts a
   * new session.
   */
  async confirmPasswordReset({ token, password }: ConfirmPasswordReset, origin: RequestOrigin): Promise<IssuedSession> {
    // Everything cheap first, argon2 last: hashing before the link is known good let anyone with made-up tokens keep
    // the CPU busy with argon2, and every sign-in waited behind it.
    const tokenHash = sha256(token);
    const userId = await this.resets.findUsable(tokenHash);
    const found = userId ? await this.users.findById(userId) : undefined;
    if (!found) throw ApiErrors.resetTokenInvalid();
    const reasons = passwordProblems(password, found.email);
    if (reasons.length) throw ApiErrors.weakPassword(reasons);
    const guessable = await this.strength.guessable(password, found.email);
    if (guessable) throw ApiErrors.weakPassword(['guessable'], guessable);
    const hash = await this.passwords.hash(password);
    const { user, ended } = await this.users.transaction(async (trx) => {
      // Spent for good here, in one statement: a second confirm of the same link that got this far finds it used.
      if ((await this.resets.consume(tokenHash, trx)) !== found.id) throw ApiErrors.resetTokenInvalid();
      await this.users.setPasswordHash(found.id, hash, trx);
      await this.resets.consumeAllForUser(found.id, trx);
      // the link came by mail: the address is the owner's
      await this.users.markEmailVerified(found.id, found.email, trx);
      return { user: found, ended: await this.revokeCredentialsIn(found.id, trx) };
    });
    await this.sessions.announceRevoked(user.id);
    await this.emailVerified.run(user);
    // the link proved the mailbox: the owner signs in again at once, whatever locked the account
    await this.throttle.cleared(user.email);
    this.logger.log({ msg: 'Password reset', userId: user.id });
    await this.audit.record({
      userId: user.id,
      action: AuditActions.passwordReset,
      ...origin,
      details: ended,
    });
    return this.sessions.start(user);
  }

  /**
   * Everything the account's replaced credential let anyone hold ends with it, as part of `trx`: every session, and
   * every API key (one made by whoever knew the old password would outlive it). The caller announces it once `trx`
   * commits (SessionService.announceRevoked), so cached principals drop and sockets close.
   */
  private async revokeCredentialsIn(userId: string, trx: Transaction<DB>): Promise<Revoked> {
    const sessions = await this.sessions.revokeAllIn(userId, 'password_reset', trx);
    return { sessions, api_keys: await this.apiKeys.revokeAllForUser(userId, trx) };
  }
}
