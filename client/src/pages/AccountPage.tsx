import { useAtom, useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import pkg from '../../package.json';
import { isPaid, isPlatinum, planLabel, requestPasswordReset, setUsername } from '../api/accounts';
import { ApiError, serverMessage } from '../api/api-client';
import { AccountSocialLinks } from '../components/SocialLinks';
import { UsernameStatus, useUsernameCheck } from '../components/UsernameField';
import { usernameSaveError } from '../layout/UsernameSetupModal';
import { Spinner } from '../routing/guards';
import { authAtom, planAtom, profileAtom } from '../state/auth';
import { accessibilityAtom, type FontSize } from '../state/preferences-local';
import { useSocialLinks } from '../state/site';
import { emergencySignOut, signOut } from '../state/sign-out';
import { useToasts } from '../state/toasts';
import { versionText } from '../version';

function UsernameSection() {
  const [profile, setProfile] = useAtom(profileAtom);
  const [value, setValue] = useState('');
  const { state, setState, message, setMessage } = useUsernameCheck(value);
  if (profile.status === 'loading') return <Spinner label="Loading profile..." />;
  if (profile.status === 'error') return <p className="form-error">Profile failed to load. Some info may be unavailable.</p>;
  if (profile.profile.username) {
    return (
      <div>
        <p>
          <strong data-testid="account-username">{profile.profile.username}</strong>
        </p>
        <UsernameStatus state="locked" />
      </div>
    );
  }
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (state !== 'ok') return;
    setState('saving');
    try {
      const saved = await setUsername(value.trim());
      setState('saved');
      setProfile({ status: 'ready', profile: saved });
    } catch (error) {
      setState(error instanceof ApiError && error.code === 'USERNAME_TAKEN' ? 'taken' : 'error');
      setMessage(usernameSaveError(error, false));
    }
  };
  return (
    <form onSubmit={save} className="inline-form">
      <label htmlFor="account-username-input">Username</label>
      <input id="account-username-input" value={value} onChange={(e) => setValue(e.target.value)} autoComplete="username" />
      <button type="submit" className="button primary" disabled={state !== 'ok'}>
        Save
      </button>
      <UsernameStatus state={state} override={message} />
    </form>
  );
}

function SecuritySection({ email }: { email: string }) {
  const [resetStatus, setResetStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [leaving, setLeaving] = useState<string | null>(null);
  const { show } = useToasts();
  const reset = async () => {
    setResetStatus(null);
    try {
      await requestPasswordReset(email);
      setResetStatus({ ok: true, text: 'Reset link sent! Check your inbox.' });
    } catch (error) {
      // The server's own message (e.g. mail unavailable) when it gave one, else the spec's fallback.
      setResetStatus({ ok: false, text: (error instanceof ApiError && (serverMessage(error.body) ?? (error.status < 500 ? error.message : null))) || 'Could not send reset link.' });
    }
  };
  return (
    <div className="actions column">
      <button type="button" className="button" onClick={() => void reset()}>
        Reset password
      </button>
      {resetStatus && (
        <p className={resetStatus.ok ? 'form-success' : 'form-error'} role="status">
          {resetStatus.text}
        </p>
      )}
      <button
        type="button"
        className="button"
        disabled={leaving !== null}
        onClick={() => {
          setLeaving('Signing you out...');
          show('info', 'Signing you out...', 0);
          void signOut();
        }}
      >
        Sign out
      </button>
      <button
        type="button"
        className="button danger"
        disabled={leaving !== null}
        onClick={() => {
          setLeaving('Clearing this browser and signing you out...');
          void emergencySignOut();
        }}
      >
        Emergency sign out
      </button>
      <p className="muted small">Emergency sign out ends every session and clears all data this site keeps in this browser.</p>
      {leaving && <p role="status">{leaving}</p>}
    </div>
  );
}

function AccessibilitySection() {
  const [settings, setSettings] = useAtom(accessibilityAtom);
  const toggle = (key: 'highContrast' | 'reducedMotion' | 'keyboardNavigation', label: string) => (
    <label className="checkbox">
      <input type="checkbox" checked={settings[key]} onChange={(e) => setSettings({ ...settings, [key]: e.target.checked })} /> {label}
    </label>
  );
  return (
    <div className="column">
      {toggle('highContrast', 'High contrast')}
      {toggle('reducedMotion', 'Reduced motion')}
      {toggle('keyboardNavigation', 'Keyboard navigation (always show focus)')}
      <label htmlFor="font-size">Font size</label>
      <select id="font-size" value={settings.fontSize} onChange={(e) => setSettings({ ...settings, fontSize: e.target.value as FontSize })}>
        <option value="normal">Normal</option>
        <option value="large">Large</option>
        <option value="extra-large">Extra large</option>
      </select>
    </div>
  );
}

export function AccountPage() {
  const auth = useAtomValue(authAtom);
  const plan = useAtomValue(planAtom);
  const social = useSocialLinks();
  if (auth.status !== 'signedIn') return <Spinner />;
  const info = plan.status === 'ready' ? plan.info : null;
  return (
    <div className="page account-page">
      <h1>Account</h1>
      <section className="card" aria-labelledby="info-title">
        <h2 id="info-title">Account information</h2>
        <dl className="facts">
          <dt>Email</dt>
          <dd data-testid="account-email">{auth.user.email}</dd>
          {auth.user.created_at && (
            <>
              <dt>Member since</dt>
              <dd>{new Date(auth.user.created_at).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })}</dd>
            </>
          )}
        </dl>
      </section>
      <section className="card" aria-labelledby="username-title">
        <h2 id="username-title">Username</h2>
        <UsernameSection />
      </section>
      <section className="card" aria-labelledby="security-title">
        <h2 id="security-title">Security</h2>
        <SecuritySection email={auth.user.email} />
      </section>
      <section className="card" aria-labelledby="subscription-title">
        <h2 id="subscription-title">Subscription</h2>
        {info ? (
          <>
            <p>
              Current plan: <strong>{isPlatinum(info) ? 'Platinum' : planLabel(info.plan)}</strong>
              {info.is_gifted && ' (gifted)'}
            </p>
            {!info.unlimited && info.limit !== null && (
              <p className="muted">
                {info.used} of {info.limit} odds calls used this month.
              </p>
            )}
            <div className="actions">
              <Link className="button" to="/subscribe">
                Manage subscription
              </Link>
              {!isPlatinum(info) && (
                <Link className="button primary" to="/pricing">
                  Upgrade to Platinum
                </Link>
              )}
              {isPaid(info) && (
                <Link className="button danger" to="/billing/cancel?from=account">
                  Cancel subscription
                </Link>
              )}
            </div>
          </>
        ) : (
          <Spinner label="Loading your plan..." />
        )}
      </section>
      <section className="card" aria-labelledby="a11y-title">
        <h2 id="a11y-title">Accessibility</h2>
        <AccessibilitySection />
      </section>
      <AccountSocialLinks links={social} />
      <p className="muted version">{versionText(pkg.version)}</p>
    </div>
  );
}
