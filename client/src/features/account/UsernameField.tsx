import { useEffect, useState, type FormEvent } from 'react';
import { checkUsernameAvailable, setUsername } from './account-api';
import { ApiError } from '../../api/api-client';
import { useSetProfile } from '../../state/session-state';
import { isValidUsername, USERNAME_DEBOUNCE_MS, USERNAME_STATUS_TEXT, type UsernameCheck } from '../../state/username';

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

/** Maps a failed save to its text (spec 000 §8); the setup dialog words a taken username its own way. */
export function usernameSaveError(error: unknown, inModal: boolean): string {
  if (error instanceof ApiError) {
    if (error.code === 'USERNAME_TAKEN' || error.message.includes('already in use'))
      return inModal ? 'This username is already taken. Please choose another one.' : 'This username is already in use';
    if (error.code === 'NETWORK' || error.message.toLowerCase().includes('unexpected'))
      return 'A network error occurred. Please check your connection and try again.';
    return error.message || 'Failed to set username. Please try again.';
  }
  return 'An unexpected error occurred. Please try again later.';
}

/**
 * The submit handler of a username form: saves `value` once the check says `ok`, then the profile holds it (and the
 * form, which shows only while there is none, goes); a failure becomes the check's state and message.
 */
export function useUsernameSave(
  value: string,
  { state, setState, setMessage }: ReturnType<typeof useUsernameCheck>,
  inModal: boolean,
) {
  const setProfile = useSetProfile();
  // It shows its failure in the form and never rejects, so the form drops its promise.
  return async (event: FormEvent) => {
    event.preventDefault();
    if (state !== 'ok') return;
    setState('saving');
    try {
      const saved = await setUsername(value.trim());
      setState('saved');
      setProfile(saved);
    } catch (error) {
      setState(error instanceof ApiError && error.code === 'USERNAME_TAKEN' ? 'taken' : 'error');
      setMessage(usernameSaveError(error, inModal));
    }
  };
}

export function UsernameStatus({
  state,
  override,
  id,
}: {
  state: UsernameCheck;
  override?: string | null;
  /** What the username input names in its aria-describedby (usernameInputAria). */
  id?: string;
}) {
  const text = override ?? USERNAME_STATUS_TEXT[state];
  if (!text) return null;
  return (
    <p className={`field-status status-${state}`} data-testid="username-status" aria-live="polite" id={id}>
      {text}
    </p>
  );
}

/**
 * The username input's ties to its status line (UsernameStatus with `statusId`): described by it while it shows, and
 * invalid while it says the name cannot be had (against the rule, or taken).
 */
export function usernameInputAria(
  state: UsernameCheck,
  override: string | null | undefined,
  statusId: string,
): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return {
    ...(state === 'invalid' || state === 'taken' ? { 'aria-invalid': true } : {}),
    ...((override ?? USERNAME_STATUS_TEXT[state]) ? { 'aria-describedby': statusId } : {}),
  };
}
