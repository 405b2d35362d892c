import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { startingSportsbooks } from '@oddspulse/shared';
import { preferencesQuery } from './session-api';
import { useSignedInUserId } from './auth';
import { linkedBooks, pageBookChoice, pageBooks } from './page-books';

/**
 * The one source of the books every table, scanner, count, hint, alert rule default and bet size starts from
 * (DECISIONS 36): the signed-in user's saved books (GET /api/preferences, which a save on My Sportsbooks updates at
 * once), the default books for a visitor, a user who never saved, and until the saved ones come.
 */
export function useStartingBooks(): { books: readonly string[]; settled: boolean } {
  const userId = useSignedInUserId();
  const prefs = useQuery({ ...preferencesQuery(userId), enabled: userId !== '' });
  const saved = prefs.data?.sportsbooks;
  const books = useMemo(() => startingSportsbooks(userId ? saved : undefined), [userId, saved]);
  // settled: the saved books are known (or cannot be, signed out or failing), so what is read for them is final
  return { books, settled: userId === '' || !prefs.isPending };
}

export interface PageBooks {
  /** What the page shows and counts against. */
  books: readonly string[];
  /** Where the page started and where Reset returns. */
  starting: readonly string[];
  /** The page's own pick (from its filters' Apply): this view only, while the user stays on the page. */
  choose: (books: readonly string[]) => void;
}

/**
 * A page's book filter: the starting books until the user picks others on it; leaving the page forgets the pick. `added`
 * are books a link adds to this view (an alert's bet or legs); Reset does not keep them.
 */
export function usePageBooks(added: readonly string[] = NONE): PageBooks {
  const starting = useStartingBooks().books;
  const shown = useMemo(() => linkedBooks(starting, added), [starting, added]);
  const [choice, setChoice] = useState<string[] | null>(null);
  const choose = useCallback((books: readonly string[]) => setChoice(pageBookChoice(books, shown)), [shown]);
  return useMemo(() => ({ books: pageBooks(choice, shown), starting, choose }), [choice, shown, starting, choose]);
}

const NONE: readonly string[] = [];
