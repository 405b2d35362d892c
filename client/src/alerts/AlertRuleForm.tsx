import { useEffect, useState, type FormEvent } from 'react';
import { CORE_SPORTS, SPORTSBOOKS, type AlertKind, type AlertRule } from '@oddspulse/shared';
import { createAlertRule, updateAlertRule } from './alerts-api';
import { formOf, inputOf, KIND_LABELS, MIN_LABELS, type FormState, type SetField } from './alert-form';
import { QuietHoursFields } from './QuietHoursFields';
import { PriceTargetFields } from './PriceTargetFields';
import { FormError } from '../components/FormError';
import { InputInLabel, LabelledInput } from '../components/LabelledInput';
import { ValueMultiSelect } from '../components/ValueMultiSelect';
import { ValueSelect } from '../components/ValueSelect';
import { apiErrorText } from '../api/api-client';
import { useStartingBooks } from '../state/starting-books';

/** A rule's sport and book filters: the form field, its label, and the keys to choose from with their names. */
const LEG_FILTERS = [
  {
    field: 'sports',
    label: 'Sports (none selected: all)',
    values: CORE_SPORTS.map((sport) => sport.key),
    names: Object.fromEntries(CORE_SPORTS.map((sport) => [sport.key, sport.title])),
  },
  {
    field: 'books',
    label: 'Books (none selected: all; otherwise every leg at one of them)',
    values: SPORTSBOOKS.map((book) => book.key),
    names: Object.fromEntries(SPORTSBOOKS.map((book) => [book.key, book.name])),
  },
] as const;

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
  const starting = useStartingBooks().books;
  const [form, setForm] = useState<FormState>(() => formOf(rule, kinds[0], starting));
  // a new rule's books follow the starting books (their late arrival, a save) until the user chooses some
  const [booksChosen, setBooksChosen] = useState(false);
  useEffect(() => {
    if (!rule && !booksChosen) setForm((f) => ({ ...f, books: [...starting] }));
  }, [rule, booksChosen, starting]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set: SetField = (key, value) => {
    if (key === 'books') setBooksChosen(true);
    setForm((f) => ({ ...f, [key]: value }));
  };
  const id = rule?.id ?? 'new';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSaved(rule ? await updateAlertRule(rule.id, inputOf(form)) : await createAlertRule(inputOf(form)));
      if (!rule) {
        setForm(formOf(null, kinds[0], starting));
        setBooksChosen(false);
      }
    } catch (failure) {
      setError(apiErrorText(failure, 'Could not save the alert.'));
    } finally {
      setBusy(false);
    }
  };
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
      {/* a price target's sport is its game's */}
      {LEG_FILTERS.filter(({ field }) => !(form.kind === 'price_target' && field === 'sports')).map(
        ({ field, label, values, names }) => (
          <ValueMultiSelect
            key={field}
            label={label}
            value={form[field]}
            values={values}
            names={names}
            onChange={(selected) => set(field, selected)}
          />
        ),
      )}
      {(form.kind === 'steam' || form.kind === 'price_target') && (
        <p className="muted small" data-testid="alert-books-hint">
          {form.kind === 'steam'
            ? 'Steam alerts when one of these books is still at the old price.'
            : 'The target is met at any of these books.'}
        </p>
      )}
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
      <label className="inline">
        <input type="checkbox" checked={form.quiet} onChange={(e) => set('quiet', e.target.checked)} /> Quiet hours
      </label>
      {form.quiet && <QuietHoursFields form={form} set={set} />}
      <LabelledInput
        id={`webhook-${id}`}
        label="Webhook URL (Discord, Slack or your own; signed with your alert secret)"
        type="url"
        placeholder="https://discord.com/api/webhooks/…"
        value={form.webhookUrl}
        onChange={(text) => set('webhookUrl', text)}
      />
      <label className="inline">
        <input type="checkbox" checked={form.push} onChange={(e) => set('push', e.target.checked)} /> Push notification
      </label>
      <label className="inline">
        <input type="checkbox" checked={form.email} onChange={(e) => set('email', e.target.checked)} /> E-mail digest
      </label>
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
