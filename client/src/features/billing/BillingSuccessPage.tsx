import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useCurrentPath } from '../../ui/hooks/current-path';
import { accountPlanName } from '../../state/session-api';
import { ActionLinks } from '../../ui/ActionLinks';
import { NoIndex } from '../../ui/NoIndex';
import { Spinner } from '../../ui/Spinner';
import { authAtom } from '../../state/auth';
import { usePlanConfirmation } from './usePlanConfirmation';

/** The success page's processing spinner (spec 000 §9: 2 seconds). */
export const BILLING_SUCCESS_SPINNER_MS = 2000;

/**
 * /billing/success: after the spinner the plan is read again from /api/me, and again while the payment's webhook
 * is on its way; "Welcome to <plan>!" is said only when the server reports the plan, never on the strength of
 * the URL alone. A gift's buyer is thanked instead (their own plan does not change).
 */
export function BillingSuccessPage() {
  const [params] = useSearchParams();
  const here = useCurrentPath();
  const auth = useAtomValue(authAtom);
  const [waiting, setWaiting] = useState(true);
  const sessionId = params.get('session_id');
  const giftFor = params.get('gift');
  const { info, error, gaveUp, confirmed } = usePlanConfirmation(
    params.get('plan'),
    !waiting && auth.status === 'signedIn' && !giftFor,
  );

  useEffect(() => {
    const timer = window.setTimeout(() => setWaiting(false), BILLING_SUCCESS_SPINNER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  let body;
  if (waiting || auth.status === 'loading')
    body = (
      <>
        <h1>Processing your subscription</h1>
        <Spinner label="Processing your subscription..." />
      </>
    );
  else if (auth.status === 'signedOut')
    // A signed-out visitor (another browser, an expired session) was told to sign in with no way to.
    body = (
      <>
        <h1>Your subscription</h1>
        <p>Sign in to see your subscription.</p>
        <Link className="button primary" to={`/login?returnTo=${encodeURIComponent(here)}`}>
          Sign in
        </Link>
      </>
    );
  else if (giftFor)
    body = (
      <>
        <h1>Your gift is on its way!</h1>
        <p>
          {giftFor} gets one month of Platinum: at once if their account has verified this address, or as soon as one
          does. A receipt is in your billing history.
        </p>
      </>
    );
  else if (error)
    body = (
      <>
        <h1>Your subscription</h1>
        <p className="form-error">{error}</p>
      </>
    );
  else if (info && confirmed) body = <h1>Welcome to {accountPlanName(info)}!</h1>;
  else if (!gaveUp)
    body = (
      <>
        <h1>Confirming your payment</h1>
        <Spinner label="Confirming your payment..." />
      </>
    );
  else
    body = (
      <>
        <h1>Payment not confirmed yet</h1>
        <p>
          We have not received confirmation of the payment yet. Your plan changes as soon as it arrives; you can leave
          this page, it will show on every page.
        </p>
      </>
    );

  return (
    <section className="card narrow">
      <NoIndex />
      {body}
      {sessionId && <p className="muted small">Checkout reference: {sessionId.slice(0, 20)}</p>}
      <ActionLinks
        primary={{ to: '/sportsbooks', text: 'Go to live odds' }}
        secondary={{ to: '/usage-plan', text: 'View your plan' }}
      />
    </section>
  );
}
