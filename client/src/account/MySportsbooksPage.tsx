import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import {
  BANKROLL_PRESETS,
  canToggleSportsbook,
  COMMISSION_BOOKS,
  exchangeName,
  DEFAULT_BANKROLL,
  startingSportsbooks,
  validateBankroll,
  wholeNumber,
  type PlanAccess,
  type Sportsbook,
} from '@oddspulse/shared';
import { preferencesQuery, savePreferences, type Preferences } from './account-api';
import { ApiError } from '../api/api-client';
import { Spinner } from '../routing/guards';
import { planAtom, useSignedInUserId } from '../state/auth';
import { groupSportsbooks } from '../state/sportsbook-rules';
import { FormError } from '../components/FormError';
import { LabelledInput } from '../components/LabelledInput';

/** "Preferences saved successfully!" stays this long (spec 000 §9). */
export const SAVED_MESSAGE_MS = 2000;

const GROUPS = groupSportsbooks();

/** Rates as fractions → percent strings for the inputs (0.05 → "5"). */
function percents(rates: Record<string, number>): Record<string, string> {
  return Object.fromEntries(COMMISSION_BOOKS.map((key) => [key, String(Math.round((rates[key] ?? 0) * 10_000) / 100)]));
}

export function MySportsbooksPage() {
  const plan = useAtomValue(planAtom);
  const userId = useSignedInUserId();
  const prefs = useQuery({ ...preferencesQuery(userId), enabled: userId !== '' });
  // Once loaded, the form is the user's: a later read neither replaces what they typed nor hides it behind an error.
  if (!prefs.data && prefs.isError)
    return (
      <FormError
        message={prefs.error instanceof ApiError ? prefs.error.message : 'Failed to load data. Please try again later.'}
      />
    );
  if (!prefs.data || plan.status !== 'ready') return <Spinner label="Loading your sportsbooks..." />;
  return (
    <SportsbooksForm
      userId={userId}
      prefs={prefs.data}
      access={{ plan: plan.info.plan, unlimited: plan.info.unlimited }}
    />
  );
}

function SportsbooksForm({ userId, prefs, access }: { userId: string; prefs: Preferences; access: PlanAccess }) {
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
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (status !== 'saved') return;
    const timer = window.setTimeout(() => setStatus('idle'), SAVED_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  const toggle = (book: Sportsbook) => {
    if (!canToggleSportsbook(access, book.key)) return;
    setSelected((current) =>
      current.includes(book.key) ? current.filter((k) => k !== book.key) : [...current, book.key],
    );
  };
  const amount = Number(bankroll);
  const checked = validateBankroll(bankroll);

  const save = async () => {
    setError(null);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    const commissions: Record<string, number> = {};
    for (const key of COMMISSION_BOOKS) {
      const typed = rates[key]?.trim() ?? '';
      const percent = Number(typed);
      if (typed === '' || !Number.isFinite(percent) || percent < 0 || percent >= 100) {
        setError(`Commission for ${exchangeName(key)} must be a percent from 0 to below 100`);
        return;
      }
      if (typed !== loadedRates[key]) commissions[key] = Math.round(percent * 100) / 10_000;
    }
    setStatus('saving');
    try {
      const saved = await savePreferences({ sportsbooks: selected, bankroll: amount, commissions });
      // Every page's starting books (state/starting-books.ts) and the bet sizing's bankroll follow the save.
      queryClient.setQueryData(preferencesQuery(userId).queryKey, saved);
      setSelected(saved.sportsbooks);
      setBankroll(String(saved.bankroll));
      setRates(percents(saved.effective_commissions));
      setLoadedRates(percents(saved.effective_commissions));
      setStatus('saved');
    } catch (failure) {
      setStatus('idle');
      setError(failure instanceof ApiError && failure.status === 400 ? failure.message : 'Error saving preferences');
    }
  };

  const group = (title: string, books: Sportsbook[], id: string) => (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="book-grid">
        {books.map((book) => {
          const allowed = canToggleSportsbook(access, book.key);
          return (
            <label
              key={book.key}
              className={`book-toggle${allowed ? '' : ' locked'}`}
              title={allowed ? undefined : 'Requires Gold Plan'}
            >
              <input
                type="checkbox"
                checked={selected.includes(book.key)}
                disabled={!allowed}
                onChange={() => toggle(book)}
              />
              <span>{book.name}</span>
              {!allowed && <span className="lock">Gold</span>}
            </label>
          );
        })}
      </div>
    </section>
  );

  return (
    <div className="page">
      <h1>My Sportsbooks</h1>
      <p className="muted">Choose the books you bet with and your bankroll; odds, EV and bet sizing follow them.</p>
      {group('Popular Sportsbooks', GROUPS.popular, 'popular-books')}
      {group('DFS Apps', GROUPS.dfs, 'dfs-books')}
      {group('Other Sportsbooks', GROUPS.other, 'other-books')}
      <section className="card" aria-labelledby="bankroll-title">
        <h2 id="bankroll-title">Bankroll</h2>
        <div className="presets" role="group" aria-label="Bankroll presets">
          {BANKROLL_PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              className={`button small${amount === preset ? ' primary' : ''}`}
              onClick={() => setBankroll(String(preset))}
            >
              ${wholeNumber(preset)}
            </button>
          ))}
        </div>
        <LabelledInput
          id="custom-bankroll"
          label="Custom bankroll ($)"
          type="number"
          min={0}
          step="1"
          inputMode="decimal"
          value={bankroll}
          onChange={setBankroll}
        />
      </section>
      <section className="card" aria-labelledby="commission-title">
        <h2 id="commission-title">Exchange commission</h2>
        <p className="muted">
          Exchanges take a commission on net winnings; arbitrage, middles and EV at an exchange are shown net of your
          rate. The defaults are each exchange&apos;s published standard rate.
        </p>
        <div className="commission-grid">
          {COMMISSION_BOOKS.map((key) => (
            <label key={key} className="commission-rate">
              <span>{exchangeName(key)} (%)</span>
              <input
                type="number"
                min={0}
                max={99.99}
                step="0.01"
                inputMode="decimal"
                aria-label={`${exchangeName(key)} commission (%)`}
                value={rates[key] ?? ''}
                onChange={(e) => setRates((current) => ({ ...current, [key]: e.target.value }))}
              />
            </label>
          ))}
        </div>
      </section>
      <FormError message={error} />
      <div className="actions">
        <button type="button" className="button primary" disabled={status === 'saving'} onClick={() => void save()}>
          {status === 'saving' ? 'Saving...' : 'Save preferences'}
        </button>
        {status === 'saved' && (
          <span className="form-success" role="status">
            Preferences saved successfully!
          </span>
        )}
      </div>
    </div>
  );
}
