import { useState, type FormEvent } from 'react';
import {
  API_KEY_NAME_MAX_LENGTH,
  MAX_ACTIVE_API_KEYS,
  type ApiKeySummary,
  type ApiKeyWithSecret,
} from '@oddspulse/shared';
import { apiErrorText } from '../../api/api-client';
import { createApiKey } from './security-api';
import { FormError } from '../../ui/FormError';
import { SingleFieldForm } from '../../ui/SingleFieldForm';
import { useKeyActions } from './useKeyActions';

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

/**
 * Create a key: its name and whether it may also track picks and create alerts; `full` while the user has as many keys
 * as they may. A key created goes to `onCreated`, the form emptied.
 */
export function CreateKeySection({
  full,
  onCreated,
}: {
  full: boolean;
  onCreated: (created: ApiKeyWithSecret) => void;
}) {
  const [name, setName] = useState('');
  const [picksWrite, setPicksWrite] = useState(false);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setCreating(true);
    setCreateError(null);
    try {
      const created = await createApiKey(name.trim(), picksWrite ? ['read', 'picks:write'] : ['read']);
      setName('');
      setPicksWrite(false);
      onCreated(created);
    } catch (error) {
      setCreateError(apiErrorText(error, 'Could not create the key.'));
    } finally {
      setCreating(false);
    }
  };

  return (
    <section className="card" aria-labelledby="api-keys-create">
      <h2 id="api-keys-create">Create a key</h2>
      <SingleFieldForm
        onSubmit={(e) => void create(e)}
        className="inline-form"
        field={{
          label: 'Name',
          value: name,
          maxLength: API_KEY_NAME_MAX_LENGTH,
          placeholder: 'e.g. Trading bot',
          onChange: setName,
          disabled: full,
        }}
        submit={{ text: creating ? 'Creating...' : 'Create key', disabled: creating || full || !name.trim() }}
      >
        <label className="checkbox">
          <input
            type="checkbox"
            checked={picksWrite}
            onChange={(e) => setPicksWrite(e.target.checked)}
            disabled={full}
          />{' '}
          Track picks and create alerts (<code>picks:write</code>, for an AI assistant)
        </label>
      </SingleFieldForm>
      {full && (
        <p className="muted">
          You have {MAX_ACTIVE_API_KEYS} keys, the most you can have at once; revoke one to create another.
        </p>
      )}
      <FormError message={createError} />
    </section>
  );
}

/**
 * One key's row: its name (renamed in place), prefix, scopes and dates, and its rename, rotate and revoke; rotate only
 * with `canRotate` (Platinum: a new secret is a new key).
 */
export function KeyRow({
  apiKey,
  canRotate,
  onChanged,
  onSecret,
}: {
  apiKey: ApiKeySummary;
  canRotate: boolean;
  onChanged: () => void;
  onSecret: (key: ApiKeyWithSecret) => void;
}) {
  const { editing, setEditing, name, setName, busy, error, rename, rotate, revoke } = useKeyActions(
    apiKey,
    onChanged,
    onSecret,
  );
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
      <td data-label="Scopes" data-testid="api-key-scopes">
        {apiKey.scopes.join(', ')}
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
          {canRotate && (
            <button type="button" className="button" disabled={busy} onClick={rotate}>
              Rotate
            </button>
          )}
          <button type="button" className="button danger" disabled={busy} onClick={revoke}>
            Revoke
          </button>
        </div>
      </td>
    </tr>
  );
}
