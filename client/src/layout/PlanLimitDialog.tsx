import { Link } from 'react-router-dom';
import type { QuotaExceeded } from '../api/api-client';
import { Modal } from '../ui/Modal';
import { wholeNumber } from '@oddspulse/shared';

/** The plan-limit dialog (spec 000 §4): what the 402 said and the way to the plans. */
export function PlanLimitDialog({ detail, onClose }: { detail: QuotaExceeded; onClose: () => void }) {
  return (
    <Modal title="Quota exceeded - upgrade to continue" onClose={onClose} testId="plan-limit-modal">
      <p>{detail.message}</p>
      <p className="muted">
        {wholeNumber(detail.used)} of {wholeNumber(detail.quota)} free odds calls used this month.
      </p>
      <div className="actions">
        <Link className="button primary" to="/pricing" onClick={onClose}>
          View Plans
        </Link>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
