import { Suspense, useEffect, useState } from 'react';
import type { QuotaExceeded } from '../api/api-client';
import { PlanLimitDialog } from './signed-in';

/**
 * Opened by the global `plangate` event the API client raises on a 402 QUOTA_EXCEEDED (spec 000 §4). The listener is
 * in the shell from the start; the dialog's code loads with the signed-in parts (only a signed-in call is metered).
 */
export function PlanLimitModal() {
  const [detail, setDetail] = useState<QuotaExceeded | null>(null);
  useEffect(() => {
    const open = (event: Event) => setDetail((event as CustomEvent<QuotaExceeded>).detail);
    window.addEventListener('plangate', open);
    return () => window.removeEventListener('plangate', open);
  }, []);
  if (!detail) return null;
  return (
    <Suspense fallback={null}>
      <PlanLimitDialog detail={detail} onClose={() => setDetail(null)} />
    </Suspense>
  );
}
