import { useState } from 'react';
import { emergencySignOut, signOut } from '../../state/sign-out';
import { useToasts } from '../../state/toasts';
import { useResetLinkRequest } from './reset-link';

/**
 * The two ways out (spec 000 §4): the button, what the page says while it leaves (a toast says it too for the plain
 * one), and the sign-out it runs.
 */
const WAYS_OUT = [
  { label: 'Sign out', className: 'button', leaving: 'Signing you out...', toast: true, signOut },
  {
    label: 'Emergency sign out',
    className: 'button danger',
    leaving: 'Clearing this browser and signing you out...',
    toast: false,
    signOut: emergencySignOut,
  },
];

/** Password reset by mail, sign-out, and the emergency sign-out that also clears this browser (spec 000 §3, §7). */
export function SecuritySection({ email }: { email: string }) {
  const { status: resetStatus, busy, send } = useResetLinkRequest();
  const [leaving, setLeaving] = useState<string | null>(null);
  const { show } = useToasts();
  return (
    <div className="actions column">
      <button type="button" className="button" disabled={busy} onClick={() => void send(email)}>
        Reset password
      </button>
      {resetStatus && (
        <p className={resetStatus.ok ? 'form-success' : 'form-error'} role="status">
          {resetStatus.text}
        </p>
      )}
      {WAYS_OUT.map((way) => (
        <button
          key={way.label}
          type="button"
          className={way.className}
          disabled={leaving !== null}
          onClick={() => {
            setLeaving(way.leaving);
            if (way.toast) show('info', way.leaving, 0);
            void way.signOut();
          }}
        >
          {way.label}
        </button>
      ))}
      <p className="muted small">
        Emergency sign out ends every session and clears all data this site keeps in this browser.
      </p>
      {leaving && <p role="status">{leaving}</p>}
    </div>
  );
}
