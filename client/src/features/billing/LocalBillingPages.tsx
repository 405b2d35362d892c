import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { planName } from '@oddspulse/shared';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { localCheckoutQuery, localInvoicesQuery, payLocalCheckout } from './billing-api';
import { Spinner } from '../../ui/Spinner';
import { useSignedInUserId } from '../../state/auth';
import { safeReturnPath } from '../../state/pricing-intent';
import { formatAmount, formatBillingDate } from './plans';
import { NoIndex } from '../../ui/NoIndex';
import { FormError } from '../../ui/FormError';
import { TableHead } from '../../ui/TableHead';

/**
 * The top of a local billing page: its title, a notice saying plainly that this is not Stripe and nothing is charged,
 * the spinner while the page loads (`loading`: its label, null once loaded) unless it failed, and the error.
 */
function LocalBillingHead({ title, loading, error }: { title: string; loading: string | null; error: string | null }) {
  return (
    <>
      <NoIndex />
      <h1>{title}</h1>
      <p className="banner banner-info" role="note">
        Local checkout: this server has no Stripe key, so no card is asked for and nothing is charged. Paying here runs
        the same steps a Stripe payment does.
      </p>
      {loading && !error && <Spinner label={loading} />}
      <FormError message={error} />
    </>
  );
}

/**
 * /billing/local-checkout/:id: the product's own checkout page when no Stripe key is set (DESIGN "payments"). It
 * shows what is bought and the amount; Pay completes the session through the same signed webhook events Stripe
 * would send, then goes to the success page as Stripe Checkout does.
 */
export function LocalCheckoutPage() {
  const { id = '' } = useParams();
  const userId = useSignedInUserId();
  const query = useQuery({ ...localCheckoutQuery(userId, id), enabled: userId !== '' });
  const checkout = query.data;
  const [payError, setPayError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const error = payError ?? (query.isError ? query.error.message : null);

  const pay = () => {
    setPaying(true);
    setPayError(null);
    payLocalCheckout(id).catch((failure: Error) => {
      setPayError(failure.message);
      setPaying(false);
    });
  };

  return (
    <section className="card narrow" data-testid="local-checkout">
      <LocalBillingHead title="Checkout" loading={checkout ? null : 'Loading the checkout...'} error={error} />
      {checkout && (
        <>
          <dl className="facts">
            <dt>{checkout.kind === 'gift' ? 'Gift' : 'Plan'}</dt>
            <dd data-testid="checkout-item">
              {checkout.kind === 'gift'
                ? `One month of ${planName(checkout.plan)} for ${checkout.recipient_email}`
                : `${planName(checkout.plan)} (monthly, auto-renews)`}
            </dd>
            <dt>Amount</dt>
            <dd data-testid="checkout-amount">
              {formatAmount(checkout.amount_cents, checkout.currency)}
              {checkout.kind === 'gift' ? ' (once)' : '/month'}
            </dd>
          </dl>
          {checkout.status === 'open' ? (
            <div className="actions">
              <button type="button" className="button primary" disabled={paying} onClick={pay}>
                {paying ? 'Paying...' : `Pay ${formatAmount(checkout.amount_cents, checkout.currency)}`}
              </button>
              <a className="button" href={checkout.cancel_url}>
                Cancel
              </a>
            </div>
          ) : (
            <p className="form-error">This checkout session is no longer open.</p>
          )}
        </>
      )}
    </section>
  );
}

/** /billing/local-portal: the local billing portal, listing the local invoices (and any credit). */
export function LocalPortalPage() {
  const [params] = useSearchParams();
  const userId = useSignedInUserId();
  const query = useQuery({ ...localInvoicesQuery(userId), enabled: userId !== '' });
  const { data } = query;
  const error = query.isError ? query.error.message : null;
  const back = safeReturnPath(params.get('return_to'), '/usage-plan');
  return (
    <section className="card" data-testid="local-portal">
      <LocalBillingHead title="Billing" loading={data ? null : 'Loading your invoices...'} error={error} />
      {data && data.balance_cents < 0 && (
        <p>Credit on your account: {formatAmount(-data.balance_cents)} (used for your next invoices).</p>
      )}
      {data && data.invoices.length === 0 && <p className="muted">No invoices yet.</p>}
      {data && data.invoices.length > 0 && (
        <table className="invoices">
          <TableHead columns={['Date', 'Description', 'Amount', 'Status']} />
          <tbody>
            {data.invoices.map((invoice) => (
              <tr key={invoice.id}>
                <td>{formatBillingDate(invoice.created)}</td>
                <td>{invoice.description}</td>
                <td>{formatAmount(invoice.amount_cents, invoice.currency)}</td>
                <td>{invoice.status === 'paid' ? 'Paid' : invoice.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="actions">
        <Link className="button primary" to={back}>
          Back
        </Link>
      </div>
    </section>
  );
}
