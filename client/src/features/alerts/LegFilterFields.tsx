import { alertRuleTakesBook, SPORTSBOOKS } from '@oddspulse/shared';
import { kindBooks, missingBooks, type FormState, type SetField } from './alert-form';
import { sportChoices, useAlertSports } from './useAlertSports';
import { ValueMultiSelect } from '../../ui/ValueMultiSelect';

/**
 * A rule's sport and book filters: the form field, its label, and the keys to choose from with their names (the sports
 * those the deployment polls, the books those the rule's kind fires at).
 */
function legFilters(form: FormState, sports: ReturnType<typeof useAlertSports>) {
  return [
    {
      field: 'sports',
      label: sports.loading ? 'Sports (loading...)' : 'Sports (none selected: all)',
      values: sportChoices(sports.sports, form.sports),
      names: sports.names,
    },
    {
      field: 'books',
      label: 'Books (every leg at one of them)',
      values: SPORTSBOOKS.filter((book) => alertRuleTakesBook(form.kind, book.key)).map((book) => book.key),
      names: Object.fromEntries(SPORTSBOOKS.map((book) => [book.key, book.name])),
    },
  ] as const;
}

/**
 * Which legs a rule watches: its sports (but a price target's) and its books, with what the books mean for its kind.
 * "Any book" is a choice of its own: no book ticked is not any book, and the form says so when the kind fires at none
 * of the books it holds (missingBooks).
 */
export function LegFilterFields({ form, set }: { form: FormState; set: SetField }) {
  const missing = missingBooks(form);
  const sports = useAlertSports();
  return (
    <>
      {/* a price target's sport is its game's; with "Any book" chosen there are no books to tick */}
      {legFilters(form, sports)
        .filter(
          ({ field }) => !(form.kind === 'price_target' && field === 'sports') && !(form.anyBook && field === 'books'),
        )
        .map(({ field, label, values, names }) => (
          <ValueMultiSelect
            key={field}
            label={label}
            value={field === 'books' ? kindBooks(form) : form[field]}
            values={values}
            names={names}
            onChange={(selected) => set(field, selected)}
          />
        ))}
      <label className="inline">
        <input type="checkbox" checked={form.anyBook} onChange={(e) => set('anyBook', e.target.checked)} /> Any book
      </label>
      {missing && (
        <p className="form-error" role="status" data-testid="alert-books-missing">
          {missing}
        </p>
      )}
      {!form.anyBook && (form.kind === 'steam' || form.kind === 'price_target') && (
        <p className="muted small" data-testid="alert-books-hint">
          {form.kind === 'steam'
            ? 'Steam alerts when one of these books is still at the old price.'
            : 'The target is met at any of these books.'}
        </p>
      )}
    </>
  );
}
