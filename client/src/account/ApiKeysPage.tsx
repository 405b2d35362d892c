import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { API_KEY_NAME_MAX_LENGTH, MAX_ACTIVE_API_KEYS, type ApiKeyWithSecret } from '@oddspulse/shared';
import { Link } from 'react-router-dom';
import { Spinner } from '../routing/guards';
import { authAtom } from '../state/auth';
import { apiKeysQuery, createApiKey, useSecurityActivityChanged } from './security-api';
import { KeyRow, NewSecret } from './ApiKeyParts';
import { FormError } from '../components/FormError';
import { SingleFieldForm } from '../components/SingleFieldForm';
import { apiErrorText } from '../api/api-client';
import { TableHead } from '../components/TableHead';

/**
 * Platinum personal API keys (DECISIONS 5): create and name a key, see each key's last use,
 * rename, rotate and revoke. A key reads odds, props, scanners, scores and history and the live socket; it can
 * never manage the account.
 */
export function ApiKeysPage() {
  const auth = useAtomValue(authAtom);
  const userId = auth.status === 'signedIn' ? auth.user.id : '';
  const keys = useQuery({ ...apiKeysQuery(userId), enabled: auth.status === 'signedIn' });
  const reload = () => void keys.refetch();
  const activityChanged = useSecurityActivityChanged(userId);
  const changed = () => {
    reload();
    activityChanged();
  };
  const [name, setName] = useState('');
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [secret, setSecret] = useState<ApiKeyWithSecret | null>(null);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setCreating(true);
    setCreateError(null);
    try {
      setSecret(await createApiKey(name.trim()));
      setName('');
      changed();
    } catch (error) {
      setCreateError(apiErrorText(error, 'Could not create the key.'));
    } finally {
      setCreating(false);
    }
  };

  const full = keys.isSuccess && keys.data.length >= MAX_ACTIVE_API_KEYS;
  return (
    <div className="page api-keys-page">
      <p>
        <Link to="/account">← Account</Link>
      </p>
      <h1>API keys</h1>
      <section className="card" aria-labelledby="api-keys-about">
        <h2 id="api-keys-about">Programmatic access</h2>
        <p>
          Send a key in the <code>x-api-key</code> header to read odds, player props, the +EV, arbitrage and middles
          scanners, scores and line history, or as <code>auth.apiKey</code> on the live socket. A key can only read: it
          cannot change your account, your keys, your picks or your subscription.
        </p>
        <pre className="code-sample">
          curl -H "x-api-key: YOUR_KEY" {window.location.origin}/api/odds?sport=basketball_nba
        </pre>
      </section>
      {secret && <NewSecret created={secret} onDone={() => setSecret(null)} />}
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
        />
        {full && (
          <p className="muted">
            You have {MAX_ACTIVE_API_KEYS} keys, the most you can have at once; revoke one to create another.
          </p>
        )}
        <FormError message={createError} />
      </section>
      <section className="card" aria-labelledby="api-keys-list">
        <h2 id="api-keys-list">Your keys</h2>
        {keys.isPending && <Spinner label="Loading your API keys..." />}
        {keys.isError && (
          <p className="form-error" role="alert">
            {apiErrorText(keys.error, 'Could not load your API keys.')}{' '}
            <button type="button" className="button" onClick={reload}>
              Try again
            </button>
          </p>
        )}
        {keys.isSuccess && keys.data.length === 0 && <p className="muted">No API keys yet. Create one above.</p>}
        {keys.isSuccess && keys.data.length > 0 && (
          <div className="table-scroll">
            <table className="api-keys">
              <TableHead columns={['Name', 'Key', 'Created', 'Last used', <span className="sr-only">Actions</span>]} />
              <tbody>
                {keys.data.map((key) => (
                  <KeyRow key={key.id} apiKey={key} onChanged={changed} onSecret={setSecret} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
