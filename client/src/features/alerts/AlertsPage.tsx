import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { ALERT_KINDS, canUseAlertKind } from '@oddspulse/shared';
import { Link } from 'react-router-dom';
import { Spinner } from '../../ui/Spinner';
import { authAtom } from '../../state/auth';
import { alertRulesQuery } from './alerts-api';
import { AlertRuleCard } from './AlertRuleCard';
import { AlertRuleForm } from './AlertRuleForm';
import { PushSetup } from './PushSetup';
import { WebhookSecret } from './WebhookSecret';
import { apiErrorText } from '../../api/api-client';
import { usePlan } from '../../state/session-state';

/**
 * /alerts: rules that alert the user with the tab closed — by Web Push, a signed webhook or an
 * e-mail digest — with each rule's deliveries and the notice of a webhook disabled after repeated failures.
 * Platinum for arbitrage, middles and steam, Gold for +EV and price targets; free users see the page with an upgrade
 * prompt.
 */
export function AlertsPage() {
  const plan = usePlan();
  const auth = useAtomValue(authAtom);
  const rules = useQuery({
    ...alertRulesQuery(auth.status === 'signedIn' ? auth.user.id : ''),
    enabled: auth.status === 'signedIn',
  });
  const [secret, setSecret] = useState<string | null>(null);
  if (plan.status !== 'ready') return <Spinner label="Checking your plan..." />;
  const access = { plan: plan.info.plan, unlimited: plan.info.unlimited };
  const kinds = ALERT_KINDS.filter((kind) => canUseAlertKind(access, kind));
  const changed = (fresh?: string) => {
    if (fresh) setSecret(fresh);
    void rules.refetch();
  };

  return (
    <div className="page alerts-page">
      <h1>Alerts</h1>
      {kinds.length === 0 ? (
        <section className="card" data-testid="alerts-upgrade">
          <h2>Get alerted with the tab closed</h2>
          <p>
            Alerts come with a paid plan: +EV and price target alerts with Gold, arbitrage, middle and steam alerts with
            Platinum.
          </p>
          <Link className="button primary" to="/pricing">
            See plans
          </Link>
        </section>
      ) : (
        <>
          {!kinds.includes('arbitrage') && (
            <p className="muted" data-testid="alerts-upgrade">
              Arbitrage, middle and steam alerts come with <Link to="/pricing">Platinum</Link>.
            </p>
          )}
          <WebhookSecret
            secret={secret}
            hasWebhooks={!!rules.data?.some((rule) => rule.webhookUrl)}
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
        {rules.isPending && <Spinner label="Loading your alerts..." />}
        {rules.isError && <p className="form-error">{apiErrorText(rules.error, 'Could not load your alerts.')}</p>}
        {rules.isSuccess &&
          (rules.data.length === 0 ? (
            <p className="muted">No alerts yet.</p>
          ) : (
            <ul className="alert-rules column">
              {rules.data.map((rule) => (
                <AlertRuleCard key={rule.id} rule={rule} kinds={kinds} onChanged={changed} />
              ))}
            </ul>
          ))}
      </section>
    </div>
  );
}
