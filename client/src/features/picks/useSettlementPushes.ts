import type { UserPick } from '@oddspulse/shared';
import { useAtomValue } from 'jotai';
import { useEffect, type RefObject } from 'react';
import { liveSocketAtom } from '../../realtime/socket';
import { applySettledPicks, autoValidatedMessage } from './picks-logic';
import type { PickFilters } from './PicksFilters';

/** Spec 002 §4, §9: statistics refresh 1 second after a validation. */
export const STATS_AFTER_VALIDATION_MS = 1000;

/**
 * Settlement pushes on the user's own channel (DECISIONS 19): the list on screen updates in place (at the filters
 * `current` holds) and says how many picks were validated, the statistics are read a second later; a snapshot, a gap
 * too old to replay, reads the lists again.
 */
export function useSettlementPushes(
  userId: string | null,
  current: RefObject<PickFilters>,
  {
    changeList,
    load,
    loadStats,
    setBanner,
  }: {
    changeList: (change: (picks: UserPick[]) => UserPick[]) => void;
    load: () => Promise<void>;
    loadStats: () => Promise<void>;
    setBanner: (banner: string) => void;
  },
) {
  const socket = useAtomValue(liveSocketAtom);
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
  }, [socket, userId, load, loadStats, changeList, current, setBanner]);
}
