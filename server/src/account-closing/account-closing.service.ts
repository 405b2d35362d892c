import { Injectable, Logger } from '@nestjs/common';
import { AccountMessages, AuditActions } from '@oddspulse/shared';
import { AccountClosingRepository, AuditLogRepository, PrincipalChanges, UsersRepository } from '@oddspulse/core';
import type { AuthUser } from '../accounts/auth/auth-user';
import { PasswordService } from '../accounts/auth/password.service';
import { BillingService } from '../billing/billing.service';
import { ApiErrors } from '../errors/api-errors';

/** The answer of a closing: the period's end a cancelled subscription runs to (no further charge), or null. */
export interface ClosedAccount {
  message: string;
  subscription_ends_at: string | null;
}

/**
 * Closes an account as the privacy policy says (spec 000 §2 legal pages: "Account data is typically deleted within 30
 * days of closure"; this product deletes it at once): the password is entered again, a live subscription is set to
 * cancel at its period's end, the user's data is deleted and the row anonymised (AccountClosingRepository), and every
 * session ends, sockets included (PrincipalChanges: each process re-checks the user's sockets and drops them).
 */
@Injectable()
export class AccountClosingService {
  private readonly logger = new Logger(AccountClosingService.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
    private readonly billing: BillingService,
    private readonly closing: AccountClosingRepository,
    private readonly audit: AuditLogRepository,
    private readonly changes: PrincipalChanges,
  ) {}

  /** False when the password is not the account's (the caller counts it against brute force). */
  async passwordMatches(user: AuthUser, password: string): Promise<boolean> {
    const hash = await this.users.passwordHash(user.id);
    if (!hash) throw ApiErrors.forbidden(AccountMessages.closeNeedsPassword, 'PASSWORD_NOT_SET');
    return this.passwords.verify(hash, password);
  }

  /** Closes an account whose password was just checked. The subscription is stopped first: if Stripe fails, nothing closes. */
  async close(user: AuthUser): Promise<ClosedAccount> {
    const endsAt = await this.billing.cancelForClosing(user.id);
    const closed = await this.closing.transaction(async (trx) => {
      if (!(await this.closing.close(user.id, trx))) return false;
      // the one entry kept: that it closed, with no address or browser
      await this.audit.insert({ userId: user.id, action: AuditActions.accountClosed, details: {} }, trx);
      return true;
    });
    await this.changes.announce(user.id);
    if (closed) this.logger.log({ msg: 'Account closed', userId: user.id, subscriptionEndsAt: endsAt });
    return { message: AccountMessages.accountClosed, subscription_ends_at: endsAt?.toISOString() ?? null };
  }
}
