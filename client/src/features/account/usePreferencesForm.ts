import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  COMMISSION_BOOKS,
  exchangeName,
  DEFAULT_BANKROLL,
  startingSportsbooks,
  validateBankroll,
} from '@oddspulse/shared';
import { savePreferences } from './account-api';
import { preferencesQuery, type Preferences } from '../../state/session-api';
import { ApiError } from '../../api/api-client';

/** Why My Sportsbooks did not save: shown at its field (`bankroll`, an exchange's key), or under the form (null). */
export interface PreferencesError {
  field: string | null;
  message: string;
}

/** "Preferences saved successfully!" stays this long (spec 000 §9). */
const SAVED_MESSAGE_MS = 2000;

/** Rates as fractions → percent strings for the inputs (0.05 → "5"). */
function percents(rates: Record<string, number>): Record<string, string> {
  return Object.fromEntries(COMMISSION_BOOKS.map((key) => [key, String(Math.round((rates[key] ?? 0) * 10_000) / 100)]));
}

/**
 * My Sportsbooks as typed, started from the user's saved preferences: the books chosen, the bankroll, each exchange's
 * commission; and its save, which checks the bankroll and the rates first and takes what the server kept.
 */
export function usePreferencesForm(userId: string, prefs: Preferences) {
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string[]>(() => startingSportsbooks(prefs.sportsbooks));
  const [bankroll, setBankroll] = useState<string>(() => String(prefs.bankroll ?? DEFAULT_BANKROLL));
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  // each exchange's commission as typed, in PERCENT (the API's are fractions)
  const [rates, setRates] = useState<Record<string, string>>(() => percents(prefs.effective_commissions ?? {}));
  // the rates as loaded: only those the user changes are saved, so an untouched exchange keeps following its default
  const [loadedRates, setLoadedRates] = useState<Record<string, string>>(() =>
    percents(prefs.effective_commissions ?? {}),
  );
  // what stops the save: the field it is about (the bankroll, an exchange's rate), null for the save's own failure
  const [error, setError] = useState<PreferencesError | null>(null);

  useEffect(() => {
    if (status !== 'saved') return;
    const timer = window.setTimeout(() => setStatus('idle'), SAVED_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  const save = async () => {
    setError(null);
    const checked = validateBankroll(bankroll);
    if (!checked.ok) {
      setError({ field: 'bankroll', message: checked.message });
      return;
    }
    const commissions: Record<string, number> = {};
    for (const key of COMMISSION_BOOKS) {
      const typed = rates[key]?.trim() ?? '';
      const percent = Number(typed);
      if (typed === '' || !Number.isFinite(percent) || percent < 0 || percent >= 100) {
        setError({ field: key, message: `Commission for ${exchangeName(key)} must be a percent from 0 to below 100` });
        return;
      }
      if (typed !== loadedRates[key]) commissions[key] = Math.round(percent * 100) / 10_000;
    }
    setStatus('saving');
    try {
      const saved = await savePreferences({ sportsbooks: selected, bankroll: Number(bankroll), commissions });
      // Every page's starting books (state/starting-books.ts) and the bet sizing's bankroll follow the save.
      queryClient.setQueryData(preferencesQuery(userId).queryKey, saved);
      setSelected(saved.sportsbooks);
      setBankroll(String(saved.bankroll));
      setRates(percents(saved.effective_commissions));
      setLoadedRates(percents(saved.effective_commissions));
      setStatus('saved');
    } catch (failure) {
      setStatus('idle');
      setError({
        field: null,
        message: failure instanceof ApiError && failure.status === 400 ? failure.message : 'Error saving preferences',
      });
    }
  };

  return { selected, setSelected, bankroll, setBankroll, rates, setRates, status, error, save };
}
