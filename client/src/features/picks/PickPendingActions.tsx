import type { UserPick } from '@oddspulse/shared';
import { DollarField } from '../../ui/LabelledInput';
import { payoutHint } from './picks-logic';
import type { PickActions } from './usePickActions';

/**
 * A pending pick's stake and hand settlement: set or change the stake, Won (with the actual payout, kept to whole
 * dollars: spec 002 §4), Lost, Push.
 */
export function PickPendingActions({ pick, actions }: { pick: UserPick; actions: PickActions }) {
  const { payout, setPayout, stake, setStakeText, busy, settle, saveStake } = actions;
  return (
    <>
      <DollarField
        label="Stake ($)"
        labelClassName="small"
        type="number"
        step="0.01"
        min="1"
        value={stake}
        onChange={setStakeText}
        onKeyDown={(e) => e.key === 'Enter' && void saveStake()}
        placeholder={pick.stakeCents > 0 ? (pick.stakeCents / 100).toFixed(2) : ''}
      />
      <button
        type="button"
        className="button small"
        disabled={busy || stake.trim() === ''}
        onClick={() => void saveStake()}
      >
        {pick.stakeCents > 0 ? 'Change stake' : 'Set stake'}
      </button>
      <DollarField
        label="Actual payout ($)"
        labelClassName="small"
        type="number"
        step="0.01"
        min="0"
        value={payout}
        onChange={setPayout}
        placeholder={pick.potentialCents !== null ? (pick.potentialCents / 100).toFixed(2) : ''}
        aria-describedby={`payout-hint-${pick.id}`}
      />
      <span className="muted small" id={`payout-hint-${pick.id}`} data-testid="payout-hint">
        {payoutHint(payout)}
      </span>
      <button type="button" className="button small won" disabled={busy} onClick={() => void settle('won')}>
        Won
      </button>
      <button type="button" className="button small lost" disabled={busy} onClick={() => void settle('lost')}>
        Lost
      </button>
      <button type="button" className="button small" disabled={busy} onClick={() => void settle('push')}>
        Push
      </button>
    </>
  );
}
