import { Link } from 'react-router-dom';
import { UsernameStatus, usernameInputAria } from '../account';
import { FormError } from '../../ui/FormError';
import { LabelledInput } from '../../ui/LabelledInput';
import { tabPanelProps } from '../../ui/TabList';
import type { AuthTab } from './login-flow';
import type { Credentials } from './useCredentials';

/**
 * The panel of the login page's tabs: email and password, on "Sign up" an optional username with its check, "Remember
 * me", the form's error and its submit button.
 */
export function CredentialsForm({ form, tab, tabsId }: { form: Credentials; tab: AuthTab; tabsId: string }) {
  const {
    email,
    setEmail,
    password,
    setPassword,
    username,
    setUsername,
    usernameCheck,
    remember,
    setRemember,
    error,
    busy,
    submit,
  } = form;
  return (
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
            {...usernameInputAria(usernameCheck.state, usernameCheck.message, 'auth-username-status')}
          />
          <UsernameStatus state={usernameCheck.state} override={usernameCheck.message} id="auth-username-status" />
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
  );
}
