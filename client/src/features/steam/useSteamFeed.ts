import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { RealtimeChannel } from '@oddspulse/shared';
import { liveSocketAtom } from '../../realtime/socket';
import { feedState } from '../scanners';
import { steamFeedQuery, steamKeys } from './steam-api';
import { applySteam, initialSteam, settleSteam, type SteamItem } from './steam-feed';

const NO_ITEMS: SteamItem[] = [];

/**
 * The Steam list (DECISIONS 34): the first load over REST, then raised, updated and expired alerts over the socket for
 * every selected sport from where the load read each (steamFeedQuery), settled each second (highlights end, expired ones leave after a minute). The pushes change the
 * query's cached list, so a read and a push never hold two copies.
 */
export function useSteamFeed(sportsKey: string) {
  const socket = useAtomValue(liveSocketAtom);
  const queryClient = useQueryClient();
  const query = useQuery(steamFeedQuery(sportsKey, socket));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!sportsKey) return;
    const key = steamKeys.feed(sportsKey);
    const change = (update: (list: SteamItem[]) => SteamItem[]) =>
      queryClient.setQueryData<SteamItem[]>(key, (list) => update(list ?? []));
    const offs = sportsKey.split(',').map((sport) =>
      socket.subscribe({ channel: RealtimeChannel.Steam, sport }, (envelope) => {
        if (envelope.type === 'snapshot') {
          // a snapshot is the sport's active alerts
          change((list) => [
            ...list.filter((i) => i.alert.sport !== sport),
            ...initialSteam(envelope.data, Date.now()),
          ]);
          return;
        }
        const at = Date.now();
        change((list) => applySteam(list, envelope, at));
      }),
    );
    return () => offs.forEach((off) => off());
  }, [sportsKey, socket, queryClient]);

  // A clock, not a poll: each second the ages tick, highlights end and expired alerts leave.
  useEffect(() => {
    const key = steamKeys.feed(sportsKey);
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      queryClient.setQueryData<SteamItem[]>(key, (list) => list && settleSteam(list, t));
    }, 1000);
    return () => window.clearInterval(timer);
  }, [sportsKey, queryClient]);

  return { items: query.data ?? NO_ITEMS, state: feedState(query), now, load: query.refetch };
}
