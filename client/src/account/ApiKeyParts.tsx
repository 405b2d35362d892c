import { useState, type FormEvent } from 'react';
import { API_KEY_NAME_MAX_LENGTH, type ApiKeySummary, type ApiKeyWithSecret } from '@oddspulse/shared';
import { apiErrorText } from '../api/api-client';
import { renameApiKey, revokeApiKey, rotateApiKey } from './security-api';
import { FormError } from '../components/FormError';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The secret of a key just created or rotated: shown this once, with a way to copy it. */
export function NewSecret({ created, onDone }: { created: ApiKeyWithSecret; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(created.key);
    setCopied(true);
  };
  return (
    <div className="card notice" role="status" data-testid="api-key-secret">
      <p>
        <strong>Copy the key “{created.name}” now:</strong> it will not be shown again.
      </p>
      <p>
        <code className="secret" data-testid="api-key-value">
          {created.key}
        </code>
      </p>
      <div className="actions">
        <button type="button" className="button" onClick={() => void copy().catch(() => setCopied(false))}>
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" className="button primary" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

export function KeyRow({
  apiKey,
  onChanged,
  onSecret,
}: {
  apiKey: ApiKeySummary;
  onChanged: () => void;
  onSecret: (key: ApiKeyWithSecret) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(apiKey.name);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = async (work: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(apiErrorText(failure, fallback));
    } finally {
      setBusy(false);
    }
  };
  const rename = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      await renameApiKey(apiKey.id, name.trim());
      setEditing(false);
      onChanged();
    }, 'Could not rename the key.');
  };
  const rotate = () => {
    if (!window.confirm(`Rotate “${apiKey.name}”? Its current secret stops working at once.`)) return;
    void act(async () => {
      onSecret(await rotateApiKey(apiKey.id));
      onChanged();
    }, 'Could not rotate the key.');
  };
  const revoke = () => {
    if (!window.confirm(`Revoke “${apiKey.name}”? Anything using it stops working at once.`)) return;
    void act(async () => {
      await revokeApiKey(apiKey.id);
      onChanged();
    }, 'Could not revoke the key.');
  };
  return (
    <tr data-testid="api-key-row">
      <td>
        {editing ? (
          <form onSubmit={rename} className="inline-form">
            <label className="sr-only" htmlFor={`key-name-${apiKey.id}`}>
              Key name
            </label>
            <input
              id={`key-name-${apiKey.id}`}
              value={name}
              maxLength={API_KEY_NAME_MAX_LENGTH}
              onChange={(e) => setName(e.target.value)}
              autoFocus
            />
            <button type="submit" className="button" disabled={busy || !name.trim()}>
              Save
            </button>
            <button type="button" className="button" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </form>
        ) : (
          <span data-testid="api-key-name">{apiKey.name}</span>
        )}
        <FormError message={error} />
      </td>
      <td data-label="Key">
        <code>{apiKey.prefix}…</code>
      </td>
      <td data-label="Created">{when(apiKey.created_at)}</td>
      <td data-label="Last used" data-testid="api-key-last-used">
        {apiKey.last_used_at ? when(apiKey.last_used_at) : 'Never'}
      </td>
      <td>
        <div className="key-actions">
          {!editing && (
            <button type="button" className="button" disabled={busy} onClick={() => setEditing(true)}>
              Rename
            </button>
          )}
          <button type="button" className="button" disabled={busy} onClick={rotate}>
            Rotate
          </button>
          <button type="button" className="button danger" disabled={busy} onClick={revoke}>
            Revoke
          </button>
        </div>
      </td>
    </tr>
  );
}
