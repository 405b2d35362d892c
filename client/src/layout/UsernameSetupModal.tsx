import { useState } from 'react';
import { Modal } from '../ui/Modal';
import { LabelledInput } from '../ui/LabelledInput';
import {
  UsernameStatus,
  usernameInputAria,
  useUsernameCheck,
  useUsernameSave,
} from '../features/account/UsernameField';

/** The username setup dialog (spec 000 §2), opened by `UsernameSetup` when the signed-in user has none yet. */
export function UsernameSetupModal({ onLater }: { onLater: () => void }) {
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const check = useUsernameCheck(value);
  const submit = useUsernameSave(value, check, true);
  const { state, message } = check;
  const required = touched && value.trim() === '' ? 'Username is required' : null;
  const status = message ?? (state === 'idle' ? required : null);
  return (
    <Modal title="Choose your username" testId="username-setup">
      <form onSubmit={(event) => void submit(event)}>
        <p className="muted">Your username is shown on your dashboard. It cannot be changed once set.</p>
        <LabelledInput
          id="setup-username"
          label="Username"
          autoComplete="username"
          value={value}
          onChange={(text) => {
            setTouched(true);
            setValue(text);
          }}
          autoFocus
          {...usernameInputAria(state, status, 'setup-username-status')}
        />
        <UsernameStatus state={state} override={status} id="setup-username-status" />
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
