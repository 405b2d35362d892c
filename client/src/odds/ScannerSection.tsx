import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { DEFAULT_SPORTSBOOKS } from '@oddspulse/shared';
import { preferencesQuery } from '../account/account-api';
import { OPEN_FILTERS_EVENT, type PlatinumSection } from './sections';
import { ScannerFiltersPanel } from '../scanners/ScannerFilters';
import { ScannerPanel } from '../scanners/ScannerPanel';
import { SteamPanel } from '../steam/SteamPanel';
import { scannerSportsAtom } from '../scanners/scanner-state';
import { appliedFiltersAtom } from './odds-state';
import { useSignedInUserId } from '../state/auth';

/**
 * The scanners and the Steam list watch every covered sport unless the user narrows them; the book filter is the
 * page's. Their filter panel (sidebar, or the Filters sheet on mobile) holds the sports and books; the inputs are the
 * panel's.
 */
export function ScannerSection({ kind }: { kind: PlatinumSection }) {
  const applied = useAtomValue(appliedFiltersAtom);
  const sports = useAtomValue(scannerSportsAtom);
  const [mobileFilters, setMobileFilters] = useState(false);
  const userId = useSignedInUserId();
  const prefs = useQuery({ ...preferencesQuery(userId), enabled: userId !== '' });
  // The account's books only seed Reset; until they come, or without them, Reset uses the default books (DECISIONS 16).
  const defaultBooks = prefs.data?.sportsbooks ?? DEFAULT_SPORTSBOOKS;
  useEffect(() => {
    const open = () => setMobileFilters(true);
    window.addEventListener(OPEN_FILTERS_EVENT, open);
    return () => window.removeEventListener(OPEN_FILTERS_EVENT, open);
  }, []);
  return (
    <div className="odds-layout">
      <ScannerFiltersPanel
        defaultBooks={defaultBooks}
        mobileOpen={mobileFilters}
        onMobileClose={() => setMobileFilters(false)}
      />
      <div className="odds-main">
        {sports.length === 0 ? (
          <p className="muted">No games data available. Please check your sports selection.</p>
        ) : kind === 'steam' ? (
          <SteamPanel sports={sports} books={applied.books} />
        ) : (
          <ScannerPanel key={kind} kind={kind} sports={sports} books={applied.books} />
        )}
      </div>
    </div>
  );
}
