import { useState, type FormEvent } from 'react';
import type { ApiKeySummary, ApiKeyWithSecret } from '@oddspulse/shared';
import { apiErrorText } from '../../api/api-client';
import { renameApiKey, revokeApiKey, rotateApiKey } from './security-api';

/**
 * What one key's row does to it: rename (the name as typed while editing), rotate and revoke, each confirmed where it
 * stops a secret working, one at a time, with its failure said in the row.
 */
export function useKeyActions(apiKey: ApiKeySummary, onChanged: () => void, onSecret: (key: ApiKeyWithSecret) => void) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(apiKey.name);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = async (work: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(apiErrorText(failure, fallback));
    } finally {
      setBusy(false);
    }
  };
  const rename = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      await renameApiKey(apiKey.id, name.trim());
      setEditing(false);
      onChanged();
    }, 'Could not rename the key.');
  };
  const rotate = () => {
    if (!window.confirm(`Rotate “${apiKey.name}”? Its current secret stops working at once.`)) return;
    void act(async () => {
      onSecret(await rotateApiKey(apiKey.id));
      onChanged();
    }, 'Could not rotate the key.');
  };
  const revoke = () => {
    if (!window.confirm(`Revoke “${apiKey.name}”? Anything using it stops working at once.`)) return;
    void act(async () => {
      await revokeApiKey(apiKey.id);
      onChanged();
    }, 'Could not revoke the key.');
  };
  return { editing, setEditing, name, setName, busy, error, rename, rotate, revoke };
}
