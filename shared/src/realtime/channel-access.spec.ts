import type { PlanAccess } from '../domain/accounts/entitlements';
import { channelAccess } from './channel-access';
import { REALTIME_CHANNELS } from './channels';

const free: PlanAccess = { plan: 'free', unlimited: false };
const gold: PlanAccess = { plan: 'gold', unlimited: false };
const platinum: PlanAccess = { plan: 'platinum', unlimited: false };
const unlimitedFree: PlanAccess = { plan: 'free', unlimited: true };

describe('channelAccess', () => {
  // DECISIONS 14: scores and reactions are public
  it('lets anyone, signed in or not, hear scores and reactions', () => {
    for (const access of [null, free, gold, platinum]) {
      expect(channelAccess(access, 'scores').allowed).toBe(true);
      expect(channelAccess(access, 'reactions').allowed).toBe(true);
    }
  });

  // spec 001 §6: live odds and props need Gold or Platinum; ev too
  it('needs Gold or Platinum for odds, props and ev', () => {
    for (const channel of ['odds', 'props', 'ev'] as const) {
      expect(channelAccess(null, channel)).toEqual({
        allowed: false,
        code: 'AUTH_REQUIRED',
        message: 'Authentication required',
      });
      expect(channelAccess(free, channel)).toEqual({
        allowed: false,
        code: 'SUBSCRIPTION_REQUIRED',
        message: 'Subscription required for API access',
      });
      expect(channelAccess(gold, channel).allowed).toBe(true);
      expect(channelAccess(platinum, channel).allowed).toBe(true);
    }
  });

  // spec 001 §6: arbitrage and middles are Platinum, and steam with them (DECISIONS 34); spec 000 §6: unlimited passes any guard
  it('needs Platinum (or unlimited) for arbitrage, middles and steam', () => {
    for (const channel of ['arbitrage', 'middles', 'steam'] as const) {
      expect(channelAccess(null, channel).allowed).toBe(false);
      expect(channelAccess(free, channel)).toMatchObject({
        code: 'PLATINUM_REQUIRED',
        message: 'This feature requires a Platinum subscription.',
      });
      expect(channelAccess(gold, channel)).toMatchObject({ code: 'PLATINUM_REQUIRED' });
      expect(channelAccess(platinum, channel).allowed).toBe(true);
      expect(channelAccess(unlimitedFree, channel).allowed).toBe(true);
    }
  });

  it('keeps the user channel for signed-in sockets', () => {
    expect(channelAccess(null, 'user')).toMatchObject({ allowed: false, code: 'AUTH_REQUIRED' });
    expect(channelAccess(free, 'user').allowed).toBe(true);
  });

  // The operations overview goes by role, never by plan.
  it('keeps the ops channel for operations staff, whatever their plan', () => {
    expect(channelAccess(null, 'ops', 'ops')).toMatchObject({ allowed: false, code: 'AUTH_REQUIRED' });
    expect(channelAccess(platinum, 'ops')).toEqual({
      allowed: false,
      code: 'OPS_REQUIRED',
      message: 'This is for operations staff only.',
    });
    expect(channelAccess(unlimitedFree, 'ops', null)).toMatchObject({ allowed: false, code: 'OPS_REQUIRED' });
    expect(channelAccess(free, 'ops', 'ops').allowed).toBe(true);
    expect(channelAccess(free, 'ops', 'ops_viewer').allowed).toBe(true);
  });

  it('decides every channel', () => {
    for (const channel of REALTIME_CHANNELS) expect(typeof channelAccess(platinum, channel).allowed).toBe('boolean');
  });
});
