import { Inject, Injectable } from '@nestjs/common';
import { sql, type Transaction, type Updateable } from 'kysely';
import type { ApiKeyScope } from '@oddspulse/shared';
import { lockUntilCommit } from '../database/advisory-locks';
import { KYSELY, type Database, type Executor } from '../database/database.module';
import type { ApiKeys, DB } from '../database/schema';
import { selectPrincipals, type PrincipalRow } from './principals';

export interface ApiKeyRow {
  id: string;
  name: string;
  key_prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  scopes: ApiKeyScope[];
}

/** The columns of an `ApiKeyRow`. */
const API_KEY_ROW_COLUMNS = ['id', 'name', 'key_prefix', 'created_at', 'last_used_at', 'scopes'] as const;

export interface ApiKeyOwnerRow extends PrincipalRow {
  key_id: string;
  key_scopes: ApiKeyScope[];
}

@Injectable()
export class ApiKeysRepository {
  constructor(@Inject(KYSELY) private readonly db: Database) {}

  /** A key's change and its audit record commit together (AuditService.record with the same transaction). */
  transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  create(
    userId: string,
    key: { name: string; keyPrefix: string; keyHash: string; scopes: ApiKeyScope[] },
    db: Executor = this.db,
  ): Promise<ApiKeyRow> {
    const { name, keyPrefix, keyHash, scopes } = key;
    return db
      .insertInto('api_keys')
      .values({
        user_id: userId,
        name,
        key_prefix: keyPrefix,
        key_hash: keyHash,
        scopes,
        last_used_at: null,
        revoked_at: null,
      })
      .returning(API_KEY_ROW_COLUMNS)
      .executeTakeFirstOrThrow();
  }

  listActive(userId: string): Promise<ApiKeyRow[]> {
    return this.db
      .selectFrom('api_keys')
      .select(API_KEY_ROW_COLUMNS)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .execute();
  }

  /**
   * Holds the user's lock on creating keys until `trx` ends, and answers how many active keys the user has: each
   * creation takes it first, so two at once cannot both pass the limit (MAX_ACTIVE_API_KEYS).
   */
  async lockForCreating(userId: string, trx: Transaction<DB>): Promise<number> {
    await lockUntilCommit(trx, 'apiKeys', userId);
    const row = await trx
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The revoked key's name; null when it was not the user's, or was revoked already. */
  async revoke(userId: string, keyId: string, db: Executor = this.db): Promise<string | null> {
    return (await this.updateActiveKey(userId, keyId, { revoked_at: new Date() }, db))?.name ?? null;
  }

  /** Revokes every active key of the user (their credential was replaced: a reset, a claimed account): how many. */
  async revokeAllForUser(userId: string, db: Executor = this.db): Promise<number> {
    const result = await db
      .updateTable('api_keys')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  findActiveOwner(keyHash: string): Promise<ApiKeyOwnerRow | undefined> {
    return selectPrincipals(this.db)
      .innerJoin('api_keys as k', 'k.user_id', 'u.id')
      .select(['k.id as key_id', 'k.scopes as key_scopes'])
      .where('k.key_hash', '=', keyHash)
      .where('k.revoked_at', 'is', null)
      .executeTakeFirst();
  }

  /** Gives the key a new secret (same id and name): the old secret stops working at once. Null when not the user's active key. */
  async rotate(
    userId: string,
    keyId: string,
    keyPrefix: string,
    keyHash: string,
    db: Executor = this.db,
  ): Promise<ApiKeyRow | null> {
    const secret = { key_prefix: keyPrefix, key_hash: keyHash, rotated_at: new Date(), last_used_at: null };
    return this.updateActiveKey(userId, keyId, secret, db);
  }

  rename(userId: string, keyId: string, name: string, db: Executor = this.db): Promise<ApiKeyRow | null> {
    return this.updateActiveKey(userId, keyId, { name }, db);
  }

  /** Changes the user's key while it is active: the key after, or null when it is not the user's active key. */
  private async updateActiveKey(
    userId: string,
    keyId: string,
    changes: Updateable<ApiKeys>,
    db: Executor,
  ): Promise<ApiKeyRow | null> {
    const row = await db
      .updateTable('api_keys')
      .set(changes)
      .where('id', '=', keyId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .returning(API_KEY_ROW_COLUMNS)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Records a use; the database keeps at most one write a minute per key (the service writes far less often still). */
  async touch(keyId: string): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ last_used_at: new Date() })
      .where('id', '=', keyId)
      .where((eb) =>
        eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]),
      )
      .execute();
  }
}
