import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { confirmPasswordReset } from '../account';
import { ApiError } from '../../api/api-client';
import { api } from '../../api/client';
import { NoIndex } from '../../ui/NoIndex';
import { SingleFieldForm } from '../../ui/SingleFieldForm';

/**
 * /account?reset_token=… (the reset mail's link): choose a new password, then continue signed in. The
 * account route's link to /login (spec 000 §2) lives here: this is the one account screen a signed-out
 * visitor reaches, and a used or expired link leaves them needing the sign-in page.
 */
export function PasswordResetPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // It shows its failure in the form and never rejects, so the form drops its promise.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const session = await confirmPasswordReset(params.get('reset_token') ?? '', password);
      api.setSession(session);
      navigate('/account', { replace: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Authentication failed. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="auth-page card">
      <NoIndex />
      <h1>Choose a new password</h1>
      <SingleFieldForm
        onSubmit={(event) => void submit(event)}
        field={{
          label: 'New password',
          type: 'password',
          autoComplete: 'new-password',
          value: password,
          onChange: setPassword,
        }}
        error={error}
        submit={{
          text: busy ? 'Saving...' : 'Save new password',
          disabled: busy || !password,
          className: 'button primary wide',
        }}
      />
      <p className="muted small">
        <Link to="/login">Back to log in</Link>
      </p>
    </section>
  );
}
