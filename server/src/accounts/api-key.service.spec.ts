import { sha256 } from './crypto';
import { ApiKeyService, MAX_ACTIVE_API_KEYS } from './api-key.service';
import type { ApiKeysRepository } from './api-keys.repository';
import type { AuthUser } from './auth-user';

const user = (plan: 'free' | 'gold' | 'platinum'): AuthUser => ({ id: 'u1', email: 'a@example.com', access: { plan, unlimited: false }, accessUntil: null, via: 'bearer', sessionId: 's1' });

function setUp(active = 0) {
  const repo = {
    countActive: jest.fn().mockResolvedValue(active),
    create: jest.fn(async (_u: string, name: string, prefix: string) => ({ id: 'k1', name, key_prefix: prefix, created_at: new Date('2026-11-01T00:00:00Z'), last_used_at: null })),
    findActiveOwner: jest.fn(),
    touch: jest.fn(),
  };
  return { service: new ApiKeyService(repo as unknown as ApiKeysRepository), repo };
}

// DECISIONS 5: Platinum personal API keys, stored hashed.
describe('ApiKeyService', () => {
  it('creates a key for Platinum, storing only its hash and showing it once', async () => {
    const { service, repo } = setUp();
    const created = await service.create(user('platinum'), '  trading bot ');
    expect(created).toMatchObject({ id: 'k1', name: 'trading bot', prefix: created.key.slice(0, 10), last_used_at: null });
    expect(repo.create).toHaveBeenCalledWith('u1', 'trading bot', created.key.slice(0, 10), sha256(created.key));
  });

  it('refuses other plans, empty names and more than the maximum of active keys', async () => {
    await expect(setUp().service.create(user('gold'), 'x')).rejects.toMatchObject({ status: 403 });
    await expect(setUp().service.create(user('platinum'), ' ')).rejects.toMatchObject({ status: 400 });
    await expect(setUp(MAX_ACTIVE_API_KEYS).service.create(user('platinum'), 'one more')).rejects.toMatchObject({ response: { code: 'API_KEY_LIMIT' } });
  });

  it('looks keys up by hash, and not at all when the shape is wrong', async () => {
    const { service, repo } = setUp();
    expect(await service.authenticate('not-a-key')).toBeNull();
    expect(repo.findActiveOwner).not.toHaveBeenCalled();
    repo.findActiveOwner.mockResolvedValueOnce({ key_id: 'k1', user_id: 'u1', email: 'a@example.com', plan: 'platinum', status: 'active', current_period_end: null, unlimited: false });
    expect(await service.authenticate('op_abc')).toEqual({ id: 'u1', email: 'a@example.com', access: { plan: 'platinum', unlimited: false }, accessUntil: null, via: 'api_key', sessionId: null });
    expect(repo.findActiveOwner).toHaveBeenCalledWith(sha256('op_abc'));
    expect(repo.touch).toHaveBeenCalledWith('k1');
  });
});
