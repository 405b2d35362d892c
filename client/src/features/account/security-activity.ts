import { AuditActions, type SecurityActivityEntry } from '@oddspulse/shared';
import { formatBillingDate } from '../billing';

const LABELS = new Map<string, string>(
  Object.entries({
    [AuditActions.signedUp]: 'Account created',
    [AuditActions.signedIn]: 'Signed in',
    [AuditActions.signInFailed]: 'Failed sign-in (wrong password)',
    [AuditActions.signedOutEverywhere]: 'Signed out everywhere',
    [AuditActions.passwordResetRequested]: 'Password reset requested',
    [AuditActions.passwordReset]: 'Password changed with a reset link',
    [AuditActions.sessionEndedOnTokenReuse]: 'A session was ended: an old sign-in token was used again',
    [AuditActions.apiKeyCreated]: 'API key created',
    [AuditActions.apiKeyRenamed]: 'API key renamed',
    [AuditActions.apiKeyRotated]: 'API key rotated',
    [AuditActions.apiKeyRevoked]: 'API key revoked',
    [AuditActions.planChanged]: 'Plan changed',
    [AuditActions.subscriptionCancelled]: 'Subscription cancelled',
    [AuditActions.subscriptionResumed]: 'Subscription resumed',
  }),
);

const PLAN_NAMES = new Map<string, string>(Object.entries({ free: 'Free', gold: 'Gold', platinum: 'Platinum' }));

/** A readable line for an entry: what happened, and the detail that tells it apart (the key's name, the plan). */
export function activityLabel(entry: Pick<SecurityActivityEntry, 'action' | 'details' | 'by_operator'>): string {
  const known = LABELS.get(entry.action);
  const base = known ?? humanise(entry.action);
  const { name, effective, method, access_until } = entry.details as {
    name?: unknown;
    effective?: unknown;
    method?: unknown;
    access_until?: unknown;
  };
  let detail = '';
  if (typeof name === 'string') detail = ` “${name}”`;
  else if (entry.action === AuditActions.planChanged && typeof effective === 'string')
    detail = ` to ${PLAN_NAMES.get(effective) ?? effective}`;
  else if (entry.action === AuditActions.signedIn && method === 'oauth') detail = ' with Google or Apple';
  else if (entry.action === AuditActions.subscriptionCancelled && typeof access_until === 'string')
    detail = ` (access until ${formatBillingDate(access_until)})`;
  return `${base}${detail}${entry.by_operator ? ' (by OddsPulse support)' : ''}`;
}

/** `billing.subscription_canceled` → "Billing: subscription canceled", for actions this client does not name. */
function humanise(action: string): string {
  const [domain, ...rest] = action.split('.');
  const what = rest.join(' ').replace(/_/g, ' ');
  const head = domain.replace(/_/g, ' ');
  return what ? `${head.charAt(0).toUpperCase()}${head.slice(1)}: ${what}` : head;
}

/** A failed sign-in or an ended session is worth the user's attention. */
export function isWarning(action: string): boolean {
  return action === AuditActions.signInFailed || action === AuditActions.sessionEndedOnTokenReuse;
}
