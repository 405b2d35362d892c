import { Inject, Injectable } from '@nestjs/common';
import type { Transaction } from 'kysely';
import { KYSELY, type Database } from '../database/database.module';
import type { DB } from '../database/schema';

/** Single-use e-mail verification links, kept as hashes (migration 0021), as password reset links are. */
@Injectable()
export class EmailVerificationRepository {
  constructor(@Inject(KYSELY) private readonly db: Database) {}

  async create(userId: string, email: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db
      .insertInto('email_verification_tokens')
      .values({ user_id: userId, email, token_hash: tokenHash, expires_at: expiresAt, used_at: null })
      .execute();
  }

  /** Marks the link used if it is unused and unexpired, in one statement: whose it is and the address it was sent to. */
  async consume(tokenHash: string, trx: Transaction<DB>): Promise<{ user_id: string; email: string } | undefined> {
    return trx
      .updateTable('email_verification_tokens')
      .set({ used_at: new Date() })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning(['user_id', 'email'])
      .executeTakeFirst();
  }
}
