import { useAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../api/api-client';
import { UsernameStatus, useUsernameCheck } from '../components/UsernameField';
import { usernameSaveError } from '../layout/UsernameSetupModal';
import { Spinner } from '../routing/guards';
import { profileAtom } from '../state/auth';
import { setUsername } from './account-api';

/** The username, set once and then locked (DECISIONS 6), with the availability check as it is typed. */
export function UsernameSection() {
  const [profile, setProfile] = useAtom(profileAtom);
  const [value, setValue] = useState('');
  const { state, setState, message, setMessage } = useUsernameCheck(value);
  if (profile.status === 'loading') return <Spinner label="Loading profile..." />;
  if (profile.status === 'error')
    return <p className="form-error">Profile failed to load. Some info may be unavailable.</p>;
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
  // It shows its failure in the form and never rejects, so the form drops its promise.
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
    <form onSubmit={(event) => void save(event)} className="inline-form">
      <label htmlFor="account-username-input">Username</label>
      <input
        id="account-username-input"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        autoComplete="username"
      />
      <button type="submit" className="button primary" disabled={state !== 'ok'}>
        Save
      </button>
      <UsernameStatus state={state} override={message} />
    </form>
  );
}
