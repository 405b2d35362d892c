import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { BET_SLIP_MESSAGES } from '@oddspulse/shared';
import { useSignedInUserId } from '../../state/auth';
import { parseStakeCents, stakedPick, type NewSlipItem } from './bet-slip';
import { useBetSlip } from './bet-slip-state';
import { pickIdentity, placePicks, savedPickIdentitiesQuery } from './picks-api';

/**
 * "Add to My Picks" (spec 001 §4): asks for the stake first (the slip's quick amount offered), then saves a pending pick
 * on the account with its stake and payout; '✓ Added' on success, 'Already Added' for a duplicate.
 */
export function AddToPicksButton({ item }: { item: NewSlipItem }) {
  const userId = useSignedInUserId();
  const queryClient = useQueryClient();
  const [{ quickBetAmount }] = useBetSlip();
  const [action, setAction] = useState<'idle' | 'asking' | 'saving' | 'added' | 'duplicate'>('idle');
  const [stake, setStake] = useState('');
  const [error, setError] = useState('');
  const stakeId = useId();
  // Without the list the button still works; the save itself reports errors.
  const saved = useQuery({ ...savedPickIdentitiesQuery(userId), enabled: userId !== '' });
  const identity = pickIdentity(stakedPick(item, 0));
  // Only an idle button says 'Already Added': the list read again after this button's own save keeps its '✓ Added'.
  const state = action === 'idle' && saved.data?.has(identity) ? 'duplicate' : action;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const stakeCents = parseStakeCents(stake);
    if (stakeCents === null) {
      setError(BET_SLIP_MESSAGES.minimumBet);
      return;
    }
    setAction('saving');
    setError('');
    try {
      if ((await queryClient.fetchQuery(savedPickIdentitiesQuery(userId))).has(identity)) {
        setAction('duplicate');
        return;
      }
      await placePicks([stakedPick(item, stakeCents)]);
      setAction('added');
    } catch (e) {
      // the form stays, with the stake typed, to try again
      setError(e instanceof Error ? e.message : String(e));
      setAction('asking');
    }
  };
  if (state === 'asking' || state === 'saving')
    return (
      <form
        className="add-pick-stake"
        onSubmit={(e) => void save(e)}
        // the spec's own message ("Minimum bet is $1") says what is wrong, not the browser's tooltip
        noValidate
        data-testid="add-pick-stake"
      >
        <label htmlFor={stakeId}>Stake for My Picks ($)</label>
        <input
          id={stakeId}
          type="number"
          min={1}
          step={0.01}
          inputMode="decimal"
          value={stake}
          onChange={(e) => setStake(e.target.value)}
          autoFocus
        />
        <button type="submit" className="button small primary" disabled={state === 'saving'}>
          {state === 'saving' ? 'Adding...' : 'Save pick'}
        </button>
        <button type="button" className="button small" onClick={() => setAction('idle')}>
          Cancel
        </button>
        {error && (
          <span className="form-error small" role="alert">
            {error}
          </span>
        )}
      </form>
    );
  const label = state === 'added' ? '✓ Added' : state === 'duplicate' ? 'Already Added' : 'Add to My Picks';
  return (
    <button
      type="button"
      className="button small"
      disabled={state === 'added' || state === 'duplicate'}
      onClick={() => {
        setStake(String(quickBetAmount));
        setError('');
        setAction('asking');
      }}
    >
      {label}
    </button>
  );
}
