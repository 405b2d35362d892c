import { Inject, Injectable } from '@nestjs/common';
import { sql, type Transaction } from 'kysely';
import { KYSELY, type Database, type Executor } from '../database/database.module';
import type { DB } from '../database/schema';
import { selectPrincipals, type PrincipalRow } from './principals';

type RevokeReason = 'logout' | 'reuse' | 'password_reset';

export interface RefreshTokenRow {
  id: string;
  family_id: string;
  user_id: string;
  expires_at: Date;
  rotated_at: Date | null;
  family_revoked_at: Date | null;
}

/** What an access token's session resolves to: the user, whether the session still stands, and the plan row. */
export interface SessionPrincipalRow extends PrincipalRow {
  revoked_at: Date | null;
}

/** Session families and their rotating refresh tokens. */
@Injectable()
export class SessionsRepository {
  constructor(@Inject(KYSELY) private readonly db: Database) {}

  transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async createFamily(userId: string, db: Executor = this.db): Promise<string> {
    const row = await db
      .insertInto('session_families')
      .values({ user_id: userId, revoked_at: null, revoke_reason: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async insertRefreshToken(
    familyId: string,
    tokenHash: string,
    expiresAt: Date,
    db: Executor = this.db,
  ): Promise<void> {
    await db
      .insertInto('refresh_tokens')
      .values({ family_id: familyId, token_hash: tokenHash, expires_at: expiresAt, rotated_at: null })
      .execute();
  }

  /** Locks the token row so two refreshes of one token are serialised: the second sees it rotated. */
  findRefreshTokenForUpdate(tokenHash: string, trx: Transaction<DB>): Promise<RefreshTokenRow | undefined> {
    return trx
      .selectFrom('refresh_tokens as t')
      .innerJoin('session_families as f', 'f.id', 't.family_id')
      .select(['t.id', 't.family_id', 'f.user_id', 't.expires_at', 't.rotated_at', 'f.revoked_at as family_revoked_at'])
      .where('t.token_hash', '=', tokenHash)
      .forUpdate('t')
      .executeTakeFirst();
  }

  async markRotated(tokenId: string, trx: Transaction<DB>): Promise<void> {
    await trx.updateTable('refresh_tokens').set({ rotated_at: new Date() }).where('id', '=', tokenId).execute();
  }

  async revokeFamily(familyId: string, reason: RevokeReason, db: Executor = this.db): Promise<void> {
    await db
      .updateTable('session_families')
      .set({ revoked_at: new Date(), revoke_reason: reason })
      .where('id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeAllForUser(userId: string, reason: RevokeReason, db: Executor = this.db): Promise<number> {
    const result = await db
      .updateTable('session_families')
      .set({ revoked_at: new Date(), revoke_reason: reason })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  findPrincipal(userId: string, familyId: string): Promise<SessionPrincipalRow | undefined> {
    return selectPrincipals(this.db)
      .innerJoin('session_families as f', 'f.user_id', 'u.id')
      .select('f.revoked_at')
      .where('f.id', '=', familyId)
      .where('f.user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Expired and long-rotated tokens are dead weight; removed when a user signs in again. */
  async deleteExpiredTokens(userId: string): Promise<void> {
    await this.db
      .deleteFrom('refresh_tokens')
      .where('expires_at', '<', sql<Date>`now()`)
      .where('family_id', 'in', (qb) => qb.selectFrom('session_families').select('id').where('user_id', '=', userId))
      .execute();
  }
}
