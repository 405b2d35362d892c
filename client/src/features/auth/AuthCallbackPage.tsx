import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { exchangeOAuthCode } from '../account';
import { api } from '../../api/client';
import { NoIndex } from '../../ui/NoIndex';
import { Spinner } from '../../ui/Spinner';
import { callbackDestination, clearPricingIntent, readPricingIntent } from '../../state/pricing-intent';
import { FormError } from '../../ui/FormError';

/** Redirect to /login this long after a failed callback (spec 000 §9). */
export const CALLBACK_FAILURE_REDIRECT_MS = 2000;

/**
 * Finishes OAuth sign-in (spec 000 §2, eight steps): the server sent the browser here with a
 * short-lived code, which is exchanged for the session; then intent and returnTo decide where to go.
 */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (message: string) => {
      setFailure(message);
      window.setTimeout(() => {
        navigate('/login', { replace: true });
      }, CALLBACK_FAILURE_REDIRECT_MS);
    };
    const finish = async () => {
      const code = params.get('code');
      // 1. Check for a session; only without one is the provider's code exchanged for it. A signed-in browser keeps
      // its session: a callback link someone else sent must not sign it in to their account.
      let session = api.currentSession();
      if (!session && code && !params.get('error')) {
        session = await exchangeOAuthCode(code);
        api.setSession(session);
      }
      // 2. No session: fail and go back to the login page.
      if (!session || params.get('error')) {
        fail('Authentication failed. Redirecting to login...');
        return;
      }
      // 3.–7. intent and returnTo from the query or the stored pricing intent (then cleared); replace history.
      const stored = readPricingIntent(window.localStorage, Date.now());
      clearPricingIntent(window.localStorage);
      navigate(callbackDestination(params, stored), { replace: true });
    };
    finish().catch((error: unknown) => {
      // 8. Any error: say so and go back to the login page.
      console.warn('OAuth callback failed', error);
      fail('Authentication error. Redirecting to login...');
    });
  }, [navigate, params]);

  return (
    <section className="card narrow">
      <NoIndex />
      {failure ? <FormError message={failure} /> : <Spinner label="Signing you in..." />}
    </section>
  );
}
