import { Link, useSearchParams } from 'react-router-dom';
import { NoIndex } from '../components/NoIndex';
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
        <div className="actions">
          <Link className="button primary" to="/subscribe">
            Back to plans
          </Link>
          <Link className="button" to="/account">
            Your account
          </Link>
        </div>
      </section>
    );
  }
  return <CancelFlow from={from} />;
}
