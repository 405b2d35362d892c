import { useState, type FormEvent } from 'react';
import { AccountMessages } from '@oddspulse/shared';
import { useNavigate } from 'react-router-dom';
import { signIn, signUp, useUsernameCheck } from '../account';
import { api } from '../../api/client';
import { rememberedChoice } from '../../api/session';
import { AUTH_ORIGIN_KEY } from '../../state/auth';
import { storedKey, writeStored } from '../../state/stored-value';
import { USERNAME_STATUS_TEXT } from '../../state/username';
import { authErrorMessage, redirectTarget, type AuthTab } from './login-flow';

const REMEMBERED_EMAIL_KEY = 'rememberedEmail';
/** Critical (spec 000 §9): no cleanup removes it. */
const REMEMBERED_EMAIL = storedKey(REMEMBERED_EMAIL_KEY, 'critical');

/**
 * Why sign-up waits for a username that is not `ok` yet: the rule only for one that breaks it; a valid one still
 * being checked (the 350 ms pause, or the request) says so, and a failed check says why (spec 000 §5's status texts).
 */
function usernameRefusal({ state, message }: Pick<ReturnType<typeof useUsernameCheck>, 'state' | 'message'>): string {
  if (state === 'invalid') return AccountMessages.usernameRule;
  if (state === 'taken') return AccountMessages.usernameTaken;
  if (state === 'error' && message) return message;
  return USERNAME_STATUS_TEXT.checking!;
}

/**
 * The email and password form's fields (the email this browser remembers first), its error and whether it is
 * waiting, and its submit: a sign-in on the "Log in" tab, a new account on "Sign up", then on to where the address
 * asks (redirectTarget).
 */
export function useCredentials(tab: AuthTab, params: URLSearchParams) {
  const navigate = useNavigate();
  const [email, setEmail] = useState(() => window.localStorage.getItem(REMEMBERED_EMAIL_KEY) ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(rememberedChoice);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [username, setUsername] = useState('');
  const usernameCheck = useUsernameCheck(tab === 'signup' ? username : '');

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
      setError(usernameRefusal(usernameCheck));
      return;
    }
    setBusy(true);
    try {
      const session =
        tab === 'login'
          ? await signIn(email.trim(), password, remember)
          : await signUp(email.trim(), password, remember, wantsUsername ? username.trim() : undefined);
      if (remember) writeStored(REMEMBERED_EMAIL, email.trim());
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

  return {
    email,
    setEmail,
    password,
    setPassword,
    remember,
    setRemember,
    username,
    setUsername,
    usernameCheck,
    error,
    setError,
    busy,
    submit,
  };
}

/** The credentials form's state and submit, as useCredentials keeps them. */
export type Credentials = ReturnType<typeof useCredentials>;
