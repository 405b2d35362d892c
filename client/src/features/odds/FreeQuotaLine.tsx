import { isPaid, type PlanInfo } from '../../state/session-api';
import { wholeNumber } from '@oddspulse/shared';

/** A free user's odds calls left this month (spec 000 §2), read again after each metered load; nothing for a paid plan. */
export function FreeQuotaLine({ info }: { info: PlanInfo }) {
  if (isPaid(info) || info.unlimited || info.limit === null) return null;
  return (
    <p className="muted small" data-testid="quota-line">
      Free plan: {wholeNumber(Math.max(0, info.remaining ?? info.limit - info.used))} of {wholeNumber(info.limit)} odds
      calls left this month.
    </p>
  );
}
