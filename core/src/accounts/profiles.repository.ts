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

const PROFILE_COLUMNS = ['id', 'username', 'updated_at'] as const;

const profileOf = (userId: string, db: Executor) =>
  db.selectFrom('profiles').select(PROFILE_COLUMNS).where('id', '=', userId);

@Injectable()
export class ProfilesRepository {
  constructor(@Inject(KYSELY) private readonly db: Database) {}

  find(userId: string, db: Executor = this.db): Promise<ProfileRow | undefined> {
    return profileOf(userId, db).executeTakeFirst();
  }

  /**
   * The user's profile row, made with `username`; when another request made it meanwhile (two first reads of a
   * missing profile at once, spec 000 §4), the row that request made.
   */
  async create(userId: string, username: string | null, db: Executor = this.db): Promise<ProfileRow> {
    const created = await db
      .insertInto('profiles')
      .values({ id: userId, username })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning(PROFILE_COLUMNS)
      .executeTakeFirst();
    return created ?? profileOf(userId, db).executeTakeFirstOrThrow();
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
      .returning(PROFILE_COLUMNS)
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
