import { useEffect, useState } from 'react';
import { OPEN_FILTERS_EVENT } from '../sections';
import { defaultFilters, type OddsFilters } from './filter-settings';
import { RESET_FILTERS_EVENT } from '../table/OddsTableNotices';

/**
 * What other parts of the page ask of the filters: "reset filters" from an empty table restores the defaults with the
 * starting books (DECISIONS 36), and
 * the mobile nav's Filters button opens the bottom sheet (whose open state this answers, with its setter).
 */
export function useFilterEvents(startingBooks: readonly string[], setApplied: (filters: OddsFilters) => void) {
  const [mobileFilters, setMobileFilters] = useState(false);
  useEffect(() => {
    const reset = () => setApplied(defaultFilters(startingBooks));
    const open = () => setMobileFilters(true);
    window.addEventListener(RESET_FILTERS_EVENT, reset);
    window.addEventListener(OPEN_FILTERS_EVENT, open);
    return () => {
      window.removeEventListener(RESET_FILTERS_EVENT, reset);
      window.removeEventListener(OPEN_FILTERS_EVENT, open);
    };
  }, [startingBooks, setApplied]);
  return [mobileFilters, setMobileFilters] as const;
}
