import { isPaid } from '../../state/session-api';
import { Spinner } from '../../ui/Spinner';
import { usePlan } from '../../state/session-state';

import { MySubscription } from './MySubscription';
import { PlanDebug } from './PlanDebug';
import { PricingPage } from './PricingPage';
import { GiftPlatinum } from './GiftPlatinum';

/** /subscribe (spec 000 §2): paid users see their subscription; free users see plan selection. */
export function SubscribePage() {
  const plan = usePlan();
  if (plan.status !== 'ready') return <Spinner label="Loading your plan details..." />;
  if (!isPaid(plan.info)) {
    return (
      <>
        <PricingPage />
        <div className="page">
          <GiftPlatinum />
        </div>
        <PlanDebug info={plan.info} />
      </>
    );
  }
  return <MySubscription info={plan.info} />;
}
