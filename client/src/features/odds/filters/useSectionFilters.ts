import { useAtom, useStore } from 'jotai';
import { useCallback, useEffect, useMemo } from 'react';
import { usePageBooks } from '../../../state/starting-books';
import { filtersForLink, type LinkSelection } from '../alert-link';
import { appliedFiltersAtom } from '../odds-state';
import type { TableMode } from '../rows/rows';
import { storedPart, type OddsFilters } from './filter-settings';

/**
 * A section's applied filters: what this browser keeps (odds-state) with this view's books. DECISIONS 36: the books
 * start from the user's saved books, and a pick in the filters is this view's until they leave. An alert's link adds
 * its bet's book to this view, and its sport and market to the filters, so the bet shows.
 */
export function useSectionFilters(link: LinkSelection | null, mode: TableMode) {
  const [stored, setStored] = useAtom(appliedFiltersAtom);
  const { books, starting, choose } = usePageBooks(link?.books);
  const store = useStore();
  useEffect(() => {
    const next = link && filtersForLink(store.get(appliedFiltersAtom), link, mode);
    if (next) setStored(next);
  }, [link, mode, store, setStored]);
  const applied = useMemo<OddsFilters>(() => ({ ...stored, books: [...books] }), [stored, books]);
  const setApplied = useCallback(
    (next: OddsFilters) => {
      setStored(storedPart(next));
      choose(next.books);
    },
    [setStored, choose],
  );
  return { applied, setApplied, starting };
}
