import { alertRuleTakesBook, CORE_SPORTS, SPORTSBOOKS, type AlertKind } from '@oddspulse/shared';
import { kindBooks, type FormState, type SetField } from './alert-form';
import { ValueMultiSelect } from '../../ui/ValueMultiSelect';

/**
 * A rule's sport and book filters: the form field, its label, and the keys to choose from with their names (the books
 * those the rule's kind fires at).
 */
const LEG_FILTERS = [
  {
    field: 'sports',
    label: 'Sports (none selected: all)',
    values: () => CORE_SPORTS.map((sport) => sport.key),
    names: Object.fromEntries(CORE_SPORTS.map((sport) => [sport.key, sport.title])),
  },
  {
    field: 'books',
    label: 'Books (none selected: all; otherwise every leg at one of them)',
    values: (kind: AlertKind) =>
      SPORTSBOOKS.filter((book) => alertRuleTakesBook(kind, book.key)).map((book) => book.key),
    names: Object.fromEntries(SPORTSBOOKS.map((book) => [book.key, book.name])),
  },
] as const;

/** Which legs a rule watches: its sports (but a price target's) and its books, with what the books mean for its kind. */
export function LegFilterFields({ form, set }: { form: FormState; set: SetField }) {
  return (
    <>
      {/* a price target's sport is its game's */}
      {LEG_FILTERS.filter(({ field }) => !(form.kind === 'price_target' && field === 'sports')).map(
        ({ field, label, values, names }) => (
          <ValueMultiSelect
            key={field}
            label={label}
            value={field === 'books' ? kindBooks(form) : form[field]}
            values={values(form.kind)}
            names={names}
            onChange={(selected) => set(field, selected)}
          />
        ),
      )}
      {(form.kind === 'steam' || form.kind === 'price_target') && (
        <p className="muted small" data-testid="alert-books-hint">
          {form.kind === 'steam'
            ? 'Steam alerts when one of these books is still at the old price.'
            : 'The target is met at any of these books.'}
        </p>
      )}
    </>
  );
}
