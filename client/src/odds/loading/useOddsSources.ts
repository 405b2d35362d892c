import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CORE_SPORTS, DEFAULT_SPORTSBOOKS, type Sport } from '@oddspulse/shared';
import { preferencesQuery } from '../../account/account-api';
import { useSignedInUserId } from '../../state/auth';
import { sportsQuery } from '../odds-api';
import type { TableMode } from '../rows/rows';

/** The sports to filter by (the feed's active ones, no outrights) and the account's default books for the mode. */
export function useOddsSources(mode: TableMode): { sports: readonly Sport[]; defaultBooks: string[] } {
  const userId = useSignedInUserId();
  const list = useQuery(sportsQuery()).data;
  const prefs = useQuery({ ...preferencesQuery(userId), enabled: userId !== '' });
  // spec 001 §8: until the sports list comes, or on its failure, the core list stays.
  const sports = useMemo(
    () =>
      list ? list.filter((s) => s.active && !/outright|winner|election/i.test(`${s.key} ${s.title}`)) : CORE_SPORTS,
    [list],
  );
  // Without the account's books (still loading, or failed): the default game books, and no props books.
  const accountBooks = prefs.data;
  const defaultBooks = useMemo(
    () =>
      mode === 'props'
        ? (accountBooks?.props_sportsbooks ?? [])
        : (accountBooks?.sportsbooks ?? [...DEFAULT_SPORTSBOOKS]),
    [mode, accountBooks],
  );
  return { sports, defaultBooks };
}
