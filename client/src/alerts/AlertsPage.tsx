import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { CORE_SPORTS, SPORTSBOOKS, canUseAlertKind, formatClock, type AlertDelivery, type AlertKind, type AlertRule } from '@oddspulse/shared';
import { ApiError } from '../api/api-client';
import { Spinner } from '../routing/guards';
import { planAtom } from '../state/auth';
import { createAlertRule, deleteAlertRule, fetchAlertDeliveries, fetchAlertRules, updateAlertRule, type AlertRuleInput } from './alerts-api';
import { enablePush, pushSupported } from './alert-push';

const KIND_LABELS: Record<AlertKind, string> = { arbitrage: 'Arbitrage', middle: 'Middle', ev: '+EV' };
const MIN_LABELS: Record<AlertKind, string> = { arbitrage: 'Minimum profit (%)', middle: 'Minimum middle probability (%)', ev: 'Minimum EV (%)' };

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError && error.message) || fallback;
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

interface FormState {
  kind: AlertKind;
  min: string;
  sports: string[];
  books: string[];
  maxLegAge: string;
  quiet: boolean;
  quietStart: string;
  quietEnd: string;
  timeZone: string;
  webhookUrl: string;
  push: boolean;
  email: boolean;
}

function formOf(rule: AlertRule | null, kind: AlertKind): FormState {
  return {
    kind: rule?.kind ?? kind,
    min: String(rule?.min ?? (kind === 'middle' ? 20 : 1)),
    sports: rule?.sports ?? [],
    books: rule?.books ?? [],
    maxLegAge: rule?.maxLegAgeSeconds ? String(rule.maxLegAgeSeconds) : '',
    quiet: Boolean(rule?.quietHours),
    quietStart: rule?.quietHours ? formatClock(rule.quietHours.start) : '22:00',
    quietEnd: rule?.quietHours ? formatClock(rule.quietHours.end) : '07:00',
    timeZone: rule?.quietHours?.timeZone ?? browserZone(),
    webhookUrl: rule?.webhookUrl ?? '',
    push: rule?.push ?? false,
    email: rule?.email ?? false,
  };
}

function inputOf(form: FormState): AlertRuleInput {
  return {
    kind: form.kind,
    min: Number(form.min),
    sports: form.sports,
    books: form.books,
    maxLegAgeSeconds: form.maxLegAge ? Number(form.maxLegAge) : null,
    quietHours: form.quiet ? { start: form.quietStart, end: form.quietEnd, timeZone: form.timeZone } : null,
    webhookUrl: form.webhookUrl.trim() || null,
    push: form.push,
    email: form.email,
  };
}

const selected = (select: HTMLSelectElement) => [...select.selectedOptions].map((o) => o.value);

/** Create or edit a rule. */
function RuleForm({
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
  const [form, setForm] = useState<FormState>(() => formOf(rule, kinds[0]));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const id = rule?.id ?? 'new';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSaved(rule ? await updateAlertRule(rule.id, inputOf(form)) : await createAlertRule(inputOf(form)));
      if (!rule) setForm(formOf(null, kinds[0]));
    } catch (failure) {
      setError(errorText(failure, 'Could not save the alert.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="alert-form column" onSubmit={(e) => void submit(e)} aria-label={rule ? 'Edit alert' : 'New alert'}>
      <label>
        Kind
        <select value={form.kind} onChange={(e) => set('kind', e.target.value as AlertKind)}>
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {MIN_LABELS[form.kind]}
        <input type="number" min={0} max={100} step={0.1} required value={form.min} onChange={(e) => set('min', e.target.value)} />
      </label>
      <label>
        Sports (none selected: all)
        <select multiple size={4} value={form.sports} onChange={(e) => set('sports', selected(e.target))}>
          {CORE_SPORTS.map((sport) => (
            <option key={sport.key} value={sport.key}>
              {sport.title}
            </option>
          ))}
        </select>
      </label>
      <label>
        Books (none selected: all; otherwise every leg at one of them)
        <select multiple size={4} value={form.books} onChange={(e) => set('books', selected(e.target))}>
          {SPORTSBOOKS.map((book) => (
            <option key={book.key} value={book.key}>
              {book.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Maximum leg age (seconds, empty: any)
        <input type="number" min={1} max={86400} step={1} value={form.maxLegAge} onChange={(e) => set('maxLegAge', e.target.value)} />
      </label>
      <label className="inline">
        <input type="checkbox" checked={form.quiet} onChange={(e) => set('quiet', e.target.checked)} /> Quiet hours
      </label>
      {form.quiet && (
        <div className="inline-form">
          <label>
            From
            <input type="time" value={form.quietStart} onChange={(e) => set('quietStart', e.target.value)} required />
          </label>
          <label>
            To
            <input type="time" value={form.quietEnd} onChange={(e) => set('quietEnd', e.target.value)} required />
          </label>
          <label>
            Time zone
            <input value={form.timeZone} onChange={(e) => set('timeZone', e.target.value)} required />
          </label>
        </div>
      )}
      <label htmlFor={`webhook-${id}`}>Webhook URL (Discord, Slack or your own; signed with your alert secret)</label>
      <input
        id={`webhook-${id}`}
        type="url"
        placeholder="https://discord.com/api/webhooks/…"
        value={form.webhookUrl}
        onChange={(e) => set('webhookUrl', e.target.value)}
      />
      <label className="inline">
        <input type="checkbox" checked={form.push} onChange={(e) => set('push', e.target.checked)} /> Push notification
      </label>
      <label className="inline">
        <input type="checkbox" checked={form.email} onChange={(e) => set('email', e.target.checked)} /> E-mail digest
      </label>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
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

function Deliveries({ ruleId }: { ruleId: string }) {
  const [rows, setRows] = useState<AlertDelivery[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    fetchAlertDeliveries(ruleId)
      .then(setRows)
      .catch((failure: unknown) => setError(errorText(failure, 'Could not load the deliveries.')));
  }, [ruleId]);
  useEffect(load, [load]);
  if (error) return <p className="form-error">{error}</p>;
  if (!rows) return <Spinner label="Loading deliveries..." />;
  return (
    <div className="column">
      <button type="button" className="button small" onClick={load}>
        Refresh
      </button>
      {rows.length === 0 ? (
        <p className="muted">No deliveries yet.</p>
      ) : (
        <table className="api-keys" data-testid="alert-deliveries">
          <thead>
            <tr>
              <th>When</th>
              <th>Opportunity</th>
              <th>Channel</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="alert-delivery">
                <td>{when(row.updatedAt)}</td>
                <td>
                  <Link to={row.summary.path}>{row.summary.title}</Link>
                </td>
                <td>{row.channel}</td>
                <td data-testid="alert-delivery-status">
                  {row.status}
                  {row.reason ? ` — ${row.reason}` : ''}
                  {row.attempts > 1 ? ` (${row.attempts} tries)` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function describe(rule: AlertRule): string {
  const parts = [`${KIND_LABELS[rule.kind]} ≥ ${rule.min}%`];
  parts.push(rule.sports.length ? rule.sports.map((s) => CORE_SPORTS.find((c) => c.key === s)?.title ?? s).join(', ') : 'all sports');
  if (rule.books.length) parts.push(`${rule.books.length} books`);
  if (rule.maxLegAgeSeconds) parts.push(`legs ≤ ${rule.maxLegAgeSeconds}s old`);
  if (rule.quietHours) parts.push(`quiet ${formatClock(rule.quietHours.start)}–${formatClock(rule.quietHours.end)} ${rule.quietHours.timeZone}`);
  const channels = [rule.webhookUrl && 'webhook', rule.push && 'push', rule.email && 'e-mail digest'].filter(Boolean);
  parts.push(`by ${channels.join(', ')}`);
  return parts.join(' · ');
}

function RuleCard({ rule, kinds, onChanged }: { rule: AlertRule; kinds: AlertKind[]; onChanged: (secret?: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    if (!window.confirm('Delete this alert and its delivery history?')) return;
    try {
      await deleteAlertRule(rule.id);
      onChanged();
    } catch (failure) {
      setError(errorText(failure, 'Could not delete the alert.'));
    }
  };
  return (
    <li className="card" data-testid="alert-rule">
      <p data-testid="alert-rule-summary">{describe(rule)}</p>
      {rule.webhookUrl && <p className="muted">Webhook: {rule.webhookUrl}</p>}
      {rule.notice && (
        <p className="notice form-error" role="alert" data-testid="alert-rule-notice">
          {rule.notice}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {editing ? (
        <RuleForm
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
          <button type="button" className="button" onClick={() => setShowDeliveries((v) => !v)} aria-expanded={showDeliveries}>
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
      {showDeliveries && <Deliveries ruleId={rule.id} />}
    </li>
  );
}

function PushSetup() {
  const [state, setState] = useState<{ status: 'idle' | 'busy' | 'on' } | { status: 'error'; message: string }>({ status: 'idle' });
  if (!pushSupported()) return <p className="muted">This browser cannot receive push notifications; use a webhook or the e-mail digest.</p>;
  const enable = async () => {
    setState({ status: 'busy' });
    try {
      await enablePush();
      setState({ status: 'on' });
    } catch (failure) {
      setState({ status: 'error', message: errorText(failure, failure instanceof Error ? failure.message : 'Could not turn on push notifications.') });
    }
  };
  return (
    <div className="column">
      <p className="muted">Push alerts reach this browser even with every OddsPulse tab closed.</p>
      <button type="button" className="button" disabled={state.status === 'busy'} onClick={() => void enable()}>
        {state.status === 'on' ? 'Push is on for this browser' : 'Turn on push for this browser'}
      </button>
      {state.status === 'error' && (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}

type RulesState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; rules: AlertRule[] };

/**
 * /alerts (issue 21 part 2): rules that alert the user with the tab closed — by Web Push, a signed webhook or an
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
      .catch((error: unknown) => setState({ status: 'error', message: errorText(error, 'Could not load your alerts.') }));
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
          {secret && (
            <div className="card notice" role="status" data-testid="alert-secret">
              <p>
                <strong>Your webhook signing secret</strong> — copy it now: it will not be shown again. Each webhook body is signed with it in the{' '}
                <code>X-OddsPulse-Signature</code> header (<code>sha256=</code> HMAC-SHA256 of the body).
              </p>
              <p>
                <code className="secret">{secret}</code>
              </p>
              <button type="button" className="button primary" onClick={() => setSecret(null)}>
                Done
              </button>
            </div>
          )}
          <section className="card" aria-labelledby="push-title">
            <h2 id="push-title">Push notifications</h2>
            <PushSetup />
          </section>
          <section className="card" aria-labelledby="new-alert-title">
            <h2 id="new-alert-title">New alert</h2>
            <RuleForm rule={null} kinds={kinds} onSaved={(saved) => changed(saved.secret)} />
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
                <RuleCard key={rule.id} rule={rule} kinds={kinds} onChanged={changed} />
              ))}
            </ul>
          ))}
      </section>
    </div>
  );
}
