import type { PagedPicks, UserPick } from '@oddspulse/shared';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { authAtom } from '../../state/auth';
import { pickListQuery, pickPeriodQuery, picksKeys } from './picks-api';
import { applySettledPicks, VALIDATION_BANNER_MS } from './picks-logic';
import type { PickFilters } from './PicksFilters';
import { useSettlementPushes } from './useSettlementPushes';

/** Spec 002 §4, §9: statistics refresh every 5 minutes (and a second after a validation, useSettlementPushes). */
const STATS_REFRESH_MS = 300_000;

/**
 * The tracker's data (spec 002 §2, DECISIONS 18–21): the picks the filters select (a page at a time, the next when
 * the user asks for more), the period's statistics and
 * all its picks (for the chart), kept current by settlement pushes on the user's channel and a 5-minute statistics
 * refresh. Each filter and period has its own cached entry: while a new one is read the last one stays on screen,
 * and an answer for filters left behind never lands on the current ones.
 */
export function usePickTracker(filters: PickFilters) {
  const auth = useAtomValue(authAtom);
  const queryClient = useQueryClient();
  const userId = auth.status === 'signedIn' ? auth.user.id : null;
  const owner = userId ?? '';
  const [banner, setBanner] = useState('');
  const current = useRef(filters);
  current.current = filters;

  const list = useInfiniteQuery({
    ...pickListQuery(owner, filters),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
  const period = useQuery({
    ...pickPeriodQuery(owner, filters.period),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: STATS_REFRESH_MS,
  });

  // The lists of every filter are read again (the one on screen now, the others when next shown).
  const load = useCallback(
    () => queryClient.invalidateQueries({ queryKey: picksKeys.lists(owner) }),
    [queryClient, owner],
  );
  const loadStats = useCallback(
    () => queryClient.invalidateQueries({ queryKey: picksKeys.periods(owner) }),
    [queryClient, owner],
  );

  // A pick changed: the list on screen changes in place; the other filters' lists are read again when next shown.
  const changeList = useCallback(
    (change: (picks: UserPick[]) => UserPick[]) => {
      void queryClient.invalidateQueries({ queryKey: picksKeys.lists(owner), refetchType: 'none' });
      queryClient.setQueryData<InfiniteData<PagedPicks<UserPick>, string | null>>(
        picksKeys.list(owner, current.current),
        (cached) =>
          cached && { ...cached, pages: cached.pages.map((page) => ({ ...page, picks: change(page.picks) })) },
      );
    },
    [queryClient, owner],
  );

  // The banner of spec 002 §2 stays 5 seconds.
  useEffect(() => {
    if (!banner) return;
    const timer = window.setTimeout(() => setBanner(''), VALIDATION_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [banner]);

  useSettlementPushes(userId, current, { changeList, load, loadStats, setBanner });

  const onSettled = (updated: UserPick) => {
    changeList((picks) => applySettledPicks(picks, [updated], current.current.status));
    void loadStats();
  };
  const onRemoved = (id: string) => {
    changeList((picks) => picks.filter((p) => p.id !== id));
    void loadStats();
  };

  const failed = list.error ?? period.error;
  return {
    picks: list.data?.pages.flatMap((page) => page.picks) ?? null,
    /** More picks than the pages read so far, and reading the next page. */
    more: list.hasNextPage,
    loadingMore: list.isFetchingNextPage,
    loadMore: () => void list.fetchNextPage(),
    periodPicks: period.data?.picks ?? [],
    periodLoading: period.data === undefined && !period.error,
    periodLoaded: period.data !== undefined,
    stats: period.data?.stats ?? null,
    error: failed ? failed.message : '',
    banner,
    load,
    loadStats,
    onSettled,
    onRemoved,
  };
}
