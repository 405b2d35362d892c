import { BillingMessages } from '@oddspulse/shared';
import { startCheckout } from './billing-api';
import { formatBillingDate } from './plans';
import { FormError } from '../../ui/FormError';
import { useBusyAction } from '../../ui/hooks/useBusyAction';

/** A running gift can be continued as a subscription: billing starts when the gift ends. */
export function ContinueAfterGift({ until }: { until: string }) {
  const { busy, error, run } = useBusyAction();
  return (
    <>
      <button
        type="button"
        className="button primary"
        disabled={busy}
        onClick={() => void run(() => startCheckout('platinum'), BillingMessages.checkoutFailed, { leaves: true })}
      >
        {busy ? 'Opening secure checkout...' : `Keep Platinum after ${formatBillingDate(until)}`}
      </button>
      <FormError message={error} />
    </>
  );
}
