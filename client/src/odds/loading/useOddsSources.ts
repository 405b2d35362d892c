import { useEffect, useMemo, useState } from 'react';
import { CORE_SPORTS, DEFAULT_SPORTSBOOKS, type Sport } from '@oddspulse/shared';
import { fetchPreferences } from '../../account/account-api';
import { fetchSports } from '../odds-api';
import type { TableMode } from '../rows/rows';

/** The sports to filter by (the feed's active ones, no outrights) and the account's default books for the mode. */
export function useOddsSources(mode: TableMode): { sports: readonly Sport[]; defaultBooks: string[] } {
  const [sports, setSports] = useState<readonly Sport[]>(CORE_SPORTS);
  const [accountBooks, setAccountBooks] = useState<{ game: string[]; props: string[] } | null>(null);
  useEffect(() => {
    fetchSports()
      .then((list) =>
        setSports(list.filter((s) => s.active && !/outright|winner|election/i.test(`${s.key} ${s.title}`))),
      )
      // spec 001 §8: on a sports-list failure the core list stays.
      .catch(() => setSports(CORE_SPORTS));
    fetchPreferences()
      .then((prefs) => setAccountBooks({ game: prefs.sportsbooks, props: prefs.props_sportsbooks }))
      .catch(() => setAccountBooks({ game: [...DEFAULT_SPORTSBOOKS], props: [] }));
  }, []);
  const defaultBooks = useMemo(
    () => (mode === 'props' ? (accountBooks?.props ?? []) : (accountBooks?.game ?? [...DEFAULT_SPORTSBOOKS])),
    [mode, accountBooks],
  );
  return { sports, defaultBooks };
}
