import { Injectable } from '@nestjs/common';
import { accessLapsesAt, effectivePlan, hasPlatinum } from '@oddspulse/shared';
import type { AuthUser } from './auth-user';
import { randomToken, sha256 } from './crypto';
import { AccountErrors } from './http-errors';
import { ApiKeysRepository, type ApiKeyRow } from './api-keys.repository';

export const API_KEY_PREFIX = 'op_';
export const MAX_ACTIVE_API_KEYS = 10;

export interface ApiKeyResponse {
  id: string;
  name: string;
  /** The first characters of the key, to tell keys apart; the key itself is shown once, at creation. */
  prefix: string;
  created_at: string;
  last_used_at: string | null;
}

/** Platinum personal API keys (DECISIONS 5), accepted as the `x-api-key` header. */
@Injectable()
export class ApiKeyService {
  constructor(private readonly keys: ApiKeysRepository) {}

  async create(user: AuthUser, rawName: unknown): Promise<ApiKeyResponse & { key: string }> {
    if (!hasPlatinum(user.access)) throw AccountErrors.platinumRequired();
    const name = typeof rawName === 'string' ? rawName.trim() : '';
    if (!name || name.length > 60) throw AccountErrors.validation('API key name must be 1–60 characters');
    if ((await this.keys.countActive(user.id)) >= MAX_ACTIVE_API_KEYS) {
      throw AccountErrors.validation(`You can have at most ${MAX_ACTIVE_API_KEYS} active API keys; revoke one first`, 'API_KEY_LIMIT');
    }
    const key = `${API_KEY_PREFIX}${randomToken()}`;
    const row = await this.keys.create(user.id, name, key.slice(0, 10), sha256(key));
    return { ...toResponse(row), key };
  }

  async list(userId: string): Promise<ApiKeyResponse[]> {
    return (await this.keys.listActive(userId)).map(toResponse);
  }

  revoke(userId: string, keyId: string): Promise<boolean> {
    return this.keys.revoke(userId, keyId);
  }

  /**
   * The user behind an active key, with the plan in force now; null for an unknown or revoked key. The
   * caller decides what the plan allows (the HTTP guard and the socket gateway both require Platinum).
   */
  async authenticate(key: string): Promise<AuthUser | null> {
    if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return null;
    const row = await this.keys.findActiveOwner(sha256(key));
    if (!row) return null;
    await this.keys.touch(row.key_id);
    const state = row.plan && row.status ? { plan: row.plan, status: row.status, current_period_end: row.current_period_end, unlimited: row.unlimited ?? false } : null;
    const now = new Date();
    return { id: row.user_id, email: row.email, access: effectivePlan(state, now), accessUntil: accessLapsesAt(state, now), via: 'api_key', sessionId: null };
  }
}

function toResponse(row: ApiKeyRow): ApiKeyResponse {
  return {
    id: row.id,
    name: row.name,
    prefix: row.key_prefix,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}
