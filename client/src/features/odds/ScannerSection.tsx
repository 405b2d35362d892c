import { useAtom } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { OPEN_FILTERS_EVENT, type PlatinumSection } from './sections';
import { ScannerFiltersPanel, ScannerPanel, scannerSportsAtom } from '../scanners';
import { SteamPanel } from '../steam';
import { usePageBooks } from '../../state/starting-books';
import { scannerSportsForLink, type LinkSelection } from './alert-link';
import { useLinkView } from './alert-link-state';

/**
 * The scanners and the Steam list watch every covered sport unless the user narrows them. Their books start from the
 * user's saved books (DECISIONS 28, 36); a pick in the filter panel (sidebar, or the Filters sheet on mobile) is this
 * scanner's view until the user leaves it, and Reset returns to the saved books. The inputs are the panel's.
 */
export function ScannerSection({
  kind,
  link,
  search,
}: {
  kind: PlatinumSection;
  /** What the address's link (an alert's, a notification's) selects: its sport is watched, its legs' books shown. */
  link: LinkSelection | null;
  /** The page's search chip (an alert's game): the scanners and the Steam list show what it matches. */
  search: string;
}) {
  const [kept, setKept] = useAtom(scannerSportsAtom);
  const pageBooks = usePageBooks(link?.books);
  // DECISIONS 32: "Show all books" widens this scanner until the user leaves it; DECISIONS 36: the filters' Apply and
  // Reset are this scanner's books again (the saved ones on Reset), not every book
  const [everyBook, setEveryBook] = useState(false);
  // the link's sport is watched in this view, not kept; the user's Apply on the same address is theirs
  const { active, applied: linkApplied } = useLinkView(link);
  const sports = useMemo(() => (active && scannerSportsForLink(kept, active)) ?? kept, [active, kept]);
  const [mobileFilters, setMobileFilters] = useState(false);
  useEffect(() => {
    const open = () => setMobileFilters(true);
    window.addEventListener(OPEN_FILTERS_EVENT, open);
    return () => window.removeEventListener(OPEN_FILTERS_EVENT, open);
  }, []);
  return (
    <div className="odds-layout">
      <ScannerFiltersPanel
        sports={sports}
        onSports={(next) => {
          linkApplied();
          setKept(next);
        }}
        books={pageBooks.books}
        startingBooks={pageBooks.starting}
        onBooks={(books) => {
          setEveryBook(false);
          pageBooks.choose(books);
        }}
        mobileOpen={mobileFilters}
        onMobileClose={() => setMobileFilters(false)}
      />
      <div className="odds-main">
        {sports.length === 0 ? (
          <p className="muted">No games data available. Please check your sports selection.</p>
        ) : kind === 'steam' ? (
          <SteamPanel
            sports={sports}
            books={pageBooks.books}
            search={search}
            everyBook={everyBook}
            onEveryBook={setEveryBook}
          />
        ) : (
          <ScannerPanel
            key={kind}
            kind={kind}
            sports={sports}
            books={pageBooks.books}
            search={search}
            everyBook={everyBook}
            onEveryBook={setEveryBook}
          />
        )}
      </div>
    </div>
  );
}
