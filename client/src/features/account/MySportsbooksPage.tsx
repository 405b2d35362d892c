import { useQuery } from '@tanstack/react-query';
import { canToggleSportsbook, type PlanAccess, type Sportsbook } from '@oddspulse/shared';
import { preferencesQuery, type Preferences } from '../../state/session-api';
import { ApiError } from '../../api/api-client';
import { Spinner } from '../../ui/Spinner';
import { useSignedInUserId } from '../../state/auth';
import { groupSportsbooks } from '../../state/sportsbook-rules';
import { FormError } from '../../ui/FormError';
import { usePlan } from '../../state/session-state';
import { BankrollSection, CommissionSection, HiddenBooksNotice, SportsbookGroup } from './PreferenceSections';
import { usePreferencesForm } from './usePreferencesForm';

const GROUPS = groupSportsbooks();

export function MySportsbooksPage() {
  const plan = usePlan();
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

/** The books, the bankroll and the exchanges' commissions, as the user last saved them, and the save button. */
function SportsbooksForm({ userId, prefs, access }: { userId: string; prefs: Preferences; access: PlanAccess }) {
  const { selected, setSelected, bankroll, setBankroll, rates, setRates, status, error, save } = usePreferencesForm(
    userId,
    prefs,
  );
  const toggle = (book: Sportsbook) => {
    if (!canToggleSportsbook(access, book.key)) return;
    setSelected((current) =>
      current.includes(book.key) ? current.filter((k) => k !== book.key) : [...current, book.key],
    );
  };
  // the saved books the plan hides: not sent with a save (the plan may not choose them), kept by the server; none in
  // an answer from before the field (the service worker's last good one)
  const hidden = prefs.sportsbooks_hidden_by_plan ?? [];
  const groupProps = { access, selected, hidden, onToggle: toggle };

  return (
    <div className="page">
      <h1>My Sportsbooks</h1>
      <p className="muted">Choose the books you bet with and your bankroll; odds, EV and bet sizing follow them.</p>
      <HiddenBooksNotice hidden={hidden} />
      <SportsbookGroup id="popular-books" title="Popular Sportsbooks" books={GROUPS.popular} {...groupProps} />
      <SportsbookGroup id="dfs-books" title="DFS Apps" books={GROUPS.dfs} {...groupProps} />
      <SportsbookGroup id="other-books" title="Other Sportsbooks" books={GROUPS.other} {...groupProps} />
      <BankrollSection bankroll={bankroll} onChange={setBankroll} error={error} />
      <CommissionSection
        rates={rates}
        onChange={(key, typed) => setRates((current) => ({ ...current, [key]: typed }))}
        error={error}
      />
      <FormError message={error?.field === null ? error.message : null} />
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
