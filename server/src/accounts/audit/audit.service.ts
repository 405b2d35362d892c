import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { Transaction } from 'kysely';
import { AuditLogRepository, type AuditEntry, type AuditLogRow, type DB } from '@oddspulse/core';
import type { SecurityActivityEntry } from '@oddspulse/shared';
import { clientAddress } from '../access/client-address';

/** Where a request came from, for the audit log: the client address (under TRUST_PROXY) and the browser. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

export function requestOrigin(req: Request): RequestOrigin {
  const agent = req.headers['user-agent'];
  return { ip: clientAddress(req), userAgent: typeof agent === 'string' ? agent.slice(0, 300) : null };
}

/** Entries shown on /account ("Recent security activity"). */
export const SECURITY_ACTIVITY_LIMIT = 50;

/**
 * The security audit log: sign-ins, failed sign-ins, password resets, API keys, plan changes and
 * operators' actions. Any domain records through `record`; the user reads their own on /account.
 */
@Injectable()
export class AuditService {
  constructor(private readonly log: AuditLogRepository) {}

  /**
   * Appends one entry. `details` is shown to the user: never a secret, a token or a password. Within `trx`, the entry
   * commits with the change it records, or neither does.
   */
  record(entry: AuditEntry, trx?: Transaction<DB>): Promise<void> {
    return this.log.insert(entry, trx);
  }

  async recentFor(userId: string): Promise<SecurityActivityEntry[]> {
    return (await this.log.listForUser(userId, SECURITY_ACTIVITY_LIMIT)).map(toEntry);
  }
}

function toEntry(row: AuditLogRow): SecurityActivityEntry {
  return {
    id: String(row.id),
    action: row.action,
    at: row.created_at.toISOString(),
    ip: row.ip,
    user_agent: row.user_agent,
    details: row.details,
    by_operator: row.actor_id !== null,
  };
}
