import { MAX_ACTIVE_API_KEYS } from '@oddspulse/shared';
import { PrincipalChanges, type ApiKeysRepository, type RealtimeBus, type SessionsRepository } from '@oddspulse/core';
import { PrincipalCache } from '../auth/principal-cache';
import { sha256 } from '../auth/crypto';
import { API_KEY_TOUCH_INTERVAL_MS, ApiKeyService } from './api-key.service';
import { apiKeyCreateSchema, apiKeyNameSchema } from './api-keys.dto';
import type { AuthUser } from '../auth/auth-user';
import type { AuditService } from '../audit/audit.service';

const user = (plan: 'free' | 'gold' | 'platinum'): AuthUser => ({
  id: 'u1',
  email: 'a@example.com',
  access: { plan, unlimited: false },
  accessUntil: null,
  via: 'bearer',
  sessionId: 's1',
  role: null,
});
const origin = { ip: '192.0.2.1', userAgent: 'jest' };
const keyRow = (over: object = {}) => ({
  id: 'k1',
  name: 'bot',
  key_prefix: 'op_abcdefg',
  created_at: new Date('2026-11-01T00:00:00Z'),
  last_used_at: null,
  scopes: ['read'],
  ...over,
});

function setUp(active = 0) {
  const trx = { transaction: 'the one transaction' };
  const repo = {
    // the key's change and its audit record go through one transaction
    transaction: jest.fn(async <T>(work: (t: typeof trx) => Promise<T>) => work(trx)),
    lockForCreating: jest.fn().mockResolvedValue(active),
    create: jest.fn(async (_u: string, key: { name: string; keyPrefix: string; scopes: string[] }) =>
      keyRow({ name: key.name, key_prefix: key.keyPrefix, scopes: key.scopes }),
    ),
    rotate: jest.fn(async (_u: string, _id: string, prefix: string) => keyRow({ key_prefix: prefix })),
    rename: jest.fn(async (_u: string, _id: string, name: string) => keyRow({ name })),
    revoke: jest.fn().mockResolvedValue('bot'),
    findActiveOwner: jest.fn().mockResolvedValue({
      key_id: 'k1',
      key_scopes: ['read', 'picks:write'],
      user_id: 'u1',
      email: 'a@example.com',
      plan: 'platinum',
      status: 'active',
      current_period_end: null,
      cancel_at_period_end: false,
      is_gifted: false,
      unlimited: false,
    }),
    touch: jest.fn(),
  };
  const audit = { record: jest.fn() };
  const bus = { publishControl: jest.fn() } as unknown as RealtimeBus;
  const changes = new PrincipalChanges(bus);
  const announced: string[] = [];
  changes.onAnnounced((userId) => announced.push(userId));
  // not started (onModuleInit): no bus heard, so every lookup reads the repository
  const principals = new PrincipalCache({} as SessionsRepository, repo as unknown as ApiKeysRepository, changes, bus);
  const service = new ApiKeyService(
    repo as unknown as ApiKeysRepository,
    audit as unknown as AuditService,
    principals,
    changes,
  );
  return { service, repo, audit, announced, trx };
}

// DECISIONS 5: Platinum personal API keys, stored hashed; named, rotated, revoked, audited, last use.
describe('ApiKeyService', () => {
  it('creates a key for Platinum, storing only its hash, showing it once and recording it', async () => {
    const { service, repo, audit, trx } = setUp();
    const scopes = ['read', 'picks:write'] as const;
    const created = await service.create(user('platinum'), { name: 'trading bot', scopes: [...scopes] }, origin);
    expect(created).toMatchObject({
      id: 'k1',
      name: 'trading bot',
      prefix: created.key.slice(0, 10),
      last_used_at: null,
      scopes,
    });
    expect(created.key).toMatch(/^op_[\w-]{43}$/);
    expect(repo.create).toHaveBeenCalledWith(
      'u1',
      { name: 'trading bot', keyPrefix: created.key.slice(0, 10), keyHash: sha256(created.key), scopes },
      trx,
    );
    expect(audit.record).toHaveBeenCalledWith(
      {
        userId: 'u1',
        action: 'api_key.created',
        ...origin,
        details: { name: 'trading bot', prefix: created.prefix, scopes },
      },
      trx,
    );
    expect(JSON.stringify(audit.record.mock.calls)).not.toContain(created.key);
  });

  it('refuses other plans and more than the maximum of active keys', async () => {
    const read = { scopes: ['read' as const] };
    await expect(setUp().service.create(user('gold'), { name: 'x', ...read }, origin)).rejects.toMatchObject({
      status: 403,
    });
    const full = setUp(MAX_ACTIVE_API_KEYS);
    await expect(full.service.create(user('platinum'), { name: 'one more', ...read }, origin)).rejects.toMatchObject({
      response: { code: 'API_KEY_LIMIT' },
    });
    // counted under the user's lock, in the transaction that would add the key
    expect(full.repo.lockForCreating).toHaveBeenCalledWith('u1', full.trx);
    expect(full.repo.create).not.toHaveBeenCalled();
  });

  it('names keys 1–60 characters, trimmed', () => {
    expect(apiKeyNameSchema.parse({ name: '  trading bot ' })).toEqual({ name: 'trading bot' });
    for (const name of ['  ', 'x'.repeat(61), 42, undefined])
      expect(apiKeyNameSchema.safeParse({ name }).success).toBe(false);
  });

  it('scopes a new key: read when none is chosen, read always among them, nothing unknown', () => {
    expect(apiKeyCreateSchema.parse({ name: 'bot' })).toEqual({ name: 'bot', scopes: ['read'] });
    expect(apiKeyCreateSchema.parse({ name: 'bot', scopes: ['picks:write'] }).scopes).toEqual(['read', 'picks:write']);
    expect(apiKeyCreateSchema.parse({ name: 'bot', scopes: ['picks:write', 'read', 'read'] }).scopes).toEqual([
      'read',
      'picks:write',
    ]);
    for (const scopes of [['admin'], 'read', [42], null])
      expect(apiKeyCreateSchema.safeParse({ name: 'bot', scopes }).success).toBe(false);
  });

  it('rotates to a new secret for the same key, and 404s a key that is not the user’s', async () => {
    const { service, repo, audit, announced, trx } = setUp();
    const rotated = await service.rotate(user('platinum'), 'k1', origin);
    expect(repo.rotate).toHaveBeenCalledWith('u1', 'k1', rotated.key.slice(0, 10), sha256(rotated.key), trx);
    expect(audit.record).toHaveBeenCalledWith(expect.objectContaining({ action: 'api_key.rotated' }), trx);
    repo.rotate.mockResolvedValueOnce(null as never);
    await expect(service.rotate(user('platinum'), 'k2', origin)).rejects.toMatchObject({
      response: { code: 'API_KEY_NOT_FOUND' },
    });
    repo.revoke.mockResolvedValueOnce(null);
    await expect(service.revoke('u1', 'k2', origin)).rejects.toMatchObject({ status: 404 });
    await service.revoke('u1', 'k1', origin);
    expect(audit.record).toHaveBeenLastCalledWith(
      { userId: 'u1', action: 'api_key.revoked', ...origin, details: { name: 'bot' } },
      trx,
    );
    // Each server process drops the owner's cached keys, so the old secret stops working everywhere at once
    expect(announced).toEqual(['u1', 'u1']);
  });

  it('looks keys up by hash, and not at all when the shape is wrong', async () => {
    const { service, repo } = setUp();
    expect(await service.authenticate('not-a-key')).toBeNull();
    expect(repo.findActiveOwner).not.toHaveBeenCalled();
    expect(await service.authenticate('op_abc')).toEqual({
      id: 'u1',
      email: 'a@example.com',
      access: { plan: 'platinum', unlimited: false },
      accessUntil: null,
      via: 'api_key',
      sessionId: null,
      apiKeyId: 'k1',
      apiKeyScopes: ['read', 'picks:write'],
      // A key never carries an operations role, whoever owns it
      role: null,
    });
    expect(repo.findActiveOwner).toHaveBeenCalledWith(sha256('op_abc'));
  });

  it('records last use at most once a minute per key, not a write per request', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    try {
      const { service, repo } = setUp();
      for (let i = 0; i < 5; i++) await service.authenticate('op_abc');
      expect(repo.touch).toHaveBeenCalledTimes(1);
      now.mockReturnValue(1_000_000 + API_KEY_TOUCH_INTERVAL_MS);
      await service.authenticate('op_abc');
      expect(repo.touch).toHaveBeenCalledTimes(2);
    } finally {
      now.mockRestore();
    }
  });
});
