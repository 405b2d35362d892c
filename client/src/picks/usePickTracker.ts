import type { PicksPage, UserPick } from '@oddspulse/shared';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { liveSocketAtom } from '../realtime/socket';
import { authAtom } from '../state/auth';
import { pickListQuery, pickPeriodQuery, picksKeys } from './picks-api';
import { applySettledPicks, autoValidatedMessage, VALIDATION_BANNER_MS } from './picks-logic';
import type { PickFilters } from './PicksFilters';

/** Spec 002 §4, §9: statistics refresh every 5 minutes, and 1 second after a validation. */
const STATS_REFRESH_MS = 300_000;
export const STATS_AFTER_VALIDATION_MS = 1000;

/**
 * The tracker's data (spec 002 §2, DECISIONS 18–21): the picks the filters select (a page at a time, the next when
 * the user asks for more), the period's statistics and
 * all its picks (for the chart), kept current by settlement pushes on the user's channel and a 5-minute statistics
 * refresh. Each filter and period has its own cached entry: while a new one is read the last one stays on screen,
 * and an answer for filters left behind never lands on the current ones.
 */
export function usePickTracker(filters: PickFilters) {
  const auth = useAtomValue(authAtom);
  const socket = useAtomValue(liveSocketAtom);
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
      queryClient.setQueryData<InfiniteData<PicksPage<UserPick>, string | null>>(
        picksKeys.list(owner, current.current),
        (list) => list && { ...list, pages: list.pages.map((page) => ({ ...page, picks: change(page.picks) })) },
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

  // Settlement pushes on the user's own channel (DECISIONS 19): the list updates in place, stats a second later.
  useEffect(() => {
    if (!userId) return;
    let statsTimer: number | undefined;
    const unsubscribe = socket.subscribe({ channel: 'user' }, (envelope) => {
      if (envelope.type === 'picks.settled') {
        const { count, picks: settled } = envelope.data;
        changeList((picks) => applySettledPicks(picks, settled, current.current.status));
        if (count > 0) setBanner(autoValidatedMessage(count));
      } else if (envelope.type === 'snapshot') {
        // A gap too old to replay: the server's state is the truth.
        void load();
      } else {
        return;
      }
      window.clearTimeout(statsTimer);
      statsTimer = window.setTimeout(() => void loadStats(), STATS_AFTER_VALIDATION_MS);
    });
    return () => {
      window.clearTimeout(statsTimer);
      unsubscribe();
    };
  }, [socket, userId, load, loadStats, changeList]);

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
