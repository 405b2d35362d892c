import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import {
  MAX_ACTIVE_API_KEYS,
  PLAN_GATE_PANELS,
  PLAN_GATES,
  passesGate,
  type ApiKeyWithSecret,
} from '@oddspulse/shared';
import { Link } from 'react-router-dom';
import { Spinner } from '../../ui/Spinner';
import { GatePanel } from '../../ui/GatePanel';
import { authAtom } from '../../state/auth';
import { planAccess } from '../../state/session-api';
import { usePlan } from '../../state/session-state';
import { apiKeysQuery, useSecurityActivityChanged } from './security-api';
import { CreateKeySection, KeyRow, NewSecret } from './ApiKeyParts';
import { apiErrorText } from '../../api/api-client';
import { TableHead } from '../../ui/TableHead';

/**
 * Platinum personal API keys (DECISIONS 5): create and name a key, see each key's last use,
 * rename, rotate and revoke. A key reads odds, props, scanners, scores and history and the live socket; it can
 * never manage the account. Off Platinum the keys made on it are still listed, to be renamed or revoked (a leaked
 * one would work again the day Platinum came back), with why they do not work now; with none, the Platinum panel.
 */
export function ApiKeysPage() {
  const auth = useAtomValue(authAtom);
  const plan = usePlan();
  const userId = auth.status === 'signedIn' ? auth.user.id : '';
  const keys = useQuery({ ...apiKeysQuery(userId), enabled: auth.status === 'signedIn' });
  const reload = () => void keys.refetch();
  const activityChanged = useSecurityActivityChanged(userId);
  const changed = () => {
    reload();
    activityChanged();
  };
  const [secret, setSecret] = useState<ApiKeyWithSecret | null>(null);

  if (plan.status === 'loading') return <Spinner label="Checking your plan..." />;
  // the plan-gate table decides (shared entitlements.ts), as the server's guard on making keys does
  const platinum = plan.status === 'ready' && passesGate(planAccess(plan.info), PLAN_GATES.apiKeys);
  const panel = PLAN_GATE_PANELS[PLAN_GATES.apiKeys];
  if (!platinum && keys.isPending) return <Spinner label="Loading your API keys..." />;
  if (!platinum && keys.isSuccess && keys.data.length === 0) return <GatePanel {...panel} />;
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
          scanners, scores and line history, or as <code>auth.apiKey</code> on the live socket. A key reads; one made
          with <q>Track picks and create alerts</q> may also do that through the MCP server (docs/mcp.md). No key can
          change your account, your keys or your subscription.
        </p>
        <pre className="code-sample">
          curl -H "x-api-key: YOUR_KEY" {window.location.origin}/api/odds?sport=basketball_nba
        </pre>
      </section>
      {secret && <NewSecret created={secret} onDone={() => setSecret(null)} />}
      {platinum ? (
        <CreateKeySection
          full={full}
          onCreated={(created) => {
            setSecret(created);
            changed();
          }}
        />
      ) : (
        <section className="card notice" role="status" data-testid="api-keys-off-plan">
          <p>
            Your API keys do not work while your plan is not Platinum: every request with one is refused. Revoke any you
            no longer use; the others work again when you are back on Platinum.
          </p>
          <Link className="button primary" to={panel.to}>
            {panel.action}
          </Link>
        </section>
      )}
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
              <TableHead
                columns={['Name', 'Key', 'Scopes', 'Created', 'Last used', <span className="sr-only">Actions</span>]}
              />
              <tbody>
                {keys.data.map((key) => (
                  <KeyRow key={key.id} apiKey={key} canRotate={platinum} onChanged={changed} onSecret={setSecret} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
