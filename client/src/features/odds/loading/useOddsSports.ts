import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CORE_SPORTS, type Sport } from '@oddspulse/shared';
import { sportsQuery } from '../odds-api';

/**
 * The sports to filter by (the feed's active ones, no outrights). The books are the page's, starting from the user's
 * saved books for straight bets and props alike (state/starting-books.ts).
 */
export function useOddsSports(): readonly Sport[] {
  const list = useQuery(sportsQuery()).data;
  // spec 001 §8: until the sports list comes, or on its failure, the core list stays.
  const sports = useMemo(
    () =>
      list ? list.filter((s) => s.active && !/outright|winner|election/i.test(`${s.key} ${s.title}`)) : CORE_SPORTS,
    [list],
  );
  return sports;
}
