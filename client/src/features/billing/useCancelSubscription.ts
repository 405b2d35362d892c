import { useState } from 'react';
import { BillingMessages } from '@oddspulse/shared';
import { cancelSubscription } from './billing-api';
import { useBillingOverviewChanged } from './billing-state';
import { useRefreshPlan } from '../../state/session-state';

/**
 * Cancelling the subscription at the period end: whether its modal asks, the cancel under way, and what it answered
 * (or the keep button's undo cleared), with the plan and the billing overview read again after it.
 */
export function useCancelSubscription() {
  const overviewChanged = useBillingOverviewChanged();
  const refreshPlan = useRefreshPlan();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      overviewChanged(await cancelSubscription());
      await refreshPlan();
      setResult({ ok: true, text: BillingMessages.cancelled });
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      // spec 000 §4, §7: the network message, the server's reason, else the page's default.
      setResult({
        ok: false,
        text:
          !message || message === BillingMessages.cancelFailed ? BillingMessages.cancelFailedContactSupport : message,
      });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return { confirming, setConfirming, result, setResult, busy, confirm };
}
