import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { QuotaExceeded } from '../api/api-client';
import { Modal } from '../components/Modal';

/** Opened by the global `plangate` event the API client raises on a 402 QUOTA_EXCEEDED (spec 000 §4). */
export function PlanLimitModal() {
  const [detail, setDetail] = useState<QuotaExceeded | null>(null);
  useEffect(() => {
    const open = (event: Event) => setDetail((event as CustomEvent<QuotaExceeded>).detail);
    window.addEventListener('plangate', open);
    return () => window.removeEventListener('plangate', open);
  }, []);
  if (!detail) return null;
  const close = () => setDetail(null);
  return (
    <Modal title="Quota exceeded - upgrade to continue" onClose={close} testId="plan-limit-modal">
      <p>{detail.message}</p>
      <p className="muted">
        {detail.used.toLocaleString('en-US')} of {detail.quota.toLocaleString('en-US')} free odds calls used this month.
      </p>
      <div className="actions">
        <Link className="button primary" to="/pricing" onClick={close}>
          View Plans
        </Link>
        <button type="button" className="button" onClick={close}>
          Close
        </button>
      </div>
    </Modal>
  );
}
