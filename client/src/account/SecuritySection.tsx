import { useState } from 'react';
import { ApiError, serverMessage } from '../api/api-client';
import { emergencySignOut, signOut } from '../state/sign-out';
import { useToasts } from '../state/toasts';
import { requestPasswordReset } from './account-api';

/** Password reset by mail, sign-out, and the emergency sign-out that also clears this browser (spec 000 §3, §7). */
export function SecuritySection({ email }: { email: string }) {
  const [resetStatus, setResetStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [leaving, setLeaving] = useState<string | null>(null);
  const { show } = useToasts();
  const reset = async () => {
    setResetStatus(null);
    try {
      await requestPasswordReset(email);
      setResetStatus({ ok: true, text: 'Reset link sent! Check your inbox.' });
    } catch (error) {
      // The server's own message (e.g. mail unavailable) when it gave one, else the spec's fallback.
      setResetStatus({
        ok: false,
        text:
          (error instanceof ApiError && (serverMessage(error.body) ?? (error.status < 500 ? error.message : null))) ||
          'Could not send reset link.',
      });
    }
  };
  return (
    <div className="actions column">
      <button type="button" className="button" onClick={() => void reset()}>
        Reset password
      </button>
      {resetStatus && (
        <p className={resetStatus.ok ? 'form-success' : 'form-error'} role="status">
          {resetStatus.text}
        </p>
      )}
      <button
        type="button"
        className="button"
        disabled={leaving !== null}
        onClick={() => {
          setLeaving('Signing you out...');
          show('info', 'Signing you out...', 0);
          void signOut();
        }}
      >
        Sign out
      </button>
      <button
        type="button"
        className="button danger"
        disabled={leaving !== null}
        onClick={() => {
          setLeaving('Clearing this browser and signing you out...');
          void emergencySignOut();
        }}
      >
        Emergency sign out
      </button>
      <p className="muted small">
        Emergency sign out ends every session and clears all data this site keeps in this browser.
      </p>
      {leaving && <p role="status">{leaving}</p>}
    </div>
  );
}
