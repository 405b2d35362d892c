import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from './schema';

/**
 * The classes of the advisory locks taken on one user's or game's rows or on an alert delivery, each a two-letter tag,
 * so that no two kinds of lock ever share a (class, object) pair: PostgreSQL knows locks by these numbers only.
 */
export const AdvisoryLockClass = {
  /** Adding picks (PicksRepository.lockForAdding), the user's id as the object: 'pk'. */
  picks: 0x706b,
  /** A game's reactions (ReactionsRepository.lockGame), its game key as the object: 'rx'. */
  reactions: 0x7278,
  /** Creating alert rules (AlertsRepository.lockForCreating), the user's id as the object: 'ar'. */
  alertRules: 0x6172,
  /** Creating API keys (ApiKeysRepository.lockForCreating), the user's id as the object: 'ak'. */
  apiKeys: 0x616b,
  /** Sending a user's alert digest (AlertsRepository.claimDigest), the user's id as the object: 'ad'. */
  alertDigest: 0x6164,
  /** Trying a webhook or push alert delivery (AlertsRepository.claimDelivery), the delivery's id as the object: 'dl'. */
  alertDelivery: 0x646c,
} as const;
export type AdvisoryLockClass = keyof typeof AdvisoryLockClass;

/**
 * Holds the lock of `key` in `lockClass` until `trx` ends; `shared` lets other shared holders in and waits only for
 * an exclusive one.
 */
export async function lockUntilCommit(
  trx: Transaction<DB>,
  lockClass: AdvisoryLockClass,
  key: string,
  { shared = false }: { shared?: boolean } = {},
): Promise<void> {
  const id = AdvisoryLockClass[lockClass];
  if (shared) await sql`SELECT pg_advisory_xact_lock_shared(${id}, hashtext(${key}))`.execute(trx);
  else await sql`SELECT pg_advisory_xact_lock(${id}, hashtext(${key}))`.execute(trx);
}

/**
 * Takes the lock of `key` in `lockClass` for the session of `conn` (a Kysely bound to one connection) if no one holds
 * it, without waiting, and answers that session's backend (its pid) if it did, null if not; unlockSession gives it
 * back, or endSession ends the session when that fails. Unlike a transaction's, the statements run meanwhile commit
 * each on its own. PostgreSQL drops it when the session ends, and so when the process holding it dies.
 */
export async function tryLockSession(
  conn: Kysely<DB>,
  lockClass: AdvisoryLockClass,
  key: string,
): Promise<number | null> {
  const { rows } = await sql<{
    locked: boolean;
    pid: number;
  }>`SELECT pg_try_advisory_lock(${AdvisoryLockClass[lockClass]}, hashtext(${key})) AS locked, pg_backend_pid() AS pid`.execute(
    conn,
  );
  return rows[0].locked ? rows[0].pid : null;
}

/** Gives back a lock tryLockSession took on the same connection. */
export async function unlockSession(conn: Kysely<DB>, lockClass: AdvisoryLockClass, key: string): Promise<void> {
  await sql`SELECT pg_advisory_unlock(${AdvisoryLockClass[lockClass]}, hashtext(${key}))`.execute(conn);
}

/**
 * Ends the session of backend `pid` from another connection of `db`, and the session locks it holds with it: for a
 * session whose unlockSession failed. Its connection, back in the pool still open, would otherwise keep the lock for
 * whoever uses that connection next, as long as it lives; ended, the pool drops it.
 */
export async function endSession(db: Kysely<DB>, pid: number): Promise<void> {
  await sql`SELECT pg_terminate_backend(${pid})`.execute(db);
}
