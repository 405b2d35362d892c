import type { AlertKind, AlertRule } from '@oddspulse/shared';
import { KIND_LABELS, MIN_LABELS } from './alert-form';
import { DeliveryFields } from './DeliveryFields';
import { LegFilterFields } from './LegFilterFields';
import { PriceTargetFields } from './PriceTargetFields';
import { useAlertRuleForm } from './useAlertRuleForm';
import { FormError } from '../../ui/FormError';
import { InputInLabel } from '../../ui/LabelledInput';
import { ValueSelect } from '../../ui/ValueSelect';

/** Create or edit a rule. */
export function AlertRuleForm({
  rule,
  kinds,
  onSaved,
  onCancel,
}: {
  rule: AlertRule | null;
  kinds: AlertKind[];
  onSaved: (saved: AlertRule) => void;
  onCancel?: () => void;
}) {
  const { form, set, busy, error, submit } = useAlertRuleForm(rule, kinds, onSaved);
  const id = rule?.id ?? 'new';
  return (
    <form className="alert-form column" onSubmit={(e) => void submit(e)} aria-label={rule ? 'Edit alert' : 'New alert'}>
      <ValueSelect
        label="Kind"
        value={form.kind}
        values={kinds}
        names={KIND_LABELS}
        onChange={(kind) => set('kind', kind)}
      />
      {form.kind === 'price_target' ? (
        <PriceTargetFields form={form} onTarget={(target) => set('target', target)} />
      ) : (
        <InputInLabel
          label={MIN_LABELS[form.kind]}
          type="number"
          min={0}
          max={100}
          step={0.1}
          required
          value={form.min}
          onChange={(text) => set('min', text)}
        />
      )}
      <LegFilterFields form={form} set={set} />
      {form.kind !== 'price_target' && (
        <InputInLabel
          label="Maximum leg age (seconds, empty: any)"
          type="number"
          min={1}
          max={86400}
          step={1}
          value={form.maxLegAge}
          onChange={(text) => set('maxLegAge', text)}
        />
      )}
      <DeliveryFields id={id} form={form} set={set} />
      <FormError message={error} />
      <div className="actions">
        <button type="submit" className="button primary" disabled={busy}>
          {rule ? 'Save alert' : 'Create alert'}
        </button>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
