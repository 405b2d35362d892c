import { AccountMessages } from '../domain/accounts/accounts';
import {
  canUseLiveFeed,
  hasPaidPlan,
  LIVE_FEEDS,
  type LiveFeed,
  type PlanAccess,
} from '../domain/accounts/entitlements';
import { canViewOps, OpsMessages, type OpsRole } from '../ops/ops-roles';
import { RealtimeChannel } from './channels';

/**
 * Who may listen to which realtime channel (DECISIONS 14): scores and reactions are public; odds,
 * props and ev need Gold or Platinum; arbitrage, middles and steam need Platinum; `user` is the signed-in user's own.
 * Built on the accounts rules (`canUseLiveFeed`); `ev` and `user` are the two channels those rules do not name.
 * `ops` goes by role, not plan: operations staff signed in with a session, never an API key (whose
 * user carries no role).
 */
export type ChannelRefusalCode = 'AUTH_REQUIRED' | 'SUBSCRIPTION_REQUIRED' | 'PLATINUM_REQUIRED' | 'OPS_REQUIRED';

export type ChannelAccessDecision = { allowed: true } | { allowed: false; code: ChannelRefusalCode; message: string };

const ALLOWED: ChannelAccessDecision = { allowed: true };

function refusal(code: ChannelRefusalCode): ChannelAccessDecision {
  const message = {
    AUTH_REQUIRED: AccountMessages.authenticationRequired,
    SUBSCRIPTION_REQUIRED: AccountMessages.subscriptionRequired,
    PLATINUM_REQUIRED: AccountMessages.platinumRequired,
    OPS_REQUIRED: OpsMessages.opsRequired,
  }[code];
  return { allowed: false, code, message };
}

function isLiveFeed(channel: RealtimeChannel): channel is LiveFeed {
  return (LIVE_FEEDS as readonly string[]).includes(channel);
}

/** `access` is null for an anonymous socket; `role` is the signed-in user's operations role, if any. */
export function channelAccess(
  access: PlanAccess | null,
  channel: RealtimeChannel,
  role: OpsRole | null = null,
): ChannelAccessDecision {
  if (channel === RealtimeChannel.Ops) {
    if (!access) return refusal('AUTH_REQUIRED');
    return canViewOps(role) ? ALLOWED : refusal('OPS_REQUIRED');
  }
  if (channel === RealtimeChannel.User) return access ? ALLOWED : refusal('AUTH_REQUIRED');
  if (channel === RealtimeChannel.Ev) {
    if (!access) return refusal('AUTH_REQUIRED');
    return hasPaidPlan(access) ? ALLOWED : refusal('SUBSCRIPTION_REQUIRED');
  }
  if (!isLiveFeed(channel)) return refusal('AUTH_REQUIRED');
  if (canUseLiveFeed(access, channel)) return ALLOWED;
  if (!access) return refusal('AUTH_REQUIRED');
  const platinumFeed =
    channel === RealtimeChannel.Arbitrage || channel === RealtimeChannel.Middles || channel === RealtimeChannel.Steam;
  return refusal(platinumFeed ? 'PLATINUM_REQUIRED' : 'SUBSCRIPTION_REQUIRED');
}
