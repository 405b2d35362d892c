import { Inject, Injectable, Logger } from '@nestjs/common';
import { AccountMessages, AuditActions } from '@oddspulse/shared';
import {
  AccountClosingRepository,
  APP_CONFIG,
  type AppConfig,
  AuditLogRepository,
  CloseLinksRepository,
  MailService,
  PrincipalChanges,
  publicOrigin,
  RateLimiters,
  type RateLimiter,
  UsersRepository,
} from '@oddspulse/core';
import type { AuthUser } from '../accounts/auth/auth-user';
import { randomToken, sha256 } from '../accounts/auth/crypto';
import { PasswordService } from '../accounts/auth/password.service';
import { BillingService } from '../billing/billing.service';
import { ApiErrors } from '../errors/api-errors';

/** The answer of a closing: the period's end a cancelled subscription runs to (no further charge), or null. */
export interface ClosedAccount {
  message: string;
  subscription_ends_at: string | null;
}

/** What an account confirms its closing with: its password, or, having none, a link mailed to its address. */
export type CloseConfirmation = 'password' | 'email';

/** Links to close an account one account may be mailed per hour: no inbox is flooded through us. */
export const CLOSE_LINK_MAILS_PER_HOUR = 3;

/**
 * Closes an account as the privacy policy says (spec 000 §2 legal pages: "Account data is typically deleted within 30
 * days of closure"; this product deletes it at once): the owner confirms again, a live subscription is set to cancel at
 * its period's end, the user's data is deleted and the row anonymised (AccountClosingRepository), and every session
 * ends, sockets included (PrincipalChanges: each process re-checks the user's sockets and drops them).
 *
 * The confirmation is the password, entered again. An account made with Google or Apple sign-in alone has none (spec
 * 000 §3: sign-in with Google, Apple in the auth layer): it confirms with a single-use link mailed to its address, as
 * long-lived as a reset link, and used with the same account's session. That is as strong as the password: the
 * mailbox could set a password through a reset link (spec 000 §8) and close with it.
 */
@Injectable()
export class AccountClosingService {
  private readonly logger = new Logger(AccountClosingService.name);
  private readonly linkMails: RateLimiter;

  constructor(
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
    private readonly billing: BillingService,
    private readonly closing: AccountClosingRepository,
    private readonly links: CloseLinksRepository,
    private readonly audit: AuditLogRepository,
    private readonly changes: PrincipalChanges,
    private readonly mail: MailService,
    limiters: RateLimiters,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.linkMails = limiters.shared('close-link-mail', { points: CLOSE_LINK_MAILS_PER_HOUR, windowSeconds: 3600 });
  }

  async confirmation(user: AuthUser): Promise<CloseConfirmation> {
    return (await this.users.passwordHash(user.id)) ? 'password' : 'email';
  }

  /** False when the password is not the account's (the caller counts it against brute force). */
  async passwordMatches(user: AuthUser, password: string): Promise<boolean> {
    const hash = await this.users.passwordHash(user.id);
    if (!hash) throw ApiErrors.forbidden(AccountMessages.closeNeedsPassword, 'PASSWORD_NOT_SET');
    return this.passwords.verify(hash, password);
  }

  /**
   * Mails an account without a password the link that confirms its closing. 403 for an account with a password (it
   * enters it), 429 past CLOSE_LINK_MAILS_PER_HOUR, 503 without a way to send mail (DECISIONS 33).
   */
  async mailLink(user: AuthUser): Promise<{ sent: true } | { retryAfter: number }> {
    if ((await this.confirmation(user)) === 'password')
      throw ApiErrors.forbidden(AccountMessages.closeHasPassword, 'PASSWORD_SET');
    if (!this.mail.canSend) throw ApiErrors.unavailable(AccountMessages.closeLinkFailed, 'MAIL_UNAVAILABLE');
    const decision = await this.linkMails.consume(user.id);
    if (!decision.allowed) return { retryAfter: decision.retryAfter };
    const token = randomToken();
    const ttl = this.config.PASSWORD_RESET_TTL_SECONDS;
    await this.links.save(sha256(token), user.id, ttl);
    const link = `${publicOrigin(this.config)}/account?close_token=${encodeURIComponent(token)}`;
    await this.mail.send({
      to: user.email,
      subject: 'Close your OddsPulse account',
      text: `Someone signed in to your OddsPulse account asked to close it.\n\nClose it: ${link}\n\nOpen the link in the browser you asked from, signed in. Closing cannot be undone: your picks, preferences, alerts and API keys are deleted, and a paid subscription is cancelled at the end of its period. The link works once and expires in ${Math.round(ttl / 60)} minutes. If it was not you, ignore this email and your account stays open.`,
    });
    return { sent: true };
  }

  /**
   * Whether `token` is a link mailed to this very account, which has no password now (one set since, through a reset
   * link, is what confirms from then on).
   */
  async linkMatches(user: AuthUser, token: string): Promise<boolean> {
    const userId = await this.links.userOf(sha256(token));
    return userId === user.id && (await this.confirmation(user)) === 'email';
  }

  /**
   * Closes an account whose password or link was just checked (the link is then spent). The subscription is stopped
   * first: if Stripe fails, nothing closes.
   */
  async close(user: AuthUser, link?: string): Promise<ClosedAccount> {
    const endsAt = await this.billing.cancelForClosing(user.id);
    const closed = await this.closing.transaction(async (trx) => {
      if (!(await this.closing.close(user.id, trx))) return false;
      // the one entry kept: that it closed, with no address or browser
      await this.audit.insert({ userId: user.id, action: AuditActions.accountClosed, details: {} }, trx);
      return true;
    });
    await this.changes.announce(user.id);
    if (closed) this.logger.log({ msg: 'Account closed', userId: user.id, subscriptionEndsAt: endsAt });
    // After the announcement, and never failing the closing it follows: the account is closed and its sessions are
    // ended, so a link left behind (Redis away) closes nothing more and expires by itself.
    if (link !== undefined)
      await this.links
        .spend(sha256(link))
        .catch((error: unknown) =>
          this.logger.warn({ msg: 'A spent close link was left to expire', userId: user.id, err: error }),
        );
    return { message: AccountMessages.accountClosed, subscription_ends_at: endsAt?.toISOString() ?? null };
  }
}
