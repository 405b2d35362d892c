import { planName, type Plan } from '@oddspulse/shared';
import { Link } from 'react-router-dom';
import { formatBillingDate, type Subscription } from './plans';
import { KeepSubscriptionButton } from './SubscriptionActions';
import { AccessUntil } from './SubscriptionFacts';
import { FormError } from '../../ui/FormError';

/** The cancel flow's first step (spec 000 §4): what the paid plan includes, with the way out first. */
export function CancelBenefits({
  name,
  features,
  back,
  onContinue,
}: {
  name: Plan;
  features: readonly string[];
  back: string;
  onContinue: () => void;
}) {
  return (
    <>
      <h1>Before you go</h1>
      <p>Your {planName(name)} plan includes:</p>
      <ul>
        {features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <div className="actions">
        <Link className="button primary" to={back}>
          Keep my plan
        </Link>
        <button type="button" className="button danger" onClick={onContinue}>
          Continue to cancel
        </button>
      </div>
    </>
  );
}

/** What the steps after the benefits show and link to: the subscription, and the page the way back goes to. */
interface StepProps {
  sub: Subscription | null;
  back: string;
}

/** Confirmation: the subscription ends with the billing period, access kept until then. */
export function CancelConfirm({
  sub,
  back,
  error,
  busy,
  onConfirm,
}: StepProps & { error: string | null; busy: boolean; onConfirm: () => void }) {
  return (
    <>
      <h1>Confirm cancellation</h1>
      <p>
        Your subscription ends at the end of the current billing period
        {sub?.current_period_end ? ` (${formatBillingDate(sub.current_period_end)})` : ''}; you keep access until then.
      </p>
      <FormError message={error} />
      <div className="actions">
        <button type="button" className="button danger" disabled={busy} onClick={onConfirm}>
          {busy ? 'Cancelling...' : 'Cancel subscription'}
        </button>
        <Link className="button" to={back}>
          Keep my plan
        </Link>
      </div>
    </>
  );
}

/**
 * Cancelled just now, or set to end before this visit: access until the period's end, and a way to keep the
 * subscription. Just cancelled, the way back leads to the account.
 */
export function CancelledSubscription({
  sub,
  back,
  justCancelled,
  onResumed,
}: StepProps & { justCancelled: boolean; onResumed: () => void }) {
  return (
    <>
      <h1>{justCancelled ? 'Subscription cancelled' : 'Your subscription is already cancelled'}</h1>
      {justCancelled && <p>You will retain access until your current billing period ends.</p>}
      {sub && <AccessUntil sub={sub} />}
      <div className="actions">
        <KeepSubscriptionButton onResumed={onResumed} />
        <Link className="button" to={justCancelled ? '/account' : back}>
          {justCancelled ? 'Back to your account' : 'Back'}
        </Link>
      </div>
    </>
  );
}
