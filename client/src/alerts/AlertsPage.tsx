import { useCallback, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { canUseAlertKind, type AlertRule } from '@oddspulse/shared';
import { Link } from 'react-router-dom';
import { Spinner } from '../routing/guards';
import { planAtom } from '../state/auth';
import { fetchAlertRules } from './alerts-api';
import { AlertRuleCard } from './AlertRuleCard';
import { AlertRuleForm } from './AlertRuleForm';
import { PushSetup } from './PushSetup';
import { WebhookSecret } from './WebhookSecret';
import { apiErrorText } from '../api/api-client';

type RulesState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; rules: AlertRule[] };

/**
 * /alerts: rules that alert the user with the tab closed — by Web Push, a signed webhook or an
 * e-mail digest — with each rule's deliveries and the notice of a webhook disabled after repeated failures.
 * Platinum for arbitrage and middles, Gold for +EV; free users see the page with an upgrade prompt.
 */
export function AlertsPage() {
  const plan = useAtomValue(planAtom);
  const [state, setState] = useState<RulesState>({ status: 'loading' });
  const [secret, setSecret] = useState<string | null>(null);
  const load = useCallback(() => {
    fetchAlertRules()
      .then((rules) => setState({ status: 'ready', rules }))
      .catch((error: unknown) =>
        setState({ status: 'error', message: apiErrorText(error, 'Could not load your alerts.') }),
      );
  }, []);
  useEffect(load, [load]);
  if (plan.status !== 'ready') return <Spinner label="Checking your plan..." />;
  const access = { plan: plan.info.plan, unlimited: plan.info.unlimited };
  const kinds = (['arbitrage', 'middle', 'ev'] as const).filter((kind) => canUseAlertKind(access, kind));
  const changed = (fresh?: string) => {
    if (fresh) setSecret(fresh);
    load();
  };

  return (
    <div className="page alerts-page">
      <h1>Alerts</h1>
      {kinds.length === 0 ? (
        <section className="card" data-testid="alerts-upgrade">
          <h2>Get alerted with the tab closed</h2>
          <p>Alerts come with a paid plan: +EV alerts with Gold, arbitrage and middle alerts with Platinum.</p>
          <Link className="button primary" to="/pricing">
            See plans
          </Link>
        </section>
      ) : (
        <>
          {!kinds.includes('arbitrage') && (
            <p className="muted" data-testid="alerts-upgrade">
              Arbitrage and middle alerts come with <Link to="/pricing">Platinum</Link>.
            </p>
          )}
          <WebhookSecret
            secret={secret}
            hasWebhooks={state.status === 'ready' && state.rules.some((rule) => rule.webhookUrl)}
            onSecret={setSecret}
          />
          <section className="card" aria-labelledby="push-title">
            <h2 id="push-title">Push notifications</h2>
            <PushSetup />
          </section>
          <section className="card" aria-labelledby="new-alert-title">
            <h2 id="new-alert-title">New alert</h2>
            <AlertRuleForm rule={null} kinds={kinds} onSaved={(saved) => changed(saved.secret)} />
          </section>
        </>
      )}
      <section aria-labelledby="your-alerts-title">
        <h2 id="your-alerts-title">Your alerts</h2>
        {state.status === 'loading' && <Spinner label="Loading your alerts..." />}
        {state.status === 'error' && <p className="form-error">{state.message}</p>}
        {state.status === 'ready' &&
          (state.rules.length === 0 ? (
            <p className="muted">No alerts yet.</p>
          ) : (
            <ul className="alert-rules column">
              {state.rules.map((rule) => (
                <AlertRuleCard key={rule.id} rule={rule} kinds={kinds} onChanged={changed} />
              ))}
            </ul>
          ))}
      </section>
    </div>
  );
}
