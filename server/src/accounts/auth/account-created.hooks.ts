import { Injectable, Logger } from '@nestjs/common';
import type { UserRow } from '@oddspulse/core';

type AccountCreatedHook = (user: UserRow) => Promise<void>;

/**
 * What other domains do when an account is created (billing grants the gifts waiting for the address), without
 * accounts depending on them. Hooks run after the account is committed; one that fails is logged with its error
 * and the sign-up stands (billing's daily reconciliation grants a gift that was missed).
 */
@Injectable()
export class AccountCreatedHooks {
  private readonly logger = new Logger(AccountCreatedHooks.name);
  private readonly hooks: Array<{ name: string; run: AccountCreatedHook }> = [];

  register(name: string, run: AccountCreatedHook): void {
    this.hooks.push({ name, run });
  }

  async run(user: UserRow): Promise<void> {
    for (const hook of this.hooks) {
      try {
        await hook.run(user);
      } catch (error) {
        this.logger.error({
          msg: 'An account-created hook failed; the account stands',
          hook: hook.name,
          userId: user.id,
          err: error,
        });
      }
    }
  }
}
