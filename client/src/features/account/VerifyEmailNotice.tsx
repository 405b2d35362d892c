import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { ApiError } from '../../api/api-client';
import { authAtom } from '../../state/auth';
import { resendVerificationEmail } from './account-api';
import { usePlan } from '../../state/session-state';

/**
 * An account whose address is not verified yet: the product mails it nothing but the verification link (support
 * replies and alert digests wait for it), so the shell says so and sends the link again on request.
 */
export function VerifyEmailNotice() {
  const auth = useAtomValue(authAtom);
  const plan = usePlan();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  if (auth.status !== 'signedIn' || plan.status !== 'ready' || plan.info.email_verified !== false) return null;
  const resend = async () => {
    setBusy(true);
    try {
      setOutcome({ ok: true, text: (await resendVerificationEmail()).message });
    } catch (error) {
      setOutcome({
        ok: false,
        text: error instanceof ApiError ? error.message : 'Could not send the verification link.',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="offline-banner" role="status" data-testid="verify-email-notice">
      Verify your email address: we sent a link to <strong>{auth.user.email}</strong>. Until then we mail you nothing
      else.{' '}
      {outcome ? (
        <span className={outcome.ok ? undefined : 'form-error'}>{outcome.text}</span>
      ) : (
        <button type="button" className="link-button" onClick={() => void resend()} disabled={busy}>
          {busy ? 'Sending...' : 'Resend the link'}
        </button>
      )}
    </div>
  );
}
