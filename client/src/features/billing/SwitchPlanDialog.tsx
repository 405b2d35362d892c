import { useQuery } from '@tanstack/react-query';
import { formatMoney, planName, type PaidPlan, type Plan, type PlanSwitchPreview } from '@oddspulse/shared';
import { switchPreviewQuery } from './billing-api';
import { Modal } from '../../ui/Modal';

/** What the switch costs now, in the words the confirmation uses. */
export function switchCostText(preview: PlanSwitchPreview): string {
  if (preview.amount_due_cents > 0)
    return `You pay ${formatMoney(preview.amount_due_cents)} now for the rest of this billing period.`;
  if (preview.total_cents < 0) return `${formatMoney(-preview.total_cents)} is credited to your next invoices.`;
  return 'Nothing is charged now.';
}

/** A subscriber choosing another paid plan confirms the switch first (it changes the subscription, prorated). */
export function SwitchPlanDialog({
  current,
  target,
  busy,
  onSwitch,
  onClose,
}: {
  current: Plan;
  target: PaidPlan;
  busy: boolean;
  onSwitch: () => void;
  onClose: () => void;
}) {
  const preview = useQuery(switchPreviewQuery(target));
  return (
    <Modal title={`Switch to ${planName(target)}?`} onClose={onClose} testId="switch-plan">
      <p>
        Your {planName(current)} subscription changes to {planName(target)} now; the renewal date stays the same.
      </p>
      <p data-testid="switch-cost" aria-live="polite">
        {preview.isPending
          ? 'Working out the prorated amount…'
          : preview.isError
            ? 'Stripe charges or credits the difference for the rest of this billing period.'
            : switchCostText(preview.data)}
      </p>
      <div className="actions">
        <button type="button" className="button primary" disabled={busy} onClick={onSwitch}>
          Switch to {planName(target)}
        </button>
        <button type="button" className="button" onClick={onClose}>
          Keep {planName(current)}
        </button>
      </div>
    </Modal>
  );
}
