import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { KYSELY, type Database, type Executor } from '../database/database.module';

export interface ProfileRow {
  id: string;
  username: string | null;
  updated_at: Date;
}

/** The unique index that makes usernames unique ignoring case (DECISIONS 6). */
export const USERNAME_UNIQUE_INDEX = 'profiles_username_lower_key';

@Injectable()
export class ProfilesRepository {
  constructor(@Inject(KYSELY) private readonly db: Database) {}

  find(userId: string, db: Executor = this.db): Promise<ProfileRow | undefined> {
    return db
      .selectFrom('profiles')
      .select(['id', 'username', 'updated_at'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  async create(userId: string, username: string | null, db: Executor = this.db): Promise<ProfileRow> {
    return db
      .insertInto('profiles')
      .values({ id: userId, username })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning(['id', 'username', 'updated_at'])
      .executeTakeFirstOrThrow();
  }

  /** Sets the username only while it is unset; undefined when it was already set (locked). */
  async setUsernameIfUnset(userId: string, username: string): Promise<ProfileRow | undefined> {
    await this.db
      .insertInto('profiles')
      .values({ id: userId, username: null })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return this.db
      .updateTable('profiles')
      .set({ username, updated_at: new Date() })
      .where('id', '=', userId)
      .where('username', 'is', null)
      .returning(['id', 'username', 'updated_at'])
      .executeTakeFirst();
  }

  async usernameTaken(username: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('profiles')
      .select('id')
      .where(sql`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
    return Boolean(row);
  }
}
