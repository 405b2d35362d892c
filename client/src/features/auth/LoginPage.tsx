import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { authProvidersQuery, oauthStartUrl } from '../account';
import { TabList, type TabItem } from '../../ui/TabList';
import { authAtom } from '../../state/auth';
import { Spinner } from '../../ui/Spinner';
import { safeReturnPath, savePricingIntent } from '../../state/pricing-intent';
import { LOGIN_BANNERS, redirectTarget, type AuthTab } from './login-flow';
import { SignInOptions } from './SignInOptions';
import { CredentialsForm } from './CredentialsForm';
import { useCredentials } from './useCredentials';

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
  const options = useQuery(authProvidersQuery()).data;
  const form = useCredentials(tab, params);

  useEffect(() => setTab(pathname === '/signup' ? 'signup' : 'login'), [pathname]);
  useEffect(() => {
    // spec 000 §2: intent together with returnTo is kept as a pricing intent for 30 minutes.
    const intent = params.get('intent');
    const returnTo = params.get('returnTo');
    if (intent && returnTo)
      savePricingIntent(window.localStorage, intent, safeReturnPath(returnTo, '/subscribe'), Date.now());
  }, [params]);

  if (auth.status === 'loading') return <Spinner />;
  if (auth.status === 'signedIn' && !form.busy) return <Navigate to={redirectTarget(params)} replace />;

  const oauthStart = (provider: 'google' | 'apple') => {
    const intent = params.get('intent');
    const asked = params.get('returnTo') ?? params.get('next');
    const returnTo = asked ? safeReturnPath(asked, '/app') : null;
    window.location.assign(oauthStartUrl(provider, returnTo, intent));
  };

  const banners = LOGIN_BANNERS.filter((b) => params.get(b.param) === 'true');
  const switchTab = (next: AuthTab) => {
    form.setError(null);
    navigate(`${next === 'signup' ? '/signup' : '/login'}${params.toString() ? `?${params}` : ''}`, { replace: true });
  };
  const fillDemoAccount = (demoEmail: string, demoPassword: string) => {
    form.setEmail(demoEmail);
    form.setPassword(demoPassword);
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
      <CredentialsForm form={form} tab={tab} tabsId={tabsId} />
      {tab === 'signup' && (
        <p className="muted small">
          Already have an account but forgot its password?{' '}
          <Link to="/forgot-password" state={{ email: form.email.trim() }}>
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
