import {
  BANKROLL_PRESETS,
  canToggleSportsbook,
  COMMISSION_BOOKS,
  exchangeName,
  sportsbookName,
  wholeNumber,
  type PlanAccess,
  type Sportsbook,
} from '@oddspulse/shared';
import { Link } from 'react-router-dom';
import { LabelledInput } from '../../ui/LabelledInput';
import { fieldErrorAria, FormError } from '../../ui/FormError';
import type { PreferencesError } from './usePreferencesForm';

/**
 * One group of books (popular, DFS, other) to tick, the ones the plan does not offer locked with their plan's name; a
 * saved book the plan hides shows ticked and locked, as it stays saved (DECISIONS 27: the books the user bets at).
 */
export function SportsbookGroup({
  id,
  title,
  books,
  access,
  selected,
  hidden,
  onToggle,
}: {
  id: string;
  title: string;
  books: Sportsbook[];
  access: PlanAccess;
  selected: readonly string[];
  hidden: readonly string[];
  onToggle: (book: Sportsbook) => void;
}) {
  return (
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
                checked={selected.includes(book.key) || hidden.includes(book.key)}
                disabled={!allowed}
                onChange={() => onToggle(book)}
              />
              <span>{book.name}</span>
              {!allowed && <span className="lock">Gold</span>}
            </label>
          );
        })}
      </div>
    </section>
  );
}

const BOOK_LIST = new Intl.ListFormat('en', { type: 'conjunction' });

/**
 * The saved books the plan hides (a downgrade to free), with the plan the locked toggles name ("Requires Gold Plan"):
 * the server keeps them through every save, and they are the user's books again on an upgrade (DECISIONS 27, 36).
 */
export function HiddenBooksNotice({ hidden }: { hidden: readonly string[] }) {
  if (hidden.length === 0) return null;
  const names = BOOK_LIST.format(hidden.map((key) => sportsbookName(key)));
  const one = hidden.length === 1;
  return (
    <p className="muted" data-testid="books-hidden-by-plan">
      {names} {one ? 'is' : 'are'} saved but {one ? 'needs' : 'need'} Gold; your tables leave {one ? 'it' : 'them'} out
      until you upgrade. <Link to="/pricing">Upgrade to Gold</Link>
    </p>
  );
}

/** An error of `field`'s, or null: each is shown beside its field, which names it. */
const errorOf = (error: PreferencesError | null, field: string) => (error?.field === field ? error.message : null);

/** The bankroll: a preset's button (pressed while it is the amount typed) or a custom amount, and its error. */
export function BankrollSection({
  bankroll,
  onChange,
  error,
}: {
  bankroll: string;
  onChange: (bankroll: string) => void;
  error: PreferencesError | null;
}) {
  const amount = Number(bankroll);
  const message = errorOf(error, 'bankroll');
  return (
    <section className="card" aria-labelledby="bankroll-title">
      <h2 id="bankroll-title">Bankroll</h2>
      <div className="presets" role="group" aria-label="Bankroll presets">
        {BANKROLL_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className={`button small${amount === preset ? ' primary' : ''}`}
            onClick={() => onChange(String(preset))}
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
        onChange={onChange}
        {...fieldErrorAria('custom-bankroll-error', message)}
      />
      <FormError message={message} id="custom-bankroll-error" />
    </section>
  );
}

/** The one rate error shown (the first rate that is not one), under the rates. */
const COMMISSION_ERROR_ID = 'commission-error';

/** Each exchange's commission in percent, as typed, and the error of the one that is not a rate. */
export function CommissionSection({
  rates,
  onChange,
  error,
}: {
  rates: Record<string, string>;
  onChange: (key: string, typed: string) => void;
  error: PreferencesError | null;
}) {
  return (
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
              onChange={(e) => onChange(key, e.target.value)}
              {...fieldErrorAria(COMMISSION_ERROR_ID, errorOf(error, key))}
            />
          </label>
        ))}
      </div>
      <FormError
        message={error && COMMISSION_BOOKS.some((key) => key === error.field) ? error.message : null}
        id={COMMISSION_ERROR_ID}
      />
    </section>
  );
}
