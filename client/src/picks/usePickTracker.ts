import type { PickStats, UserPick } from '@oddspulse/shared';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { liveSocketAtom } from '../realtime/socket';
import { authAtom } from '../state/auth';
import { fetchPicks, fetchPickStats } from './picks-api';
import { applySettledPicks, autoValidatedMessage, PICKS_CHANGED_EVENT, VALIDATION_BANNER_MS } from './picks-logic';
import type { PickFilters } from './PicksFilters';

/** Spec 002 §4, §9: statistics refresh every 5 minutes, and 1 second after a validation. */
const STATS_REFRESH_MS = 300_000;
export const STATS_AFTER_VALIDATION_MS = 1000;

/**
 * The tracker's data (spec 002 §2, DECISIONS 18–21): the picks the filters select, the period's statistics and
 * all its picks (for the chart), kept current by settlement pushes on the user's channel, a picks-changed event
 * (the sign-in import) and a 5-minute statistics refresh. A load answered after the filters moved on is dropped.
 */
export function usePickTracker(filters: PickFilters) {
  const auth = useAtomValue(authAtom);
  const socket = useAtomValue(liveSocketAtom);
  const userId = auth.status === 'signedIn' ? auth.user.id : null;
  const [picks, setPicks] = useState<UserPick[] | null>(null);
  const [periodPicks, setPeriodPicks] = useState<UserPick[]>([]);
  const [stats, setStats] = useState<PickStats | null>(null);
  const [error, setError] = useState('');
  const [banner, setBanner] = useState('');
  const current = useRef(filters);
  current.current = filters;

  const loadStats = useCallback(async () => {
    const { period } = current.current;
    try {
      const [next, all] = await Promise.all([fetchPickStats(period), fetchPicks({ period, status: 'all', sort: 'date' })]);
      if (current.current.period !== period) return;
      setStats(next);
      setPeriodPicks(all);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, []);

  const load = useCallback(async () => {
    const query = { ...current.current };
    try {
      const list = await fetchPicks(query);
      const now = current.current;
      if (now.period !== query.period || now.status !== query.status || now.sort !== query.sort) return;
      setPicks(list);
      setError('');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load, filters]);

  useEffect(() => {
    void loadStats();
    const timer = window.setInterval(() => void loadStats(), STATS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [loadStats, filters.period]);

  useEffect(() => {
    const reload = () => {
      void load();
      void loadStats();
    };
    window.addEventListener(PICKS_CHANGED_EVENT, reload);
    return () => window.removeEventListener(PICKS_CHANGED_EVENT, reload);
  }, [load, loadStats]);

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
        setPicks((list) => (list ? applySettledPicks(list, settled, current.current.status) : list));
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
  }, [socket, userId, load, loadStats]);

  const onSettled = (updated: UserPick) => {
    setPicks((list) => (list ? applySettledPicks(list, [updated], current.current.status) : list));
    void loadStats();
  };
  const onRemoved = (id: string) => {
    setPicks((list) => list?.filter((p) => p.id !== id) ?? list);
    void loadStats();
  };

  return { picks, periodPicks, stats, error, banner, load, loadStats, onSettled, onRemoved };
}
