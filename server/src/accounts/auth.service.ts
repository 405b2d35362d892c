import { Inject, Injectable, Logger } from '@nestjs/common';
import { hasPlatinum, isValidEmail, normaliseEmail, validateUsername, weakPasswordReasons, AccountMessages } from '@oddspulse/shared';
import { APP_CONFIG } from '../config/config.module';
import { publicOrigin, type AppConfig } from '../config/config.schema';
import { ApiKeyService } from './api-key.service';
import type { AuthUser } from './auth-user';
import { randomToken, sha256 } from './crypto';
import { AccountErrors, isUniqueViolation } from './http-errors';
import { MailService } from './mail.service';
import type { OAuthProvider } from './oauth-state.service';
import { OAuthStateService } from './oauth-state.service';
import { PasswordResetRepository } from './password-reset.repository';
import { PasswordService } from './password.service';
import { ProfilesRepository, USERNAME_UNIQUE_INDEX } from './profiles.repository';
import { SessionService, type IssuedSession } from './session.service';
import { UsersRepository, type UserRow } from './users.repository';

export interface Credentials {
  email: string;
  password: string;
}

/** Reads {email, password} from a body; the spec's message when either is missing (spec 000 §5). */
export function readCredentials(body: unknown): Credentials {
  const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const email = typeof input.email === 'string' ? input.email.trim() : '';
  const password = typeof input.password === 'string' ? input.password : '';
  if (!email || !password) throw AccountErrors.validation(AccountMessages.emailAndPasswordRequired, 'CREDENTIALS_REQUIRED');
  return { email: normaliseEmail(email), password };
}

export interface OAuthProfile {
  provider: OAuthProvider;
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

/** Sign-up, sign-in (password and OAuth), sign-out and password reset. */
@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly profiles: ProfilesRepository,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionService,
    private readonly resets: PasswordResetRepository,
    private readonly mail: MailService,
    private readonly oauthState: OAuthStateService,
    private readonly apiKeys: ApiKeyService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async signup(body: unknown): Promise<IssuedSession> {
    const { email, password } = readCredentials(body);
    if (!isValidEmail(email)) throw AccountErrors.validation(AccountMessages.invalidEmail, 'EMAIL_INVALID');
    const reasons = weakPasswordReasons(password, email);
    if (reasons.length) throw AccountErrors.weakPassword(reasons);
    const rawUsername = (body as Record<string, unknown>).username;
    let username: string | null = null;
    if (rawUsername !== undefined && rawUsername !== null && rawUsername !== '') {
      const checked = validateUsername(rawUsername);
      if (!checked.ok) throw AccountErrors.validation(checked.message, 'USERNAME_INVALID');
      username = checked.value;
    }
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
      if (isUniqueViolation(error, 'users_email_key')) throw AccountErrors.emailTaken();
      if (isUniqueViolation(error, USERNAME_UNIQUE_INDEX)) throw AccountErrors.usernameTaken();
      throw error;
    }
    this.logger.log({ msg: 'User signed up', userId: user.id });
    return this.sessions.start(user);
  }

  /** Null when the email or the password is wrong (the caller counts the failure against brute force). */
  async login({ email, password }: Credentials): Promise<IssuedSession | null> {
    const user = await this.users.findByEmail(email);
    const ok = await this.passwords.verify(user ? await this.users.passwordHash(user.id) : undefined, password);
    if (!user || !ok) return null;
    return this.sessions.start(user);
  }

  refresh(refreshToken: unknown): Promise<IssuedSession> {
    if (typeof refreshToken !== 'string' || !refreshToken || refreshToken.length > 200) throw AccountErrors.invalidRefreshToken();
    return this.sessions.refresh(refreshToken, (id) => this.users.findById(id));
  }

  /** Global sign-out (spec 000 §7 "Sign out (global scope)"): every session of the user ends. */
  async logout(userId: string): Promise<void> {
    const revoked = await this.sessions.revokeAll(userId, 'logout');
    this.logger.log({ msg: 'User signed out everywhere', userId, sessions: revoked });
  }

  /** The user a refresh token belongs to, so sign-out works after the access token has expired. */
  async userOfRefreshToken(refreshToken: unknown): Promise<string | null> {
    if (typeof refreshToken !== 'string' || !refreshToken || refreshToken.length > 200) return null;
    return this.sessions.ownerOfRefreshToken(refreshToken);
  }

  /**
   * For the socket gateway: the user behind a handshake's access token (JWT) or personal API key; null when
   * neither proves anyone. An API key counts only while its owner holds Platinum (DECISIONS 5).
   */
  async authenticateHandshake(credentials: { token?: string | null; apiKey?: string | null }): Promise<AuthUser | null> {
    if (credentials.token) return this.authenticateToken(credentials.token);
    if (credentials.apiKey) {
      const user = await this.apiKeys.authenticate(credentials.apiKey);
      return user && hasPlatinum(user.access) ? user : null;
    }
    return null;
  }

  async authenticateToken(token: string): Promise<AuthUser | null> {
    return (await this.sessions.authenticate(token, 'bearer'))?.user ?? null;
  }

  /** Finds or creates the user of an OAuth identity; a verified email links to the existing account. */
  async oauthUser(profile: OAuthProfile): Promise<UserRow> {
    return this.users.transaction(async (trx) => {
      const linked = await this.users.findUserIdByIdentity(profile.provider, profile.subject, trx);
      if (linked) {
        const user = await this.users.findById(linked, trx);
        if (user) return user;
      }
      if (!profile.email || !profile.emailVerified) throw new Error(`${profile.provider} did not return a verified email`);
      const email = normaliseEmail(profile.email);
      let user = await this.users.findByEmail(email, trx);
      if (!user) {
        user = await this.users.create(email, trx);
        await this.profiles.create(user.id, null, trx);
        this.logger.log({ msg: 'User signed up', userId: user.id, provider: profile.provider });
      }
      await this.users.linkIdentity(profile.provider, profile.subject, user.id, email, trx);
      return user;
    });
  }

  /** POST /api/auth/exchange: a one-time code from the OAuth callback becomes a session. */
  async exchange(code: unknown): Promise<IssuedSession> {
    if (typeof code !== 'string' || !code || code.length > 200) throw AccountErrors.authenticationRequired();
    const userId = await this.oauthState.consumeLoginCode(code);
    const user = userId ? await this.users.findById(userId) : undefined;
    if (!user) throw AccountErrors.authenticationRequired();
    return this.sessions.start(user);
  }

  /**
   * Sends a single-use reset link when the address has an account. The answer is the same either way, so
   * the endpoint does not reveal who has an account.
   */
  async requestPasswordReset(body: unknown): Promise<void> {
    const raw = (body as Record<string, unknown> | null)?.email;
    const email = typeof raw === 'string' ? normaliseEmail(raw) : '';
    if (!isValidEmail(email)) throw AccountErrors.validation(AccountMessages.invalidEmail, 'EMAIL_INVALID');
    const user = await this.users.findByEmail(email);
    if (!user) return;
    const token = randomToken();
    await this.resets.create(user.id, sha256(token), new Date(Date.now() + this.config.PASSWORD_RESET_TTL_SECONDS * 1000));
    const link = `${publicOrigin(this.config)}/account?reset_token=${encodeURIComponent(token)}`;
    const minutes = Math.round(this.config.PASSWORD_RESET_TTL_SECONDS / 60);
    try {
      await this.mail.send({
        to: user.email,
        subject: 'Reset your OddsPulse password',
        text: `Someone asked to reset the password of your OddsPulse account.\n\nSet a new password: ${link}\n\nThe link works once and expires in ${minutes} minutes. If it was not you, ignore this email.`,
      });
    } catch (error) {
      this.logger.error({ msg: 'Password reset mail not sent', userId: user.id, reason: (error as Error).message });
      throw AccountErrors.mailUnavailable();
    }
  }

  /** Sets the new password, spends the link, signs out every session, and starts a new one. */
  async confirmPasswordReset(body: unknown): Promise<IssuedSession> {
    const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const token = typeof input.token === 'string' ? input.token : '';
    const password = typeof input.password === 'string' ? input.password : '';
    if (!token || token.length > 200) throw AccountErrors.resetTokenInvalid();
    if (!password) throw AccountErrors.validation('Please enter a new password.', 'PASSWORD_REQUIRED');
    const hash = await this.passwords.hash(password);
    const user = await this.users.transaction(async (trx) => {
      const userId = await this.resets.consume(sha256(token), trx);
      const found = userId ? await this.users.findById(userId, trx) : undefined;
      if (!found) throw AccountErrors.resetTokenInvalid();
      const reasons = weakPasswordReasons(password, found.email);
      if (reasons.length) throw AccountErrors.weakPassword(reasons);
      await this.users.setPasswordHash(found.id, hash, trx);
      await this.resets.consumeAllForUser(found.id, trx);
      return found;
    });
    await this.sessions.revokeAll(user.id, 'password_reset');
    this.logger.log({ msg: 'Password reset', userId: user.id });
    return this.sessions.start(user);
  }
}
