import { useState } from 'react';
import type { AlertKind, AlertRule } from '@oddspulse/shared';
import { deleteAlertRule } from './alerts-api';
import { describeRule } from './alert-form';
import { AlertDeliveries } from './AlertDeliveries';
import { AlertRuleForm } from './AlertRuleForm';
import { useAlertSports } from './useAlertSports';
import { FormError } from '../../ui/FormError';
import { apiErrorText } from '../../api/api-client';

/** One rule of the list: its summary and notice, edit, delete and its deliveries. */
export function AlertRuleCard({
  rule,
  kinds,
  onChanged,
}: {
  rule: AlertRule;
  kinds: AlertKind[];
  onChanged: (secret?: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sportNames = useAlertSports().names;
  const remove = async () => {
    if (!window.confirm('Delete this alert and its delivery history?')) return;
    try {
      await deleteAlertRule(rule.id);
      onChanged();
    } catch (failure) {
      setError(apiErrorText(failure, 'Could not delete the alert.'));
    }
  };
  return (
    <li className="card" data-testid="alert-rule">
      <p data-testid="alert-rule-summary">{describeRule(rule, sportNames)}</p>
      {rule.webhookUrl && <p className="muted">Webhook: {rule.webhookUrl}</p>}
      {rule.notice && (
        <p className="notice form-error" role="alert" data-testid="alert-rule-notice">
          {rule.notice}
        </p>
      )}
      <FormError message={error} />
      {editing ? (
        <AlertRuleForm
          rule={rule}
          kinds={kinds.includes(rule.kind) ? kinds : [rule.kind, ...kinds]}
          onSaved={(saved) => {
            setEditing(false);
            onChanged(saved.secret);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="actions">
          <button
            type="button"
            className="button"
            onClick={() => setShowDeliveries((v) => !v)}
            aria-expanded={showDeliveries}
          >
            {showDeliveries ? 'Hide deliveries' : 'Deliveries'}
          </button>
          <button type="button" className="button" onClick={() => setEditing(true)}>
            Edit
          </button>
          <button type="button" className="button danger" onClick={() => void remove()}>
            Delete
          </button>
        </div>
      )}
      {showDeliveries && <AlertDeliveries ruleId={rule.id} />}
    </li>
  );
}
