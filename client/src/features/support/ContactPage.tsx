import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { SUPPORT_LIMITS, isPrioritySupport } from '@oddspulse/shared';
import { Link } from 'react-router-dom';
import { authAtom } from '../../state/auth';
import { sendSupportRequest } from './support-api';
import { FormError } from '../../ui/FormError';
import { InputInLabel } from '../../ui/LabelledInput';
import { usePlan } from '../../state/session-state';

/**
 * /contact: premium support as the plans sell it. A signed-in user writes to support; a Platinum user's
 * request is marked priority; the answer and a mailed copy acknowledge it. Visitors are asked to sign in first.
 */
export function ContactPage() {
  const auth = useAtomValue(authAtom);
  const plan = usePlan();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [state, setState] = useState<
    { status: 'idle' | 'sending' } | { status: 'sent'; message: string } | { status: 'error'; message: string }
  >({
    status: 'idle',
  });
  const priority = plan.status === 'ready' && isPrioritySupport(plan.info.plan);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ status: 'sending' });
    try {
      const answer = await sendSupportRequest({ subject, message });
      setState({ status: 'sent', message: answer.message });
      setSubject('');
      setMessage('');
    } catch (error) {
      setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <article className="page contact">
      <h1>Contact support</h1>
      {auth.status !== 'signedIn' ? (
        <p>
          <Link to="/login">Sign in</Link> to write to our support team; we reply to your account&apos;s email.
        </p>
      ) : (
        <form className="card contact-form" onSubmit={(e) => void submit(e)}>
          {priority && (
            <p className="small" data-testid="support-priority">
              Platinum: your requests are marked priority.
            </p>
          )}
          <InputInLabel
            label="Subject"
            value={subject}
            onChange={setSubject}
            maxLength={SUPPORT_LIMITS.subject}
            required
          />
          <label>
            Message
            <textarea
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              maxLength={SUPPORT_LIMITS.message}
              rows={8}
              required
            />
          </label>
          <p className="muted small">We reply to {auth.user.email}.</p>
          <button type="submit" className="button primary" disabled={state.status === 'sending'}>
            {state.status === 'sending' ? 'Sending...' : 'Send'}
          </button>
          {state.status === 'sent' && (
            <p role="status" data-testid="support-sent">
              {state.message}
            </p>
          )}
          {state.status === 'error' && <FormError message={state.message} />}
        </form>
      )}
    </article>
  );
}
