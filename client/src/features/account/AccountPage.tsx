import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import pkg from '../../../package.json';
import { isPlatinum, accountPlanName, type PlanInfo } from '../../state/session-api';
import { AccessibilitySection } from './AccessibilitySection';
import { apiKeysQuery } from './security-api';
import { SecurityActivitySection } from './SecurityActivitySection';
import { SecuritySection } from './SecuritySection';
import { CloseAccountSection } from './CloseAccountSection';
import { UsernameSection } from './UsernameSection';
import { AccountSocialLinks } from '../../ui/SocialLinks';
import { KeepSubscriptionButton, useLiveSubscription } from '../billing';
import { Spinner } from '../../ui/Spinner';
import { authAtom } from '../../state/auth';
import { useSocialLinks } from '../../state/site';
import { versionText } from '../../format/version';
import { usePlan } from '../../state/session-state';

/** The account page (spec 000 §2, §3): information, username, security, subscription, accessibility. */
export function AccountPage() {
  const auth = useAtomValue(authAtom);
  const plan = usePlan();
  const social = useSocialLinks();
  if (auth.status !== 'signedIn') return <Spinner />;
  const info = plan.status === 'ready' ? plan.info : null;
  return (
    <div className="page account-page">
      <h1>Account</h1>
      <section className="card" aria-labelledby="info-title">
        <h2 id="info-title">Account information</h2>
        <dl className="facts">
          <dt>Email</dt>
          <dd data-testid="account-email">{auth.user.email}</dd>
          {auth.user.created_at && (
            <>
              <dt>Member since</dt>
              <dd>
                {new Date(auth.user.created_at).toLocaleDateString('en-US', {
                  year: 'numeric',
                  month: 'long',
                  day: 'numeric',
                })}
              </dd>
            </>
          )}
        </dl>
      </section>
      <section className="card" aria-labelledby="username-title">
        <h2 id="username-title">Username</h2>
        <UsernameSection />
      </section>
      <section className="card" aria-labelledby="security-title">
        <h2 id="security-title">Security</h2>
        <SecuritySection email={auth.user.email} />
        <CloseAccountSection />
      </section>
      <section className="card" aria-labelledby="activity-title">
        <h2 id="activity-title">Recent security activity</h2>
        <SecurityActivitySection />
      </section>
      <ApiKeysCard userId={auth.user.id} info={info} />
      <SubscriptionCard info={info} />
      <section className="card" aria-labelledby="a11y-title">
        <h2 id="a11y-title">Accessibility</h2>
        <AccessibilitySection />
      </section>
      <AccountSocialLinks links={social} />
      <p className="muted version">{versionText(pkg.version)}</p>
    </div>
  );
}

/**
 * Personal API keys: the way to manage them on Platinum, else the plan they come with, and the way to the keys made on
 * Platinum that are still there, to be revoked.
 */
function ApiKeysCard({ userId, info }: { userId: string; info: PlanInfo | null }) {
  const platinum = info !== null && isPlatinum(info);
  const keys = useQuery({ ...apiKeysQuery(userId), enabled: info !== null && !platinum });
  return (
    <section className="card" aria-labelledby="api-keys-title">
      <h2 id="api-keys-title">API keys</h2>
      {platinum ? (
        <p>
          Read odds, props, scanners, scores and history from your own programs.{' '}
          <Link className="button" to="/account/api-keys">
            Manage API keys
          </Link>
        </p>
      ) : (
        <>
          <p className="muted">
            Personal API keys come with Platinum. <Link to="/pricing">Upgrade to Platinum</Link>
          </p>
          {keys.isSuccess && keys.data.length > 0 && (
            <p>
              Your API keys do not work while your plan is not Platinum.{' '}
              <Link className="button" to="/account/api-keys">
                See or revoke your keys
              </Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}

/**
 * The plan and this month's odds calls, with the ways to change, resume or cancel it; a spinner until it loads. Resume
 * and cancel are the live subscription's: a paid plan held without one (a gift, an admin grant) has nothing to cancel.
 */
function SubscriptionCard({ info }: { info: PlanInfo | null }) {
  const { sub } = useLiveSubscription();
  return (
    <section className="card" aria-labelledby="subscription-title">
      <h2 id="subscription-title">Subscription</h2>
      {info ? (
        <>
          <p>
            Current plan: <strong>{accountPlanName(info)}</strong>
            {info.is_gifted && ' (gifted)'}
          </p>
          {!info.unlimited && info.limit !== null && (
            <p className="muted">
              {info.used} of {info.limit} odds calls used this month.
            </p>
          )}
          <div className="actions">
            <Link className="button" to="/subscribe">
              Manage subscription
            </Link>
            {!isPlatinum(info) && (
              <Link className="button primary" to="/pricing">
                Upgrade to Platinum
              </Link>
            )}
            {sub?.cancel_at_period_end && <KeepSubscriptionButton label="Resume subscription" />}
            {sub && !sub.cancel_at_period_end && (
              <Link className="button danger" to="/billing/cancel?from=account">
                Cancel subscription
              </Link>
            )}
          </div>
        </>
      ) : (
        <Spinner label="Loading your plan..." />
      )}
    </section>
  );
}
