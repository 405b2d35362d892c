import { useState, type FormEvent } from 'react';
import { BillingMessages, GIFT_PRICE_CENTS, isValidEmail } from '@oddspulse/shared';
import { startGiftCheckout } from './billing-api';
import { formatAmount } from './plans';
import { SingleFieldForm } from '../../ui/SingleFieldForm';
import { useBusyAction } from '../../ui/hooks/useBusyAction';

/** One month of Platinum for someone else (DECISIONS 4): a one-time checkout. */
export function GiftPlatinum() {
  const [email, setEmail] = useState('');
  const { busy, error, setError, run } = useBusyAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) setError(BillingMessages.invalidGiftEmail);
    else void run(() => startGiftCheckout(email.trim()), BillingMessages.giftFailed, { leaves: true });
  };
  return (
    <section className="card" aria-labelledby="gift-title" data-testid="gift-platinum">
      <h2 id="gift-title">Give Platinum as a gift</h2>
      <p className="muted">
        One month of Platinum for {formatAmount(GIFT_PRICE_CENTS)}, paid once. They get it at once if their account has
        verified this address, or as soon as one does.
      </p>
      <SingleFieldForm
        onSubmit={submit}
        noValidate
        field={{ label: 'Their email', type: 'email', autoComplete: 'off', value: email, onChange: setEmail }}
        error={error}
        submit={{ text: busy ? 'Opening secure checkout...' : 'Buy the gift', disabled: busy }}
      />
    </section>
  );
}
