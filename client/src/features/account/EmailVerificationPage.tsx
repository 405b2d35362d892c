import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/api-client';
import { api } from '../../api/client';
import { NoIndex } from '../../ui/NoIndex';
import { Spinner } from '../../ui/Spinner';
import { useRefreshPlan } from '../../state/session-state';
import { verifyEmail } from './account-api';

type Verification = { status: 'checking' } | { status: 'done' | 'failed'; message: string };

/**
 * /account?verify_token=… (the verification mail's link), signed in or not: the link is spent and the address verified,
 * and a signed-in tab's notice goes away with the plan read again.
 */
export function EmailVerificationPage() {
  const [params] = useSearchParams();
  const token = params.get('verify_token') ?? '';
  const refreshPlan = useRefreshPlan();
  const [state, setState] = useState<Verification>({ status: 'checking' });
  useEffect(() => {
    let current = true;
    verifyEmail(token)
      .then(async ({ message }) => {
        if (!current) return;
        setState({ status: 'done', message });
        if (api.currentSession()) await refreshPlan();
      })
      .catch((error: unknown) => {
        if (current)
          setState({
            status: 'failed',
            message: error instanceof ApiError ? error.message : 'The link could not be checked. Please try again.',
          });
      });
    return () => {
      current = false;
    };
  }, [token, refreshPlan]);
  return (
    <section className="auth-page card">
      <NoIndex />
      <h1>Verify your email address</h1>
      {state.status === 'checking' ? (
        <Spinner />
      ) : (
        <p
          role={state.status === 'failed' ? 'alert' : 'status'}
          className={state.status === 'failed' ? 'form-error' : undefined}
          data-testid="email-verification"
        >
          {state.message}
        </p>
      )}
      <p className="muted small">
        {api.currentSession() ? <Link to="/account">Go to your account</Link> : <Link to="/login">Log in</Link>}
      </p>
    </section>
  );
}
