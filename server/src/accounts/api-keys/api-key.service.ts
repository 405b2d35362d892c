import { Injectable } from '@nestjs/common';
import {
  AuditActions,
  currentAccess,
  hasPlatinum,
  MAX_ACTIVE_API_KEYS,
  type ApiKeyScope,
  type ApiKeySummary,
  type ApiKeyWithSecret,
} from '@oddspulse/shared';
import type { AuthUser } from '../auth/auth-user';
import { randomToken, sha256 } from '../auth/crypto';
import { ApiErrors } from '../../errors/api-errors';
import { ApiKeysRepository, PrincipalChanges, type ApiKeyOwnerRow, type ApiKeyRow } from '@oddspulse/core';
import { AuditService, type RequestOrigin } from '../audit/audit.service';
import { PrincipalCache } from '../auth/principal-cache';

export const API_KEY_PREFIX = 'op_';
/** Last use is written at most this often per key and process: a busy key costs no write per request. */
export const API_KEY_TOUCH_INTERVAL_MS = 60_000;
/** Keys remembered for that throttle; beyond it the memory starts over (a write each, once). */
const TOUCHED_KEYS_REMEMBERED = 10_000;

const notFound = () => ApiErrors.notFound('API key not found', 'API_KEY_NOT_FOUND');

/**
 * Platinum personal API keys (DECISIONS 5), accepted as the `x-api-key` header on the read routes marked
 * @AcceptsApiKey and on the streaming socket. Stored as a SHA-256; the secret is shown once.
 */
@Injectable()
export class ApiKeyService {
  private readonly touchedAt = new Map<string, number>();

  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly audit: AuditService,
    private readonly principals: PrincipalCache,
    private readonly changes: PrincipalChanges,
  ) {}

  async create(
    user: AuthUser,
    { name, scopes }: { name: string; scopes: ApiKeyScope[] },
    origin: RequestOrigin,
  ): Promise<ApiKeyWithSecret> {
    if (!hasPlatinum(user.access)) throw ApiErrors.platinumRequired();
    const key = newKey();
    const row = await this.keys.transaction(async (trx) => {
      if ((await this.keys.lockForCreating(user.id, trx)) >= MAX_ACTIVE_API_KEYS) {
        throw ApiErrors.validation(
          `You can have at most ${MAX_ACTIVE_API_KEYS} active API keys; revoke one first`,
          'API_KEY_LIMIT',
        );
      }
      const created = await this.keys.create(
        user.id,
        { name, keyPrefix: key.slice(0, 10), keyHash: sha256(key), scopes },
        trx,
      );
      await this.audit.record(
        {
          userId: user.id,
          action: AuditActions.apiKeyCreated,
          ...origin,
          details: { name, prefix: created.key_prefix, scopes },
        },
        trx,
      );
      return created;
    });
    return { ...toSummary(row), key };
  }

  async list(userId: string): Promise<ApiKeySummary[]> {
    return (await this.keys.listActive(userId)).map(toSummary);
  }

  async rename(userId: string, keyId: string, name: string, origin: RequestOrigin): Promise<ApiKeySummary> {
    const row = await this.keys.transaction(async (trx) => {
      const renamed = await this.keys.rename(userId, keyId, name, trx);
      if (!renamed) throw notFound();
      await this.audit.record(
        { userId, action: AuditActions.apiKeyRenamed, ...origin, details: { name, prefix: renamed.key_prefix } },
        trx,
      );
      return renamed;
    });
    return toSummary(row);
  }

  /** A new secret for the same key (name and id kept); the old secret stops working at once. */
  async rotate(user: AuthUser, keyId: string, origin: RequestOrigin): Promise<ApiKeyWithSecret> {
    if (!hasPlatinum(user.access)) throw ApiErrors.platinumRequired();
    const key = newKey();
    const row = await this.keys.transaction(async (trx) => {
      const rotated = await this.keys.rotate(user.id, keyId, key.slice(0, 10), sha256(key), trx);
      if (!rotated) throw notFound();
      await this.audit.record(
        {
          userId: user.id,
          action: AuditActions.apiKeyRotated,
          ...origin,
          details: { name: rotated.name, prefix: rotated.key_prefix },
        },
        trx,
      );
      return rotated;
    });
    this.touchedAt.delete(keyId);
    await this.changes.announce(user.id);
    return { ...toSummary(row), key };
  }

  async revoke(userId: string, keyId: string, origin: RequestOrigin): Promise<void> {
    await this.keys.transaction(async (trx) => {
      const name = await this.keys.revoke(userId, keyId, trx);
      if (name === null) throw notFound();
      await this.audit.record({ userId, action: AuditActions.apiKeyRevoked, ...origin, details: { name } }, trx);
    });
    this.touchedAt.delete(keyId);
    await this.changes.announce(userId);
  }

  /**
   * The user behind an active key, with the plan in force now; null for an unknown or revoked key. The
   * caller decides what the plan allows (the HTTP guard and the socket gateway both require Platinum). The owner's
   * rows come from PrincipalCache, which revoking or rotating a key, or a plan change, empties.
   */
  authenticate(key: string): Promise<AuthUser | null> {
    return this.userOf(key, (keyHash) => this.principals.apiKeyOwner(keyHash));
  }

  /**
   * authenticate, read past PrincipalCache: for an open stream re-checking its key on hearing that its owner's
   * principal changed, which this process's cache may not have dropped yet (both hear the same announcement).
   */
  authenticateNow(key: string): Promise<AuthUser | null> {
    return this.userOf(key, (keyHash) => this.keys.findActiveOwner(keyHash));
  }

  private async userOf(
    key: string,
    ownerOf: (keyHash: string) => Promise<ApiKeyOwnerRow | undefined>,
  ): Promise<AuthUser | null> {
    if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return null;
    const row = await ownerOf(sha256(key));
    if (!row) return null;
    await this.recordUse(row.key_id);
    const { access, until } = currentAccess(row);
    return {
      id: row.user_id,
      email: row.email,
      access,
      accessUntil: until,
      via: 'api_key',
      sessionId: null,
      apiKeyId: row.key_id,
      apiKeyScopes: row.key_scopes,
      // A key is for data, never for operations: it carries no role whoever owns it.
      role: null,
    };
  }

  /** Whether the key with this hash is still active, read past PrincipalCache (a revoked or rotated key is not). */
  async keyStands(keyHash: string): Promise<boolean> {
    return (await this.keys.findActiveOwner(keyHash)) !== undefined;
  }

  private async recordUse(keyId: string): Promise<void> {
    const now = Date.now();
    if (now - (this.touchedAt.get(keyId) ?? 0) < API_KEY_TOUCH_INTERVAL_MS) return;
    if (this.touchedAt.size >= TOUCHED_KEYS_REMEMBERED) this.touchedAt.clear();
    this.touchedAt.set(keyId, now);
    await this.keys.touch(keyId);
  }
}

function newKey(): string {
  return `${API_KEY_PREFIX}${randomToken()}`;
}

function toSummary(row: ApiKeyRow): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.key_prefix,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    scopes: row.scopes,
  };
}
