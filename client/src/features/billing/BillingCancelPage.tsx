import { useSearchParams } from 'react-router-dom';
import { ActionLinks } from '../../ui/ActionLinks';
import { NoIndex } from '../../ui/NoIndex';
import { CancelFlow } from './CancelFlow';

/** /billing/cancel: "Checkout Cancelled", or from the account or subscription page the cancel flow. */
export function BillingCancelPage() {
  const [params] = useSearchParams();
  const from = params.get('from');
  if (from !== 'account' && from !== 'subscribe') {
    return (
      <section className="card narrow">
        <NoIndex />
        <h1>Checkout Cancelled</h1>
        <p>No payment was taken and your plan is unchanged.</p>
        <ActionLinks
          primary={{ to: '/subscribe', text: 'Back to plans' }}
          secondary={{ to: '/account', text: 'Your account' }}
        />
      </section>
    );
  }
  return <CancelFlow from={from} />;
}
