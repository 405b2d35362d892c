import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { AccountMessages } from '@oddspulse/shared';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { authProvidersQuery, oauthStartUrl, signIn, signUp } from '../account/account-api';
import { api } from '../api/client';
import { rememberedChoice } from '../api/session';
import { TabList, tabPanelProps, type TabItem } from '../components/TabList';
import { UsernameStatus, useUsernameCheck } from '../components/UsernameField';
import { AUTH_ORIGIN_KEY, Spinner } from '../routing/guards';
import { authAtom } from '../state/auth';
import { safeReturnPath, savePricingIntent } from '../state/pricing-intent';
import { authErrorMessage, LOGIN_BANNERS, redirectTarget } from './login-flow';
import { SignInOptions } from './SignInOptions';
import { FormError } from '../components/FormError';
import { LabelledInput } from '../components/LabelledInput';

const REMEMBERED_EMAIL_KEY = 'rememberedEmail';

type AuthTab = 'login' | 'signup';
/** spec 000 §2: tabs "Log in" and "Sign up". */
const AUTH_TABS: TabItem<AuthTab>[] = [
  { value: 'login', label: 'Log in' },
  { value: 'signup', label: 'Sign up' },
];

/** Log in and sign up (spec 000 §2, §5): email and password, the providers this server offers, and in demo mode its accounts. */
export function LoginPage() {
  const auth = useAtomValue(authAtom);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [tab, setTab] = useState<AuthTab>(pathname === '/signup' ? 'signup' : 'login');
  const tabsId = useId();
  const [email, setEmail] = useState(() => window.localStorage.getItem(REMEMBERED_EMAIL_KEY) ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(rememberedChoice);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const options = useQuery(authProvidersQuery()).data;
  const [username, setUsername] = useState('');
  const usernameCheck = useUsernameCheck(tab === 'signup' ? username : '');

  useEffect(() => setTab(pathname === '/signup' ? 'signup' : 'login'), [pathname]);
  useEffect(() => {
    // spec 000 §2: intent together with returnTo is kept as a pricing intent for 30 minutes.
    const intent = params.get('intent');
    const returnTo = params.get('returnTo');
    if (intent && returnTo)
      savePricingIntent(window.localStorage, intent, safeReturnPath(returnTo, '/subscribe'), Date.now());
  }, [params]);

  if (auth.status === 'loading') return <Spinner />;
  if (auth.status === 'signedIn' && !busy) return <Navigate to={redirectTarget(params)} replace />;

  // It shows its failure in the form and never rejects, so the form drops its promise.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError(AccountMessages.emailAndPasswordRequired);
      return;
    }
    // The username is optional at sign-up; if one is typed it must be valid and free (spec 000 §5).
    const wantsUsername = tab === 'signup' && username.trim() !== '';
    if (wantsUsername && usernameCheck.state !== 'ok') {
      setError(usernameCheck.state === 'taken' ? 'This username is already in use' : AccountMessages.usernameRule);
      return;
    }
    setBusy(true);
    try {
      const session =
        tab === 'login'
          ? await signIn(email.trim(), password, remember)
          : await signUp(email.trim(), password, remember, wantsUsername ? username.trim() : undefined);
      if (remember) window.localStorage.setItem(REMEMBERED_EMAIL_KEY, email.trim());
      else window.localStorage.removeItem(REMEMBERED_EMAIL_KEY);
      // A sign-in lands on next / returnTo, else / (spec 000 §2), never on the page the sign-in guard remembered: the
      // signed-in login page renders its <Navigate> before this navigation lands, so that page is forgotten first.
      window.sessionStorage.removeItem(AUTH_ORIGIN_KEY);
      const target = redirectTarget(params);
      api.setSession(session, remember);
      navigate(target, { replace: true });
    } catch (failure) {
      setError(authErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const oauthStart = (provider: 'google' | 'apple') => {
    const intent = params.get('intent');
    const asked = params.get('returnTo') ?? params.get('next');
    const returnTo = asked ? safeReturnPath(asked, '/app') : null;
    window.location.assign(oauthStartUrl(provider, returnTo, intent));
  };

  const banners = LOGIN_BANNERS.filter((b) => params.get(b.param) === 'true');
  const switchTab = (next: AuthTab) => {
    setError(null);
    navigate(`${next === 'signup' ? '/signup' : '/login'}${params.toString() ? `?${params}` : ''}`, { replace: true });
  };
  const fillDemoAccount = (demoEmail: string, demoPassword: string) => {
    setEmail(demoEmail);
    setPassword(demoPassword);
    switchTab('login');
  };

  return (
    <section className="auth-page card" aria-labelledby="auth-title">
      {/* the page's heading for assistive technology and the route announcer; the tabs say the same to the eye */}
      <h1 id="auth-title" className="sr-only">
        {tab === 'login' ? 'Log in to OddsPulse' : 'Create your OddsPulse account'}
      </h1>
      {banners.map((b) => (
        <div key={b.param} className={`banner banner-${b.kind}`} role="status">
          {b.text}
        </div>
      ))}
      <TabList id={tabsId} label="Log in or sign up" tabs={AUTH_TABS} selected={tab} onSelect={switchTab} />
      <form onSubmit={(event) => void submit(event)} noValidate {...tabPanelProps(tabsId, tab)}>
        <LabelledInput
          id="auth-email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
        />
        <LabelledInput
          id="auth-password"
          label="Password"
          type="password"
          autoComplete={tab === 'login' ? 'current-password' : 'new-password'}
          value={password}
          onChange={setPassword}
        />
        {tab === 'login' && (
          <p className="forgot-password small">
            <Link to="/forgot-password" state={{ email: email.trim() }}>
              Forgot password?
            </Link>
          </p>
        )}
        {tab === 'signup' && (
          <>
            <LabelledInput
              id="auth-username"
              label="Username (optional)"
              autoComplete="username"
              value={username}
              onChange={setUsername}
            />
            <UsernameStatus state={usernameCheck.state} override={usernameCheck.message} />
          </>
        )}
        <label className="checkbox">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> Remember me
        </label>
        <FormError message={error} />
        <button type="submit" className="button primary wide" disabled={busy}>
          {busy ? 'Please wait...' : tab === 'login' ? 'Log in' : 'Create account'}
        </button>
      </form>
      {tab === 'signup' && (
        <p className="muted small">
          Already have an account but forgot its password?{' '}
          <Link to="/forgot-password" state={{ email: email.trim() }}>
            Reset it
          </Link>
        </p>
      )}
      {options && <SignInOptions options={options} onOAuth={oauthStart} onDemo={fillDemoAccount} />}
      <p className="muted small">
        By continuing you agree to the <Link to="/terms">Terms</Link> and the <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </section>
  );
}
