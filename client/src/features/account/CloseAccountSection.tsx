import { useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { LabelledInput } from '../../ui/LabelledInput';
import { Modal } from '../../ui/Modal';
import { closeAccount } from './account-api';

/**
 * Close account (the privacy policy's "Closing your account"): says what closing does, asks for the password again,
 * and on success leaves this browser signed out for the login page, which says the account is closed.
 */
export function CloseAccountSection() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await closeAccount(password);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
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
  };

  return (
    <div className="actions column">
      <button type="button" className="button danger" onClick={() => setOpen(true)}>
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
            <LabelledInput
              id="close-account-password"
              label="Enter your password to confirm"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
            />
            {error && (
              <p className="form-error" role="alert">
                {error}
              </p>
            )}
            <div className="actions">
              <button type="button" className="button" onClick={dismiss} disabled={busy}>
                Keep my account
              </button>
              <button type="submit" className="button danger" disabled={busy || password === ''}>
                {busy ? 'Closing...' : 'Close my account'}
              </button>
            </div>
          </form>
        </Modal>
      )}
    </div>
  );
}
