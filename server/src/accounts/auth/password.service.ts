import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { ARGON2_OPTIONS } from '@oddspulse/core';

@Injectable()
export class PasswordService {
  // Verified against when the email is unknown, so a miss takes as long as a wrong password.
  private readonly decoy = argon2.hash('decoy-password-for-timing', ARGON2_OPTIONS);

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  async verify(hash: string | undefined, password: string): Promise<boolean> {
    if (!hash) {
      await argon2.verify(await this.decoy, password);
      return false;
    }
    return argon2.verify(hash, password);
  }
}
