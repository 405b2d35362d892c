import { useState } from 'react';
import { enablePush, pushSupported } from './alert-push';
import { apiErrorText } from '../../api/api-client';
import { FormError } from '../../ui/FormError';

/** Turns on Web Push for this browser, or says why it cannot. */
export function PushSetup() {
  const [state, setState] = useState<{ status: 'idle' | 'busy' | 'on' } | { status: 'error'; message: string }>({
    status: 'idle',
  });
  if (!pushSupported())
    return <p className="muted">This browser cannot receive push notifications; use a webhook or the e-mail digest.</p>;
  const enable = async () => {
    setState({ status: 'busy' });
    try {
      await enablePush();
      setState({ status: 'on' });
    } catch (failure) {
      setState({
        status: 'error',
        message: apiErrorText(
          failure,
          failure instanceof Error ? failure.message : 'Could not turn on push notifications.',
        ),
      });
    }
  };
  return (
    <div className="column">
      <p className="muted">Push alerts reach this browser even with every OddsPulse tab closed.</p>
      <button type="button" className="button" disabled={state.status === 'busy'} onClick={() => void enable()}>
        {state.status === 'on' ? 'Push is on for this browser' : 'Turn on push for this browser'}
      </button>
      {state.status === 'error' && <FormError message={state.message} />}
    </div>
  );
}
