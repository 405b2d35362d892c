import { useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { setUsername } from '../account/account-api';
import { ApiError } from '../api/api-client';
import { Modal } from '../components/Modal';
import { UsernameStatus, useUsernameCheck } from '../components/UsernameField';
import { profileAtom } from '../state/auth';

/** Maps a failed save to the setup modal's texts (spec 000 §8). */
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

/** The username setup dialog (spec 000 §2), opened by `UsernameSetup` when the signed-in user has none yet. */
export function UsernameSetupModal({ onLater }: { onLater: () => void }) {
  const setProfile = useSetAtom(profileAtom);
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const { state, setState, message, setMessage } = useUsernameCheck(value);
  const required = touched && value.trim() === '' ? 'Username is required' : null;
  // It shows its failure in the form and never rejects, so the form drops its promise.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state !== 'ok') return;
    setState('saving');
    try {
      const saved = await setUsername(value.trim());
      setProfile({ status: 'ready', profile: saved });
    } catch (error) {
      setState(error instanceof ApiError && error.code === 'USERNAME_TAKEN' ? 'taken' : 'error');
      setMessage(usernameSaveError(error, true));
    }
  };
  return (
    <Modal title="Choose your username" testId="username-setup">
      <form onSubmit={(event) => void submit(event)}>
        <p className="muted">Your username is shown on your dashboard. It cannot be changed once set.</p>
        <label htmlFor="setup-username">Username</label>
        <input
          id="setup-username"
          autoComplete="username"
          value={value}
          onChange={(e) => {
            setTouched(true);
            setValue(e.target.value);
          }}
          autoFocus
        />
        <UsernameStatus state={state} override={message ?? (state === 'idle' ? required : null)} />
        <div className="actions">
          <button type="submit" className="button primary" disabled={state !== 'ok'}>
            {state === 'saving' ? 'Saving...' : 'Save username'}
          </button>
          <button type="button" className="button" onClick={onLater}>
            Not now
          </button>
        </div>
      </form>
    </Modal>
  );
}
