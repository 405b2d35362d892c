import { queryOptions } from '@tanstack/react-query';
import { RealtimeChannel, type SteamMarket } from '@oddspulse/shared';
import type { LiveSocket } from '../../realtime/live-socket';
import { typedApi } from '../../api/client';
import { answerOf } from '../../api/typed-client';
import { initialSteam, type SteamItem } from './steam-feed';

export const steamKeys = {
  all: ['steam'] as const,
  feed: (sportsKey: string) => [...steamKeys.all, 'feed', sportsKey] as const,
  record: (sport: string, market: string) => [...steamKeys.all, 'record', sport, market] as const,
};

export function fetchSteam(sports: readonly string[]) {
  return answerOf(typedApi.GET('/api/steam', { params: { query: sports.length ? { sports: sports.join(',') } : {} } }));
}

/**
 * The Steam list: read once over REST for every book, then changed in the cache by the socket's pushes. Each sport's
 * room is caught up from where its channel stood as the answer was read (`socket.catchUpSports`), so an alert that
 * expired while the read was under way is replayed on top of it. Not kept once the list is left (pushes missed
 * meanwhile would show ended alerts as live), so a later visit reads it afresh.
 */
export function steamFeedQuery(sportsKey: string, socket: LiveSocket) {
  return queryOptions({
    queryKey: steamKeys.feed(sportsKey),
    queryFn: async (): Promise<SteamItem[]> => {
      const loaded = await fetchSteam(sportsKey ? sportsKey.split(',') : []);
      // the replay comes over the socket, after this answer is the query's data
      socket.catchUpSports(RealtimeChannel.Steam, loaded.positions);
      return initialSteam(loaded.alerts, Date.now());
    },
    gcTime: 0,
  });
}

/** The sport and market chosen on the record page, as its selects hold them. */
export interface SteamRecordChoice {
  /** '' for every sport. */
  sport: string;
  /** '' for every market. */
  market: SteamMarket | '';
}

export function fetchSteamRecord(filter: SteamRecordChoice, before: string | null) {
  const query = {
    ...(filter.sport ? { sport: filter.sport } : {}),
    ...(filter.market ? { market: filter.market } : {}),
    ...(before ? { before } : {}),
  };
  return answerOf(typedApi.GET('/api/steam/record', { params: { query } }));
}
