import type { PlanAccess } from '@oddspulse/shared';
import type { RealtimePublisher } from '@oddspulse/core';
import type { PlanService } from '../../accounts/plans/plan.service';
import type { AuthUser } from '../../accounts/auth/auth-user';
import { SocketEntitlements, type EntitlementChange } from './socket-entitlements.service';
import type { UserSocket } from './socket-types';

const platinum: PlanAccess = { plan: 'platinum', unlimited: false };
const gold: PlanAccess = { plan: 'gold', unlimited: false };

function socketOf(via: AuthUser['via'], access: PlanAccess, rooms: string[]): UserSocket {
  const user: AuthUser = {
    id: 'u1',
    email: 'u1@example.com',
    access,
    accessUntil: null,
    via,
    sessionId: null,
    role: null,
  };
  return { data: { user, access }, rooms: new Set(rooms) } as unknown as UserSocket;
}

function setUp(
  sockets: UserSocket[],
  current: { access: PlanAccess; until: Date | null } = { access: gold, until: null },
) {
  const applied: { socket: UserSocket; change: EntitlementChange }[] = [];
  const publisher = { publishOnce: jest.fn(async () => 1) };
  const plans = { current: jest.fn(async () => current) };
  const entitlements = new SocketEntitlements(
    plans as unknown as PlanService,
    publisher as unknown as RealtimePublisher,
  );
  entitlements.attach({ of: async () => sockets, apply: (socket, change) => applied.push({ socket, change }) });
  return { entitlements, applied, publisher, plans };
}

const planChanged = (effective: PlanAccess, effectiveUntil: string | null = null) =>
  JSON.stringify({
    userId: 'u1',
    plan: effective.plan,
    unlimited: effective.unlimited,
    effective,
    effective_until: effectiveUntil,
  });

describe('SocketEntitlements', () => {
  afterEach(() => jest.useRealTimers());

  // spec 001 §6: arbitrage and middles are Platinum's, odds a paid plan's, scores anyone's
  it("takes a downgraded user's sockets out of the rooms the new plan may not hear, and announces it once", async () => {
    const bearer = socketOf('bearer', platinum, [
      'account:u1',
      'arbitrage:basketball_nba',
      'odds:basketball_nba',
      'scores:basketball_nba',
    ]);
    const { entitlements, applied, publisher } = setUp([bearer]);
    entitlements.heardPlanChange(planChanged(gold));
    await new Promise((r) => setImmediate(r));
    expect(applied).toEqual([
      {
        socket: bearer,
        change: { access: gold, until: null, removed: ['arbitrage:basketball_nba'], disconnect: false },
      },
    ]);
    expect(publisher.publishOnce).toHaveBeenCalledWith(
      planChanged(gold),
      expect.objectContaining({
        channel: 'user',
        key: 'u1',
        type: 'plan.changed',
        data: { plan: 'gold', unlimited: false },
      }),
    );
  });

  // DECISIONS 5: a key works for a Platinum owner only, so its socket closes with the plan
  it('closes an API-key socket whose owner lost Platinum, and keeps a signed-in one open', async () => {
    const key = socketOf('api_key', platinum, ['odds:basketball_nba']);
    const bearer = socketOf('bearer', platinum, ['odds:basketball_nba']);
    const { entitlements, applied } = setUp([key, bearer]);
    entitlements.heardPlanChange(planChanged(gold));
    await new Promise((r) => setImmediate(r));
    expect(applied.map(({ change }) => change.disconnect)).toEqual([true, false]);
  });

  it('reads the plan again when a paid period ends, and leaves alone the sockets whose plan it still is', async () => {
    jest.useFakeTimers();
    const renewed = socketOf('bearer', gold, ['odds:basketball_nba']);
    const lapsed = socketOf('bearer', platinum, ['arbitrage:basketball_nba']);
    const { entitlements, applied, plans, publisher } = setUp([renewed, lapsed], { access: gold, until: null });
    entitlements.connected({ ...(lapsed.data.user as AuthUser), accessUntil: new Date(Date.now() + 1000) });
    await jest.advanceTimersByTimeAsync(1000);
    expect(plans.current).toHaveBeenCalledWith('u1');
    expect(applied).toEqual([
      {
        socket: lapsed,
        change: { access: gold, until: null, removed: ['arbitrage:basketball_nba'], disconnect: false },
      },
    ]);
    expect(publisher.publishOnce).toHaveBeenCalledTimes(1);
  });

  it('forgets the lapse with the last socket, so nothing is re-checked for a user who left', async () => {
    jest.useFakeTimers();
    const { entitlements, plans } = setUp([]);
    entitlements.connected({
      ...(socketOf('bearer', platinum, []).data.user as AuthUser),
      accessUntil: new Date(Date.now() + 1000),
    });
    entitlements.lastSocketGone('u1');
    await jest.advanceTimersByTimeAsync(2000);
    expect(plans.current).not.toHaveBeenCalled();
  });
});
