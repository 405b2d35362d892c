import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../api/client';
import { LabelledInput } from '../../ui/LabelledInput';
import { Modal } from '../../ui/Modal';
import { closeAccount, closeConfirmation, mailCloseLink } from './account-api';

type Confirmation = 'password' | 'email';

const failureText = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

/**
 * Close account (the privacy policy's "Closing your account"): says what closing does, asks the owner to confirm again,
 * and on success leaves this browser signed out for the login page, which says the account is closed. The confirmation
 * is the password; an account made with Google or Apple sign-in alone has none and is mailed a link, which comes back
 * here as /account?close_token=… (docs/security.md "Closing an account").
 */
export function CloseAccountSection() {
  const [params, setParams] = useSearchParams();
  const token = params.get('close_token');
  const [open, setOpen] = useState(token !== null);
  const [confirmWith, setConfirmWith] = useState<Confirmation | null>(null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const start = async () => {
    setOpen(true);
    try {
      setConfirmWith((await closeConfirmation()).confirm_with);
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  const sendLink = async () => {
    setBusy(true);
    setError(null);
    try {
      setSent((await mailCloseLink()).message);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await closeAccount(token !== null ? { token } : { password });
    } catch (failure) {
      setError(failureText(failure));
      setBusy(false);
      return;
    }
    api.clearSession();
    window.sessionStorage.clear();
    window.location.assign('/login?account_closed=true');
  };

  const dismiss = () => {
    setOpen(false);
    setPassword('');
    setError(null);
    setSent(null);
    if (token !== null)
      setParams(
        (current) => {
          current.delete('close_token');
          return current;
        },
        { replace: true },
      );
  };

  return (
    <div className="actions column">
      <button type="button" className="button danger" onClick={() => void start()}>
        Close account
      </button>
      {open && (
        <Modal title="Close your account?" onClose={busy ? undefined : dismiss} testId="close-account">
          <form onSubmit={(event) => void submit(event)}>
            <p>Closing cannot be undone. When you close your account:</p>
            <ul>
              <li>a paid subscription is cancelled at the end of the period you paid for: no further charge;</li>
              <li>
                your picks, preferences, reactions, alerts, API keys, password and security activity (with its IP
                addresses) are deleted at once;
              </li>
              <li>every device is signed out, and your email address can sign up again.</li>
            </ul>
            {token === null && confirmWith === 'password' && (
              <LabelledInput
                id="close-account-password"
                label="Enter your password to confirm"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={setPassword}
              />
            )}
            {token === null && confirmWith === 'email' && (
              <>
                <p>
                  Your account signs in with Google or Apple and has no password. To confirm, we email you a link that
                  closes your account: open it in this browser.
                </p>
                {sent ? (
                  <p role="status">{sent}</p>
                ) : (
                  <button type="button" className="button" onClick={() => void sendLink()} disabled={busy}>
                    Email me the link
                  </button>
                )}
              </>
            )}
            {error && (
              <p className="form-error" role="alert">
                {error}
              </p>
            )}
            <div className="actions">
              <button type="button" className="button" onClick={dismiss} disabled={busy}>
                Keep my account
              </button>
              {(token !== null || confirmWith === 'password') && (
                <button type="submit" className="button danger" disabled={busy || (token === null && password === '')}>
                  {busy ? 'Closing...' : 'Close my account'}
                </button>
              )}
            </div>
          </form>
        </Modal>
      )}
    </div>
  );
}
