import { useEffect, useState } from 'react';
import type { PickDraft } from './bet-slip';
import { pickIdentity, placePicks, rememberSaved, savedPickIdentities } from './picks-api';

/** "Add to My Picks" (spec 001 §4): saved as a pending pick on the account; '✓ Added' on success, 'Already Added' for a duplicate. */
export function AddToPicksButton({ pick }: { pick: PickDraft }) {
  const [state, setState] = useState<'idle' | 'saving' | 'added' | 'duplicate' | 'error'>('idle');
  const [error, setError] = useState('');
  // Keyed by the pick's identity, not the object: a live row re-renders with a new draft on every price push, and a
  // re-check then would turn this button's own '✓ Added' into 'Already Added'.
  const identity = pickIdentity(pick);
  useEffect(() => {
    let live = true;
    savedPickIdentities()
      .then((ids) => {
        if (live && ids.has(identity)) setState((current) => (current === 'idle' ? 'duplicate' : current));
      })
      // Without the list the button still works; the save itself reports errors.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [identity]);
  const add = async () => {
    setState('saving');
    try {
      if ((await savedPickIdentities()).has(pickIdentity(pick))) {
        setState('duplicate');
        return;
      }
      await placePicks([pick]);
      await rememberSaved(pick);
      setState('added');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setState('error');
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
