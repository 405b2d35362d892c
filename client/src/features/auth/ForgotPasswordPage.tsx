import { AccountMessages } from '@oddspulse/shared';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useResetLinkRequest } from '../account';
import { NoIndex } from '../../ui/NoIndex';
import { SingleFieldForm } from '../../ui/SingleFieldForm';

/** The address the sign-in form held when its "Forgot password?" was followed (router state), so it is not typed twice. */
function typedEmail(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

/**
 * /forgot-password, from the sign-in and sign-up pages: the way back in for someone who cannot sign in. The address
 * gets the same reset mail the Account page sends, through the same route and its limits; the page answers the same
 * whether or not the address has an account, so it never tells who has one. The mail's link leads to the
 * new-password form (/account?reset_token=…).
 */
export function ForgotPasswordPage() {
  const location = useLocation();
  const [email, setEmail] = useState(() => typedEmail(location.state));
  const [error, setError] = useState<string | null>(null);
  const { status, busy, send } = useResetLinkRequest();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim()) {
      setError(AccountMessages.invalidEmail);
      return;
    }
    void send(email.trim());
  };
  const failed = status?.ok === false ? status.text : null;

  return (
    <section className="auth-page card" aria-labelledby="forgot-title">
      <NoIndex />
      <h1 id="forgot-title">Reset your password</h1>
      <p className="muted">Enter the email address of your account. We will send it a link to choose a new password.</p>
      <SingleFieldForm
        onSubmit={submit}
        noValidate
        field={{ label: 'Email', type: 'email', autoComplete: 'email', value: email, onChange: setEmail }}
        error={error ?? failed}
        submit={{ text: busy ? 'Sending...' : 'Send reset link', disabled: busy, className: 'button primary wide' }}
      >
        {status?.ok && (
          <div className="form-success" role="status" data-testid="reset-link-sent">
            <p>{status.text}</p>
            <p className="small">
              If an account uses {email.trim()}, the link is on its way: it works once, for a limited time. Nothing
              arrived? Check your spam folder, or send it again in a few minutes.
            </p>
          </div>
        )}
      </SingleFieldForm>
      <p className="muted small">
        <Link to="/login">Back to log in</Link> · <Link to="/signup">Create an account</Link>
      </p>
    </section>
  );
}
