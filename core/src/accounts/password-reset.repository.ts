import { Inject, Injectable } from '@nestjs/common';
import type { Transaction } from 'kysely';
import { KYSELY, type Database } from '../database/database.module';
import type { DB } from '../database/schema';

@Injectable()
export class PasswordResetRepository {
  constructor(@Inject(KYSELY) private readonly db: Database) {}

  async create(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db
      .insertInto('password_reset_tokens')
      .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt, used_at: null })
      .execute();
  }

  /** The user of a token that is unused and unexpired, read without spending it; undefined for any other token. */
  async findUsable(tokenHash: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('password_reset_tokens')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Marks the token used if it is unused and unexpired, in one statement; the user id, or undefined. */
  async consume(tokenHash: string, trx: Transaction<DB>): Promise<string | undefined> {
    const row = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: new Date() })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id;
  }

  /** A reset spends every other outstanding link of the user too. */
  async consumeAllForUser(userId: string, trx: Transaction<DB>): Promise<void> {
    await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: new Date() })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }
}
