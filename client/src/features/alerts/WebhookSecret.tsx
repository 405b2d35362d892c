import { useState } from 'react';
import { WEBHOOK_SECRET_OVERLAP_HOURS } from '@oddspulse/shared';
import { rotateWebhookSecret } from './alerts-api';
import { apiErrorText } from '../../api/api-client';

/**
 * The webhook signing secret: shown once when it is made (the first webhook rule) or replaced, and a way to replace a
 * lost or leaked one. The old secret keeps signing beside the new one for WEBHOOK_SECRET_OVERLAP_HOURS, so receivers
 * can be updated without refusing a delivery; the user is told so and asked first.
 */
export function WebhookSecret({
  secret,
  hasWebhooks,
  onSecret,
}: {
  secret: string | null;
  hasWebhooks: boolean;
  onSecret: (secret: string | null) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const replace = async () => {
    setBusy(true);
    setError('');
    try {
      onSecret((await rotateWebhookSecret()).secret);
      setConfirming(false);
    } catch (e) {
      setError(apiErrorText(e, 'Could not replace the secret.'));
    } finally {
      setBusy(false);
    }
  };
  if (secret)
    return (
      <div className="card notice" role="status" data-testid="alert-secret">
        <p>
          <strong>Your webhook signing secret</strong> — copy it now: it will not be shown again. Each webhook is signed
          with it in the{' '}
          <a href="https://www.standardwebhooks.com/" target="_blank" rel="noreferrer">
            Standard Webhooks
          </a>{' '}
          format (<code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>): check it
          with a Standard Webhooks library.
        </p>
        <p>
          <code className="secret">{secret}</code>
        </p>
        <button type="button" className="button primary" onClick={() => onSecret(null)}>
          Done
        </button>
      </div>
    );
  if (!hasWebhooks) return null;
  return (
    <div className="webhook-secret" data-testid="webhook-secret-replace">
      {confirming ? (
        <p role="alert">
          Your webhooks will be signed with a new secret, and with the current one too for{' '}
          {WEBHOOK_SECRET_OVERLAP_HOURS} hours: update your receivers within that time.{' '}
          <button type="button" className="button small danger" disabled={busy} onClick={() => void replace()}>
            {busy ? 'Replacing...' : 'Replace secret'}
          </button>{' '}
          <button type="button" className="button small" disabled={busy} onClick={() => setConfirming(false)}>
            Keep the current one
          </button>
        </p>
      ) : (
        <button type="button" className="button small" onClick={() => setConfirming(true)}>
          Replace webhook signing secret
        </button>
      )}
      {error && <p className="form-error small">{error}</p>}
    </div>
  );
}
