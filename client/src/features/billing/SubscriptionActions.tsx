import { useState } from 'react';
import { BillingMessages, type BillingOverview } from '@oddspulse/shared';
import { openBillingPortal, resumeSubscription } from './billing-api';
import { useBillingOverviewChanged } from './billing-state';
import { useRefreshPlan } from '../../state/session-state';
import { FormError } from '../../ui/FormError';
import { useBusyAction } from '../../ui/hooks/useBusyAction';

/** A renewal that failed: visible, with the way to fix it ("payment failed: update your card"). */
export function PaymentFailedBanner({ overview }: { overview: BillingOverview }) {
  const [error, setError] = useState<string | null>(null);
  if (!overview.subscription?.payment_failed && overview.subscription?.status !== 'past_due') return null;
  return (
    <div className="banner banner-error" role="alert" data-testid="payment-failed">
      <span>Payment failed: update your card. Stripe will try again; your plan stays on until it gives up.</span>
      {overview.can_manage_billing && (
        <button
          type="button"
          className="button small"
          onClick={() => {
            openBillingPortal().catch((e: Error) => setError(e.message));
          }}
        >
          Update your card
        </button>
      )}
      {error && <span className="form-error">{error}</span>}
    </div>
  );
}

export function ManageBillingButton({ overview }: { overview: BillingOverview }) {
  const { busy, error, run } = useBusyAction();
  if (!overview.can_manage_billing) return null;
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => void run(openBillingPortal, BillingMessages.portalFailed, { leaves: true })}
      >
        {busy ? 'Opening...' : 'Manage billing'}
      </button>
      <FormError message={error} />
    </>
  );
}

/** "Keep my subscription" (or `label`): undoes a cancellation before the period ends. */
export function KeepSubscriptionButton({
  onResumed,
  label = 'Keep my subscription',
}: {
  onResumed?: () => void;
  label?: string;
}) {
  const refreshPlan = useRefreshPlan();
  const overviewChanged = useBillingOverviewChanged();
  const { busy, error, run } = useBusyAction();
  const resume = async () => {
    overviewChanged(await resumeSubscription());
    onResumed?.();
    await refreshPlan();
  };
  return (
    <>
      <button
        type="button"
        className="button primary"
        disabled={busy}
        onClick={() => void run(resume, BillingMessages.resumeFailed)}
      >
        {busy ? 'Keeping...' : label}
      </button>
      <FormError message={error} />
    </>
  );
}
