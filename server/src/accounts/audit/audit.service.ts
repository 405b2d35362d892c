import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { Transaction } from 'kysely';
import { AuditLogRepository, type AuditEntry, type AuditLogRow, type DB } from '@oddspulse/core';
import { unmappedAddress, type SecurityActivityEntry } from '@oddspulse/shared';
import { clientAddress } from '../access/client-address';
import type { SecurityActivityQuery } from './audit.dto';

/** Where a request came from, for the audit log: the client address (under TRUST_PROXY) and the browser. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** The address is kept as a person reads it: an IPv4 client of a dual-stack socket is `127.0.0.1`, not `::ffff:127.0.0.1`. */
export function requestOrigin(req: Request): RequestOrigin {
  const agent = req.headers['user-agent'];
  return { ip: unmappedAddress(clientAddress(req)), userAgent: typeof agent === 'string' ? agent.slice(0, 300) : null };
}

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

  /** A page of the user's entries, newest first: `limit` of them, older than the entry `before` when it is given. */
  async recentFor(userId: string, { limit, before }: SecurityActivityQuery): Promise<SecurityActivityEntry[]> {
    return (await this.log.listForUser(userId, limit, before)).map(toEntry);
  }
}

function toEntry(row: AuditLogRow): SecurityActivityEntry {
  return {
    id: String(row.id),
    action: row.action,
    at: row.created_at.toISOString(),
    // entries recorded before addresses were unmapped where they are recorded
    ip: unmappedAddress(row.ip),
    user_agent: row.user_agent,
    details: row.details,
    by_operator: row.actor_id !== null,
  };
}
