import { planName, type PaidPlan, type Plan } from '@oddspulse/shared';
import { Modal } from './Modal';

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
  return (
    <Modal title={`Switch to ${planName(target)}?`} onClose={onClose} testId="switch-plan">
      <p>
        Your {planName(current)} subscription changes to {planName(target)} now. Stripe charges or credits the difference for the rest of this billing period;
        the renewal date stays the same.
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
