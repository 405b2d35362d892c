import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { AccountMessages } from '@oddspulse/shared';
import {
  APP_CONFIG,
  type AppConfig,
  EmailVerificationRepository,
  MailService,
  PrincipalChanges,
  publicOrigin,
  RateLimiters,
  type RateLimiter,
  UsersRepository,
} from '@oddspulse/core';
import { ApiErrors } from '../../errors/api-errors';
import { AccountCreatedHooks, EmailVerifiedHooks } from '../auth/account-created.hooks';
import { randomToken, sha256 } from '../auth/crypto';

/** How long a verification link works. */
export const VERIFICATION_TTL_SECONDS = 2 * 24 * 3600;
/** Verification mails one address may be sent per hour, the sign-up's included: no inbox is flooded through us. */
export const VERIFICATION_MAILS_PER_HOUR = 3;

/**
 * E-mail verification: a single-use link, stored as a hash, mailed to the address an account signed up with (and
 * again when its owner asks), which proves the address theirs (migration 0021). An unverified account uses the
 * product as any other; the product only mails it this link (AccountMail refuses anything else), and the password reset
 * link, which verifies the address once used, as an OAuth provider's verified address does.
 */
@Injectable()
export class EmailVerificationService implements OnModuleInit {
  private readonly logger = new Logger(EmailVerificationService.name);
  private readonly mailsPerAddress: RateLimiter;

  constructor(
    private readonly users: UsersRepository,
    private readonly links: EmailVerificationRepository,
    private readonly mail: MailService,
    private readonly accountCreated: AccountCreatedHooks,
    private readonly emailVerified: EmailVerifiedHooks,
    private readonly changes: PrincipalChanges,
    limiters: RateLimiters,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.mailsPerAddress = limiters.shared('verification-mail', {
      points: VERIFICATION_MAILS_PER_HOUR,
      windowSeconds: 3600,
    });
  }

  /**
   * A new account whose address is not verified yet (a password sign-up) is sent its link after the sign-up's answer,
   * as a reset link is: a slow mail server never holds the sign-up, and a failure is logged (the owner can ask again).
   */
  onModuleInit(): void {
    this.accountCreated.register('accounts: mail the verification link', (user) => {
      this.sendFirstLink(user.id, user.email).catch((error: Error) =>
        this.logger.error({ msg: 'Verification link not sent', userId: user.id, reason: error.message }),
      );
      return Promise.resolve();
    });
  }

  private async sendFirstLink(userId: string, email: string): Promise<void> {
    if (!this.mail.canSend || (await this.verified(userId))) return;
    if (!(await this.mailsPerAddress.consume(email)).allowed) return;
    await this.sendLink(userId, email);
  }

  /** Whether the user's address is verified. */
  async verified(userId: string): Promise<boolean> {
    return (await this.users.verifiedEmail(userId)) !== null;
  }

  /**
   * "Resend" (signed in): a new link to the account's address. 409 when it is verified already, 429 past
   * VERIFICATION_MAILS_PER_HOUR, 503 without a way to send mail (DECISIONS 33).
   */
  async resend(user: { id: string; email: string }): Promise<{ sent: true } | { retryAfter: number }> {
    if (await this.verified(user.id))
      throw ApiErrors.conflict(AccountMessages.alreadyVerified, 'EMAIL_ALREADY_VERIFIED');
    if (!this.mail.canSend) throw ApiErrors.unavailable(AccountMessages.verificationFailed, 'MAIL_UNAVAILABLE');
    const decision = await this.mailsPerAddress.consume(user.email);
    if (!decision.allowed) return { retryAfter: decision.retryAfter };
    await this.sendLink(user.id, user.email);
    return { sent: true };
  }

  /** The link was followed: its address is verified if the account still has it. 400 for a used, expired or unknown link. */
  async confirm(token: string): Promise<{ email: string }> {
    const verified = await this.users.transaction(async (trx) => {
      const link = await this.links.consume(sha256(token), trx);
      if (!link) return null;
      await this.users.markEmailVerified(link.user_id, link.email, trx);
      return (await this.users.verifiedEmail(link.user_id, trx)) === link.email ? link : null;
    });
    if (!verified) throw ApiErrors.validation(AccountMessages.verificationTokenInvalid, 'VERIFICATION_TOKEN_INVALID');
    await this.emailVerified.run({ id: verified.user_id, email: verified.email });
    // a verified address may hold an operations role: its sessions see it now, not when PrincipalCache lets go
    await this.changes.announce(verified.user_id);
    return { email: verified.email };
  }

  private async sendLink(userId: string, email: string): Promise<void> {
    const token = randomToken();
    await this.links.create(userId, email, sha256(token), new Date(Date.now() + VERIFICATION_TTL_SECONDS * 1000));
    const link = `${publicOrigin(this.config)}/account?verify_token=${encodeURIComponent(token)}`;
    await this.mail.send({
      to: email,
      subject: 'Verify your OddsPulse email address',
      text: `Confirm that this address is yours to get OddsPulse mail at it (support replies, alert digests).\n\nVerify it: ${link}\n\nThe link works once and expires in ${VERIFICATION_TTL_SECONDS / 3600} hours. If you did not sign up for OddsPulse, ignore this email: nothing more will be sent to you.`,
    });
    this.logger.log({ msg: 'Verification link sent', userId });
  }
}
