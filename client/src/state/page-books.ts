/**
 * The books one page's view shows (DECISIONS 36): the starting books (the user's saved books, or the defaults) until
 * the user picks others in that page's filters; the pick is that page's view only, kept while the user stays on it, and
 * Reset (or picking the starting books again) returns the view to the starting books, following them when they change.
 */

/** The page's own pick, null when it is the starting books: the view then follows them (a save, their late arrival). */
export function pageBookChoice(next: readonly string[], starting: readonly string[]): string[] | null {
  const same = next.length === starting.length && next.every((book) => starting.includes(book));
  return same ? null : [...next];
}

/**
 * The books the page shows before any pick: the starting books, with those a link adds for this view (an alert's bet
 * at a book the user does not keep, say).
 */
export function linkedBooks(starting: readonly string[], added: readonly string[]): readonly string[] {
  const more = added.filter((book) => !starting.includes(book));
  return more.length ? [...starting, ...more] : starting;
}

/** The books the page shows: its own pick, or the starting books (with a link's). */
export function pageBooks(choice: readonly string[] | null, starting: readonly string[]): readonly string[] {
  return choice ?? starting;
}
