import { useState } from 'react';
import { BillingMessages } from '@oddspulse/shared';
import { startCheckout } from './billing-api';
import { formatBillingDate } from './plans';

/** A running gift can be continued as a subscription: billing starts when the gift ends. */
export function ContinueAfterGift({ until }: { until: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button primary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setError(null);
          startCheckout('platinum').catch((failure: Error) => {
            setError(failure.message || BillingMessages.checkoutFailed);
            setBusy(false);
          });
        }}
      >
        {busy ? 'Opening secure checkout...' : `Keep Platinum after ${formatBillingDate(until)}`}
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
