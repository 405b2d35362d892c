import { Inject, Injectable } from '@nestjs/common';
import { KYSELY, type Database, type Executor } from '../database/database.module';

export interface AuditEntry {
  /** The account the event concerns; null for an event of no account. */
  userId: string | null;
  /** What happened, `domain.event` in lower case (`auth.sign_in`, `api_key.created`, `billing.plan_changed`). */
  action: string;
  /** Who acted when it was not the user (an operator); omitted when the user or the system did. */
  actorId?: string | null;
  /** The client address and browser, when a request caused it. */
  ip?: string | null;
  userAgent?: string | null;
  /** What the user may be shown about it: never a secret, a token or a password. */
  details?: Record<string, unknown>;
}

export interface AuditLogRow {
  id: number;
  action: string;
  ip: string | null;
  user_agent: string | null;
  details: Record<string, unknown>;
  actor_id: string | null;
  created_at: Date;
}

/** The append-only security history of 0008_security.sql. */
@Injectable()
export class AuditLogRepository {
  constructor(@Inject(KYSELY) private readonly db: Database) {}

  async insert(entry: AuditEntry, db: Executor = this.db): Promise<void> {
    await db
      .insertInto('audit_log')
      .values({
        user_id: entry.userId,
        actor_id: entry.actorId ?? null,
        action: entry.action,
        ip: entry.ip ?? null,
        user_agent: entry.userAgent ?? null,
        details: JSON.stringify(entry.details ?? {}),
      })
      .execute();
  }

  /** The user's newest entries first; with `before` (an entry's id), the entries older than that one. */
  listForUser(userId: string, limit: number, before?: number): Promise<AuditLogRow[]> {
    let query = this.db
      .selectFrom('audit_log')
      .select(['id', 'action', 'ip', 'user_agent', 'details', 'actor_id', 'created_at'])
      .where('user_id', '=', userId);
    if (before !== undefined)
      query = query.where((eb) =>
        eb(
          eb.refTuple('created_at', 'id'),
          '<',
          eb
            .selectFrom('audit_log as anchor')
            .select(['anchor.created_at', 'anchor.id'])
            .where('anchor.id', '=', before)
            .where('anchor.user_id', '=', userId)
            .$asTuple('created_at', 'id'),
        ),
      );
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }
}
