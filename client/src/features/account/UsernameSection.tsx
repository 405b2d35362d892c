import { useId, useState } from 'react';
import { SingleFieldForm } from '../../ui/SingleFieldForm';
import { UsernameStatus, usernameInputAria, useUsernameCheck, useUsernameSave } from './UsernameField';
import { Spinner } from '../../ui/Spinner';
import { useProfile } from '../../state/session-state';

/** The username, set once and then locked (DECISIONS 6), with the availability check as it is typed. */
export function UsernameSection() {
  const profile = useProfile();
  const [value, setValue] = useState('');
  const check = useUsernameCheck(value);
  const save = useUsernameSave(value, check, false);
  const { state, message } = check;
  const statusId = useId();
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
  return (
    <SingleFieldForm
      onSubmit={(event) => void save(event)}
      className="inline-form"
      field={{
        label: 'Username',
        value,
        onChange: setValue,
        autoComplete: 'username',
        ...usernameInputAria(state, message, statusId),
      }}
      submit={{ text: 'Save', disabled: state !== 'ok' }}
    >
      <UsernameStatus state={state} override={message} id={statusId} />
    </SingleFieldForm>
  );
}
