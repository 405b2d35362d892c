import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, type RateLimiter, RateLimiters } from '@oddspulse/core';

/** The longest an account is locked after a failed sign-in past its allowance (LoginThrottle). */
export const ACCOUNT_LOCK_MAX_SECONDS = 3600;

/** The limits of one form per client address and per email (`{name}-address`, `{name}-email`), in one window. */
function perAddressAndEmail(
  limiters: RateLimiters,
  name: string,
  points: { address: number; email: number },
  windowSeconds: number,
): [address: RateLimiter, email: RateLimiter] {
  return [
    limiters.shared(`${name}-address`, { points: points.address, windowSeconds }),
    limiters.shared(`${name}-email`, { points: points.email, windowSeconds }),
  ];
}

/**
 * Every HTTP limit of the API (DECISIONS 8), counted in Redis across server processes and in memory while
 * Redis is away. Each is a window of points per key; a refusal is 429 with Retry-After.
 */
@Injectable()
export class HttpRateLimits {
  /** Every API request, per client address; leased (LeasedLimiter), as it is counted on every request. */
  readonly global: RateLimiter;
  /** Failed sign-ins per address and email, and per address (five times as many: a shared office or NAT). */
  readonly loginAccount: RateLimiter;
  readonly loginAddress: RateLimiter;
  /**
   * Failed sign-ins per email from any address, and the lock past them (one point: one checked attempt at a time,
   * blocked for the backoff after each): LoginThrottle.
   */
  readonly loginEmailFailures: RateLimiter;
  readonly loginEmailLock: RateLimiter;
  /** Sign-ups per address, and attempts per email (which would otherwise tell who has an account, 409 by 409). */
  readonly signupAddress: RateLimiter;
  readonly signupEmail: RateLimiter;
  /** Password reset requests per address, and per email (mail flooding of one inbox). */
  readonly resetAddress: RateLimiter;
  readonly resetEmail: RateLimiter;
  /**
   * Reset confirmations per address, and per reset link (by its hash): one link that passes the cheap checks would
   * otherwise buy any number of parallel argon2 hashes, and every sign-in waits behind them.
   */
  readonly resetConfirmAddress: RateLimiter;
  readonly resetConfirmToken: RateLimiter;
  /** Requests per API key, whatever address they come from; leased, as a busy key is. */
  readonly apiKey: RateLimiter;
  /** Support requests per account (an hour), and per address they are acknowledged to (a day). */
  readonly supportAccount: RateLimiter;
  readonly supportRecipient: RateLimiter;

  constructor(limiters: RateLimiters, @Inject(APP_CONFIG) config: AppConfig) {
    this.global = limiters.leased('global', {
      points: config.RATE_LIMIT_MAX,
      windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
    });
    const login = { points: config.RATE_LIMIT_LOGIN_MAX, windowSeconds: config.RATE_LIMIT_LOGIN_WINDOW_SECONDS };
    this.loginAccount = limiters.shared('login', login);
    this.loginAddress = limiters.shared('login-address', { ...login, points: login.points * 5 });
    this.loginEmailFailures = limiters.shared('login-email-failures', {
      points: config.RATE_LIMIT_LOGIN_ACCOUNT_MAX,
      windowSeconds: config.RATE_LIMIT_LOGIN_ACCOUNT_WINDOW_SECONDS,
    });
    this.loginEmailLock = limiters.shared('login-email-lock', { points: 1, windowSeconds: ACCOUNT_LOCK_MAX_SECONDS });
    [this.signupAddress, this.signupEmail] = perAddressAndEmail(
      limiters,
      'signup',
      { address: config.RATE_LIMIT_SIGNUP_MAX, email: config.RATE_LIMIT_SIGNUP_EMAIL_MAX },
      config.RATE_LIMIT_SIGNUP_WINDOW_SECONDS,
    );
    [this.resetAddress, this.resetEmail] = perAddressAndEmail(
      limiters,
      'reset',
      { address: config.RATE_LIMIT_RESET_MAX, email: config.RATE_LIMIT_RESET_EMAIL_MAX },
      config.RATE_LIMIT_RESET_WINDOW_SECONDS,
    );
    const resetWindow = { windowSeconds: config.RATE_LIMIT_RESET_WINDOW_SECONDS };
    this.resetConfirmAddress = limiters.shared('reset-confirm-address', {
      ...resetWindow,
      points: config.RATE_LIMIT_RESET_CONFIRM_MAX,
    });
    this.resetConfirmToken = limiters.shared('reset-confirm-token', {
      ...resetWindow,
      points: config.RATE_LIMIT_RESET_CONFIRM_TOKEN_MAX,
    });
    this.supportAccount = limiters.shared('support-account', {
      points: config.RATE_LIMIT_SUPPORT_MAX,
      windowSeconds: 3600,
    });
    this.supportRecipient = limiters.shared('support-recipient', {
      points: config.RATE_LIMIT_SUPPORT_RECIPIENT_MAX,
      windowSeconds: 86_400,
    });
    this.apiKey = limiters.leased('api-key', {
      points: config.RATE_LIMIT_API_KEY_MAX,
      windowSeconds: config.RATE_LIMIT_API_KEY_WINDOW_SECONDS,
    });
  }
}
