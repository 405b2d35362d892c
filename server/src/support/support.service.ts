import { Inject, Injectable, Logger } from '@nestjs/common';
import { isPrioritySupport, supportMails, SupportMessages, type SupportRequest } from '@oddspulse/shared';
import {
  AccountMail,
  APP_CONFIG,
  type AppConfig,
  MailService,
  MailUnavailableError,
  SMTP_RETRY_AFTER_SECONDS,
  UnverifiedAddressError,
  UsersRepository,
} from '@oddspulse/core';
import type { AuthUser } from '../accounts/auth/auth-user';
import { HttpRateLimits } from '../accounts/access/rate-limits.service';
import { ApiErrors } from '../errors/api-errors';

export interface SupportOutcome {
  priority: boolean;
  /** Whether a confirmation was mailed to the user (only ever to a verified address). */
  acknowledged: boolean;
  message: string;
}

/** Not sent, and the seconds to wait before sending it again: the share is spent (429), or the mail server is away (503). */
export interface SupportRefusal {
  refused: 'rate-limited' | 'mail-unavailable';
  retryAfter: number;
}

/**
 * A support request: limited per account and per address acknowledged to (RATE_LIMIT_SUPPORT_*), mailed to
 * SUPPORT_EMAIL with the user's address as Reply-To, and acknowledged to the user's address once it is verified, in
 * the product's words only (shared supportMails).
 */
@Injectable()
export class SupportService {
  private readonly logger = new Logger(SupportService.name);

  constructor(
    private readonly mail: MailService,
    private readonly accountMail: AccountMail,
    private readonly users: UsersRepository,
    private readonly limits: HttpRateLimits,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Sends the request, or refuses it unsent: nothing keeps the user's text to send later, so while the SMTP server
   * does not take mail the user is told so at once (DECISIONS 33) and keeps the text in the form, and an unsent
   * request does not spend the account's share.
   */
  async send(user: AuthUser, request: SupportRequest): Promise<SupportOutcome | SupportRefusal> {
    const mailAway: SupportRefusal = { refused: 'mail-unavailable', retryAfter: SMTP_RETRY_AFTER_SECONDS };
    if (await this.mail.smtpProblem()) return mailAway;
    const shares = [
      [this.limits.supportAccount, user.id],
      [this.limits.supportRecipient, user.email],
    ] as const;
    for (const [limiter, key] of shares) {
      const decision = await limiter.consume(key);
      if (!decision.allowed) return { refused: 'rate-limited', retryAfter: decision.retryAfter };
    }
    const verified = (await this.users.verifiedEmail(user.id)) === user.email;
    const { toSupport, acknowledgement } = supportMails(
      request,
      { userId: user.id, email: user.email, plan: user.access.plan, verified },
      this.config.SUPPORT_EMAIL,
      new Date(),
    );
    try {
      await this.mail.send(toSupport);
    } catch (error) {
      if (error instanceof MailUnavailableError) throw ApiErrors.supportMailUnavailable();
      // The server went away since it was last known up: the send has just learnt it (MailService.send).
      if (!(await this.mail.smtpProblem())) throw error;
      for (const [limiter, key] of shares) await limiter.refund(key, 1);
      return mailAway;
    }
    const priority = isPrioritySupport(user.access.plan);
    // The request is with support once the first mail is out; a failed acknowledgement must not make the user send it twice.
    const acknowledged =
      verified &&
      (await this.accountMail.send(user.id, acknowledgement).then(
        () => true,
        (error: unknown) => {
          if (!(error instanceof UnverifiedAddressError))
            this.logger.warn({
              msg: 'Support acknowledgement not sent',
              user: user.id,
              error: error instanceof Error ? error.message : String(error),
            });
          return false;
        },
      ));
    const message = !verified
      ? SupportMessages.sentUnverified
      : priority
        ? SupportMessages.sentPriority
        : SupportMessages.sent;
    return { priority, acknowledged, message };
  }
}
