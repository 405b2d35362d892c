import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSignedInUserId } from '../state/auth';
import type { PickDraft } from './bet-slip';
import { pickIdentity, placePicks, savedPickIdentitiesQuery } from './picks-api';

/** "Add to My Picks" (spec 001 §4): saved as a pending pick on the account; '✓ Added' on success, 'Already Added' for a duplicate. */
export function AddToPicksButton({ pick }: { pick: PickDraft }) {
  const userId = useSignedInUserId();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<'idle' | 'saving' | 'added' | 'duplicate' | 'error'>('idle');
  const [error, setError] = useState('');
  // Without the list the button still works; the save itself reports errors.
  const saved = useQuery({ ...savedPickIdentitiesQuery(userId), enabled: userId !== '' });
  // Only an idle button says 'Already Added': the list read again after this button's own save keeps its '✓ Added'.
  const state = action === 'idle' && saved.data?.has(pickIdentity(pick)) ? 'duplicate' : action;
  const add = async () => {
    setAction('saving');
    try {
      if ((await queryClient.fetchQuery(savedPickIdentitiesQuery(userId))).has(pickIdentity(pick))) {
        setAction('duplicate');
        return;
      }
      await placePicks([pick]);
      setAction('added');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setAction('error');
    }
  };
  const label =
    state === 'added'
      ? '✓ Added'
      : state === 'duplicate'
        ? 'Already Added'
        : state === 'saving'
          ? 'Adding...'
          : 'Add to My Picks';
  return (
    <>
      <button
        type="button"
        className="button small"
        disabled={state === 'saving' || state === 'added' || state === 'duplicate'}
        onClick={() => void add()}
      >
        {label}
      </button>
      {state === 'error' && <span className="form-error small">{error}</span>}
    </>
  );
}
