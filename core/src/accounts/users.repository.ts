import { Inject, Injectable } from '@nestjs/common';
import type { Transaction } from 'kysely';
import { KYSELY, type Database, type Executor } from '../database/database.module';
import type { DB } from '../database/schema';

export interface UserRow {
  id: string;
  email: string;
  created_at: Date;
}

/** The columns of a `UserRow`. */
const USER_ROW_COLUMNS = ['id', 'email', 'created_at'] as const;

/** Users, their password credentials and their OAuth identities. */
@Injectable()
export class UsersRepository {
  constructor(@Inject(KYSELY) private readonly db: Database) {}

  transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  findById(id: string, db: Executor = this.db): Promise<UserRow | undefined> {
    return db.selectFrom('users').select(USER_ROW_COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** An open account's user: a closed one's anonymised address is no one's (AccountClosingRepository). */
  findByEmail(email: string, db: Executor = this.db): Promise<UserRow | undefined> {
    return db
      .selectFrom('users')
      .select(USER_ROW_COLUMNS)
      .where('email', '=', email)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
  }

  create(email: string, db: Executor = this.db): Promise<UserRow> {
    return db.insertInto('users').values({ email }).returning(USER_ROW_COLUMNS).executeTakeFirstOrThrow();
  }

  /** The user's address if it is verified; null when it is not (or there is no such user). */
  async verifiedEmail(userId: string, db: Executor = this.db): Promise<string | null> {
    const row = await db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .where('email_verified_at', 'is not', null)
      .executeTakeFirst();
    return row?.email ?? null;
  }

  /** The user's address is theirs (a verification link, a reset link or an OAuth provider proved it), if it is `email`. */
  async markEmailVerified(userId: string, email: string, db: Executor = this.db): Promise<boolean> {
    const result = await db
      .updateTable('users')
      .set({ email_verified_at: new Date() })
      .where('id', '=', userId)
      .where('email', '=', email)
      .where('email_verified_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async passwordHash(userId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('password_credentials')
      .select('hash')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.hash;
  }

  async setPasswordHash(userId: string, hash: string, db: Executor = this.db): Promise<void> {
    await db
      .insertInto('password_credentials')
      .values({ user_id: userId, hash })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ hash, updated_at: new Date() }))
      .execute();
  }

  async deletePasswordHash(userId: string, db: Executor = this.db): Promise<void> {
    await db.deleteFrom('password_credentials').where('user_id', '=', userId).execute();
  }

  async findUserIdByIdentity(
    provider: 'google' | 'apple',
    subject: string,
    db: Executor = this.db,
  ): Promise<string | undefined> {
    const row = await db
      .selectFrom('oauth_identities')
      .select('user_id')
      .where('provider', '=', provider)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row?.user_id;
  }

  async linkIdentity(
    provider: 'google' | 'apple',
    subject: string,
    userId: string,
    email: string | null,
    db: Executor = this.db,
  ): Promise<void> {
    await db
      .insertInto('oauth_identities')
      .values({ provider, subject, user_id: userId, email })
      .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
      .execute();
  }
}
