import {
  parseConfig,
  PlanChanges,
  PrincipalChanges,
  RealtimeBus,
  type AuditLogRepository,
  type RedisService,
  type PlanRepository,
  type UsageRepository,
} from '@oddspulse/core';
import { PlanService, usagePeriod } from './plan.service';

function setUp(state: object | undefined, calls = 0, quota = '250') {
  const plans = { find: jest.fn().mockResolvedValue(state), upsert: jest.fn() };
  const usage = { calls: jest.fn().mockResolvedValue(calls), incrementBelow: jest.fn() };
  const redis = {
    key: (...parts: string[]) => ['pfx', ...parts].join(':'),
    client: { publish: jest.fn<Promise<number>, [string, string]>() },
  };
  const audit = { insert: jest.fn() };
  const bus = new RealtimeBus(redis as unknown as RedisService);
  const principals = new PrincipalChanges(bus);
  const service = new PlanService(
    plans as unknown as PlanRepository,
    usage as unknown as UsageRepository,
    new PlanChanges(plans as unknown as PlanRepository, bus, audit as unknown as AuditLogRepository, principals),
    parseConfig({ FREE_MONTHLY_QUOTA: quota }),
  );
  return { service, plans, usage, redis, audit, principals };
}

const row = (over: object) => ({
  user_id: 'u1',
  plan: 'free',
  status: 'active',
  current_period_end: null,
  is_gifted: false,
  cancel_at_period_end: false,
  unlimited: false,
  updated_at: new Date(),
  ...over,
});

// spec 000 §3 plan info from /api/me; DECISIONS 2 (only free is metered, configurable quota).
describe('PlanService.me', () => {
  it('gives a new user the free plan with the full quota', async () => {
    const { service } = setUp(undefined);
    expect(await service.me({ id: 'u1', email: 'a@example.com', role: null })).toMatchObject({
      plan: 'free',
      limit: 250,
      used: 0,
      remaining: 250,
      unlimited: false,
      metered: true,
      is_gifted: false,
      subscription_end_date: null,
    });
  });

  it('uses the configured quota and never goes below zero remaining', async () => {
    const { service } = setUp(row({}), 120, '100');
    expect(await service.me({ id: 'u1', email: 'a@example.com', role: null })).toMatchObject({
      limit: 100,
      used: 120,
      remaining: 0,
    });
  });

  it('shows a lapsed gift as free', async () => {
    const { service } = setUp(
      row({ plan: 'platinum', is_gifted: true, current_period_end: new Date(Date.now() - 1000) }),
    );
    expect(await service.me({ id: 'u1', email: 'a@example.com', role: null })).toMatchObject({
      plan: 'free',
      is_gifted: false,
      limit: 250,
    });
  });
});

describe('PlanService.meter', () => {
  it('reports the count, or the stored count and quota once refused', async () => {
    const { service, usage } = setUp(undefined, 250);
    usage.incrementBelow.mockResolvedValueOnce(17);
    expect(await service.meter('u1')).toEqual({ allowed: true, used: 17, quota: 250, period: expect.any(String) });
    expect(usage.incrementBelow).toHaveBeenCalledWith('u1', usagePeriod(), 250);
    usage.incrementBelow.mockResolvedValueOnce(null);
    expect(await service.meter('u1')).toEqual({ allowed: false, used: 250, quota: 250, period: expect.any(String) });
  });
});

describe('PlanService.changePlan', () => {
  it('publishes every change on the prefixed plan-changed channel', async () => {
    const { service, plans, redis } = setUp(undefined);
    plans.upsert.mockResolvedValueOnce(row({ plan: 'gold', status: 'canceled' }));
    expect(await service.changePlan('u1', { status: 'canceled' })).toEqual({ plan: 'free', unlimited: false });
    const [, message] = redis.client.publish.mock.calls.find(([channel]) => channel === 'pfx:accounts:plan-changed')!;
    expect(JSON.parse(message)).toEqual({
      id: expect.any(String),
      userId: 'u1',
      plan: 'gold',
      unlimited: false,
      effective: { plan: 'free', unlimited: false },
      effective_until: null,
    });
  });

  // Plan changes are in the user's security activity, with the operator when one made them.
  it('writes every change to the audit log', async () => {
    const { service, plans, audit } = setUp(undefined);
    plans.upsert.mockResolvedValueOnce(row({ plan: 'platinum', is_gifted: true }));
    await service.changePlan('u1', { plan: 'platinum', is_gifted: true }, { actorId: 'ops-1', reason: 'gift' });
    expect(audit.insert).toHaveBeenCalledWith({
      userId: 'u1',
      actorId: 'ops-1',
      action: 'plan.changed',
      details: { plan: 'platinum', status: 'active', effective: 'platinum', reason: 'gift' },
    });
  });

  // DECISIONS 4: the gateway times a gifted month's end from the message
  it('says when the new plan lapses by itself', async () => {
    const { service, plans, redis } = setUp(undefined);
    const end = new Date(Date.now() + 86_400_000);
    plans.upsert.mockResolvedValueOnce(row({ plan: 'platinum', is_gifted: true, current_period_end: end }));
    await service.changePlan('u1', { plan: 'platinum', is_gifted: true, current_period_end: end });
    const [, message] = redis.client.publish.mock.calls.find(([channel]) => channel === 'pfx:accounts:plan-changed')!;
    expect(JSON.parse(message)).toMatchObject({ effective: { plan: 'platinum' }, effective_until: end.toISOString() });
  });

  // The servers' principal caches drop the user's principals on every plan change.
  it('announces the user as changed, to this process first and then on the principal-changed channel', async () => {
    const { service, plans, redis, principals } = setUp(undefined);
    const heard: string[] = [];
    principals.onAnnounced((userId) =>
      heard.push(`${userId} after ${redis.client.publish.mock.calls.length} publishes`),
    );
    plans.upsert.mockResolvedValueOnce(row({ plan: 'gold' }));
    await service.changePlan('u1', { plan: 'gold' });
    expect(heard).toEqual(['u1 after 0 publishes']);
    expect(redis.client.publish).toHaveBeenCalledWith('pfx:accounts:principal-changed', 'u1');
  });
});

describe('usagePeriod', () => {
  it('is the first day of the calendar month in UTC', () => {
    expect(usagePeriod(new Date('2026-03-31T23:59:59Z'))).toBe('2026-03-01');
    expect(usagePeriod(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12-01');
  });
});
