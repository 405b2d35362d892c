import { Injectable, Logger } from '@nestjs/common';
import type { UserRow } from '@oddspulse/core';

type AccountHook = (user: Pick<UserRow, 'id' | 'email'>) => Promise<void>;

/**
 * What other domains do when something happens to an account, without accounts depending on them. Hooks run after
 * it is committed; one that fails is logged with its error and what happened stands (billing's daily reconciliation
 * grants a gift that was missed).
 */
abstract class AccountHooks {
  private readonly hooks: Array<{ name: string; run: AccountHook }> = [];

  constructor(
    private readonly logger: Logger,
    private readonly failed: string,
  ) {}

  register(name: string, run: AccountHook): void {
    this.hooks.push({ name, run });
  }

  async run(user: Pick<UserRow, 'id' | 'email'>): Promise<void> {
    for (const hook of this.hooks) {
      try {
        await hook.run(user);
      } catch (error) {
        this.logger.error({ msg: this.failed, hook: hook.name, userId: user.id, err: error });
      }
    }
  }
}

/** When an account is created (accounts mails the verification link). */
@Injectable()
export class AccountCreatedHooks extends AccountHooks {
  constructor() {
    super(new Logger(AccountCreatedHooks.name), 'An account-created hook failed; the account stands');
  }
}

/**
 * When an account's address is proved its owner's: a verification link, a password reset link or an OAuth provider's
 * verified address (billing grants the gifts waiting for the address, DECISIONS 4).
 */
@Injectable()
export class EmailVerifiedHooks extends AccountHooks {
  constructor() {
    super(new Logger(EmailVerifiedHooks.name), 'An email-verified hook failed; the verification stands');
  }
}
