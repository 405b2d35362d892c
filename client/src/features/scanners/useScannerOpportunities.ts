import { useMemo, useRef } from 'react';
import { useBankroll } from '../bet-slip';
import { matchesOpportunitySearch } from '../odds';
import { hiddenByBooks, shownOutside, sizedForUser } from './opportunity-feed';
import type { NotifySettings } from './scanner-notify';
import type { ScannerKind, ScannerSettings } from './scanner-settings';
import { useScannerFeed, type NotifyContext } from './useScannerFeed';

/**
 * A scanner's live feed as its user sees it: the opportunities the page's search matches, sized at the user's inputs,
 * books and bankroll, how many of them the books hide (and how many the search leaves out), unless "Show all books" widened the scanner.
 */
export function useScannerOpportunities(
  kind: ScannerKind,
  {
    sports,
    books,
    everyBook,
    search,
    inputs,
    notify,
  }: {
    sports: readonly string[];
    books: readonly string[];
    /** "Show all books" pressed on this scanner (DECISIONS 32): every book is shown and sized. */
    everyBook: boolean;
    search: string;
    inputs: ScannerSettings;
    notify: NotifySettings;
  },
) {
  const bankroll = useBankroll();
  const booksKey = everyBook ? '' : books.join(',');
  const user = useMemo(
    () => ({
      inputs,
      bankroll: bankroll.cents / 100,
      books: booksKey ? booksKey.split(',') : [],
      commission: bankroll.commissions,
    }),
    [inputs, bankroll.cents, booksKey, bankroll.commissions],
  );
  const notifyContext = useRef<NotifyContext>({ ...user, notify });
  notifyContext.current = { ...user, notify };
  const { feed, state, now, load } = useScannerFeed(kind, sports.join(','), notifyContext);

  const searched = useMemo(
    () => (search.trim() ? feed.filter((item) => matchesOpportunitySearch(item.opportunity, search)) : feed),
    [feed, search],
  );
  const visible = useMemo(() => sizedForUser(searched, user), [searched, user]);
  const hidden = useMemo(() => hiddenByBooks(searched, user), [searched, user]);
  const outsideSearch = useMemo(
    () => (search.trim() ? shownOutside(feed, (o) => matchesOpportunitySearch(o, search), user) : 0),
    [feed, search, user],
  );
  return { feed, state, now, load, visible, hidden, outsideSearch };
}
