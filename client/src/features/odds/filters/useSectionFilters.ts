import { useAtom } from 'jotai';
import { useCallback, useMemo } from 'react';
import { usePageBooks } from '../../../state/starting-books';
import { filtersForLink, type LinkSelection } from '../alert-link';
import { useLinkView } from '../alert-link-state';
import { appliedFiltersAtom } from '../odds-state';
import type { TableMode } from '../rows/rows';
import { storedPart, type OddsFilters } from './filter-settings';

/**
 * A section's applied filters: what this browser keeps (odds-state) with this view's books. DECISIONS 36: the books
 * start from the user's saved books, and a pick in the filters is this view's until they leave. An alert's link adds
 * its bet's book to this view, and its sport and market to this view's filters (not to the kept ones), so the bet shows.
 */
export function useSectionFilters(link: LinkSelection | null, mode: TableMode) {
  const [stored, setStored] = useAtom(appliedFiltersAtom);
  const { books, starting, choose } = usePageBooks(link?.books);
  const { active, applied: linkApplied } = useLinkView(link);
  const applied = useMemo<OddsFilters>(() => {
    const shown = (active && filtersForLink(stored, active, mode)) ?? stored;
    return { ...shown, books: [...books] };
  }, [stored, active, mode, books]);
  const setApplied = useCallback(
    (next: OddsFilters) => {
      linkApplied();
      setStored(storedPart(next));
      choose(next.books);
    },
    [linkApplied, setStored, choose],
  );
  return { applied, setApplied, starting };
}
