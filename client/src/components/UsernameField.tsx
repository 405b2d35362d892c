import { useEffect, useState } from 'react';
import { checkUsernameAvailable } from '../account/account-api';
import { ApiError } from '../api/api-client';
import { isValidUsername, USERNAME_DEBOUNCE_MS, USERNAME_STATUS_TEXT, type UsernameCheck } from '../state/username';

/**
 * A username input with the live availability check (spec 000 §4: 350 ms after typing). Reports its
 * state so the owner enables saving only in state `ok`.
 */
export function useUsernameCheck(value: string) {
  const [state, setState] = useState<UsernameCheck>('idle');
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    const candidate = value.trim();
    setMessage(null);
    if (!candidate) {
      setState('idle');
      return;
    }
    if (!isValidUsername(candidate)) {
      setState('invalid');
      return;
    }
    setState('checking');
    const abort = new AbortController();
    const timer = window.setTimeout(() => {
      checkUsernameAvailable(candidate, abort.signal)
        .then((answer) => {
          if (!abort.signal.aborted) setState(answer.available ? 'ok' : 'taken');
        })
        .catch((error: unknown) => {
          if (abort.signal.aborted || (error instanceof ApiError && error.code === 'ABORTED')) return;
          console.warn('Username availability check failed', error);
          setState('error');
          setMessage(
            error instanceof ApiError && error.status !== 0
              ? error.message
              : 'A network error occurred. Please check your connection and try again.',
          );
        });
    }, USERNAME_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      abort.abort();
    };
  }, [value]);
  return { state, setState, message, setMessage };
}

export function UsernameStatus({ state, override }: { state: UsernameCheck; override?: string | null }) {
  const text = override ?? USERNAME_STATUS_TEXT[state];
  if (!text) return null;
  return (
    <p className={`field-status status-${state}`} data-testid="username-status" aria-live="polite">
      {text}
    </p>
  );
}
