import { useState } from 'react';
import type { SettledStatus, UserPick } from '@oddspulse/shared';
import { ApiError } from '../../api/api-client';
import { removePick, setPickStake, markPickSettled } from './picks-api';
import { readStakeInput } from './picks-logic';

/** A pick's actions: settle by hand with an optional payout (spec 002 §4), set its stake, remove it. */
export function usePickActions(pick: UserPick, onUpdated: (pick: UserPick) => void, onRemoved: (id: string) => void) {
  const [payout, setPayout] = useState('');
  const [stake, setStakeText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const settle = async (status: SettledStatus) => {
    const amount = status === 'won' && payout.trim() !== '' ? Number(payout) : undefined;
    if (amount !== undefined && (!Number.isFinite(amount) || amount < 0)) {
      setError('Enter a payout of 0 or more');
      return;
    }
    setBusy(true);
    setError('');
    try {
      onUpdated(await markPickSettled(pick.id, status, amount));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  // A pick saved with "Add to My Picks" has no stake; while pending, the user sets or corrects it
  const saveStake = async () => {
    const read = readStakeInput(stake);
    if ('error' in read) {
      setError(read.error);
      return;
    }
    setBusy(true);
    setError('');
    try {
      onUpdated(await setPickStake(pick.id, read.stake));
      setStakeText('');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await removePick(pick.id);
      onRemoved(pick.id);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
      setBusy(false);
    }
  };

  return { payout, setPayout, stake, setStakeText, busy, error, settle, saveStake, remove };
}

export type PickActions = ReturnType<typeof usePickActions>;
