import { Injectable } from '@nestjs/common';
import { UsersRepository } from '../accounts/users.repository';
import { MailService, type OutgoingMail } from './mail.service';

/** An account's address has not been verified: nothing but its verification link is mailed to it. */
export class UnverifiedAddressError extends Error {
  constructor(readonly userId: string) {
    super('The address of this account is not verified');
    this.name = 'UnverifiedAddressError';
  }
}

/**
 * Mail to an account's own address (support acknowledgements, alert digests): sent only once the address is verified,
 * to the address as it is then, so the product mails nobody who has not proved the address theirs. The verification
 * link, and the password reset link (account recovery, which verifies the address once used), go through MailService.
 */
@Injectable()
export class AccountMail {
  constructor(
    private readonly mail: MailService,
    private readonly users: UsersRepository,
  ) {}

  /** Sends to the account's verified address; UnverifiedAddressError when it has none. */
  async send(userId: string, mail: Omit<OutgoingMail, 'to'>): Promise<void> {
    const to = await this.users.verifiedEmail(userId);
    if (!to) throw new UnverifiedAddressError(userId);
    await this.mail.send({ ...mail, to });
  }
}
