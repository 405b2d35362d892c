import { useState } from 'react';
import { ApiError } from '../api/api-client';
import type { PickDraft } from './bet-slip';
import { picksApiAvailable, placePicks } from './picks-api';

/** Picks added in this page load, by game, market and selection (spec 001 §4: a duplicate shows 'Already Added'). */
const added = new Set<string>();
const pickKey = (pick: PickDraft) => `${pick.eventId ?? pick.game}|${pick.market}|${pick.selection}`;

/** "Add to My Picks": saved as a pending pick on the account; '✓ Added' on success, 'Already Added' for a duplicate. */
export function AddToPicksButton({ pick }: { pick: PickDraft }) {
  const key = pickKey(pick);
  const [state, setState] = useState<'idle' | 'saving' | 'added' | 'duplicate' | 'error'>(added.has(key) ? 'duplicate' : 'idle');
  const [error, setError] = useState('');
  if (!picksApiAvailable) {
    return (
      <button type="button" className="button small" disabled title="My Picks is not available yet: the picks service is still being built">
        Add to My Picks
      </button>
    );
  }
  const add = async () => {
    if (added.has(key)) {
      setState('duplicate');
      return;
    }
    setState('saving');
    try {
      await placePicks([{ ...pick, stakeCents: 0 }]);
      added.add(key);
      setState('added');
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        added.add(key);
        setState('duplicate');
        return;
      }
      setError(e instanceof Error ? e.message : String(e));
      setState('error');
    }
  };
  const label = state === 'added' ? '✓ Added' : state === 'duplicate' ? 'Already Added' : state === 'saving' ? 'Adding...' : 'Add to My Picks';
  return (
    <>
      <button type="button" className="button small" disabled={state === 'saving' || state === 'added' || state === 'duplicate'} onClick={() => void add()}>
        {label}
      </button>
      {state === 'error' && <span className="form-error small">{error}</span>}
    </>
  );
}
