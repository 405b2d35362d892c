import { Inject, Injectable } from '@nestjs/common';
import type { Transaction } from 'kysely';
import { KYSELY, type Database } from '../database/database.module';
import type { DB } from '../database/schema';

/** The user's own rows, deleted when the account closes (each table's `user_id`). */
const USER_TABLES = [
  'password_credentials',
  'oauth_identities',
  'password_reset_tokens',
  'email_verification_tokens',
  'preferences',
  'api_keys',
  'picks',
  'pick_imports',
  'reactions',
  'alert_deliveries',
  'alert_rules',
  'alert_secrets',
  'push_subscriptions',
  'usage_counters',
  'audit_log',
  'session_families',
] as const;

/** The address a closed account keeps: unique, never deliverable (RFC 2606 `.invalid`), and no one's. */
export function closedAccountEmail(userId: string): string {
  return `closed-${userId}@closed.invalid`;
}

/**
 * Closing an account (migration 0023, the privacy policy's "Closing your account"): in one transaction the user's
 * own data is deleted (the credentials and sign-in identities, sessions and their refresh tokens, preferences, API
 * keys, picks, reactions, alert rules and deliveries, push subscriptions, usage counts, and the security activity
 * with its IP addresses), the profile's username is freed, and the users row is anonymised: its address replaced,
 * `closed_at` set. The plan and billing rows stay with the anonymised row, as billing records must.
 */
@Injectable()
export class AccountClosingRepository {
  constructor(@Inject(KYSELY) private readonly db: Database) {}

  transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** False when the account was already closed (a second request of the same closing). */
  async close(userId: string, trx: Transaction<DB>): Promise<boolean> {
    const closed = await trx
      .updateTable('users')
      .set({ email: closedAccountEmail(userId), email_verified_at: null, closed_at: new Date() })
      .where('id', '=', userId)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    if (closed.numUpdatedRows === 0n) return false;
    for (const table of USER_TABLES) await trx.deleteFrom(table).where('user_id', '=', userId).execute();
    await trx.deleteFrom('profiles').where('id', '=', userId).execute();
    return true;
  }
}
