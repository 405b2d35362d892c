import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { accountPlanName, type PlanInfo } from '../../state/session-api';
import { RecentPerformance } from './RecentPerformance';
import { RecommendedBets } from './RecommendedBets';
import { Spinner } from '../../ui/Spinner';
import { authAtom, displayName } from '../../state/auth';
import { usePlan, useProfile } from '../../state/session-state';
import { storedKey, writeStored } from '../../state/stored-value';

/** A gift without an end date is taken to last 30 days (spec 000 §4, §9). */
export const GIFT_DEFAULT_DAYS = 30;

/** The plan's one name, as the navbar and the user menu say it (a free user met FREE, GUEST and Guest Access). */
export function dashboardBadge(info: PlanInfo): string {
  return accountPlanName(info);
}

function GiftNotification({ userId, info }: { userId: string; info: PlanInfo }) {
  const key = storedKey(`hasSeenGiftNotification_${userId}`, 'preference');
  const [seen, setSeen] = useState(() => window.localStorage.getItem(key.name) !== null);
  if (seen || info.plan !== 'platinum' || !info.is_gifted) return null;
  const until = info.subscription_end_date
    ? new Date(info.subscription_end_date)
    : new Date(Date.now() + GIFT_DEFAULT_DAYS * 86_400_000);
  return (
    <div className="banner banner-success gift" role="status" data-testid="gift-notification">
      <span>
        You've been gifted Platinum for 1 month! Active until{' '}
        {until.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })}.
      </span>
      <button
        type="button"
        className="button small"
        onClick={() => {
          writeStored(key, 'true');
          setSeen(true);
        }}
      >
        Dismiss
      </button>
    </div>
  );
}

export function DashboardPage() {
  const auth = useAtomValue(authAtom);
  const plan = usePlan();
  const profile = useProfile();
  if (auth.status !== 'signedIn' || plan.status !== 'ready') return <Spinner />;
  const name = displayName(auth.user, profile.status === 'ready' ? profile.profile : undefined);
  const badge = dashboardBadge(plan.info);
  return (
    <div className="page dashboard">
      <GiftNotification userId={auth.user.id} info={plan.info} />
      <div className="dashboard-head">
        <h1>{name}'s Dashboard</h1>
        <span className={`plan-badge plan-${badge.toLowerCase()}`} data-testid="dashboard-badge">
          {badge}
        </span>
      </div>
      <section className="card" aria-labelledby="performance-title">
        <h2 id="performance-title">Recent Performance</h2>
        <RecentPerformance />
      </section>
      <section className="card" aria-labelledby="recommended-title">
        <h2 id="recommended-title">Today's Recommended Bets</h2>
        <RecommendedBets />
      </section>
    </div>
  );
}
