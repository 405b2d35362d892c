import { queryOptions } from '@tanstack/react-query';
import type { SteamAlert, SteamMarket, SteamRecord } from '@oddspulse/shared';
import { api } from '../api/client';
import { initialSteam, type SteamItem } from './steam-feed';

export const steamKeys = {
  all: ['steam'] as const,
  feed: (sportsKey: string) => [...steamKeys.all, 'feed', sportsKey] as const,
  record: (sport: string, market: string) => [...steamKeys.all, 'record', sport, market] as const,
};

export function fetchSteam(sports: readonly string[]) {
  const query = sports.length ? `?sports=${encodeURIComponent(sports.join(','))}` : '';
  return api.get<{ alerts: SteamAlert[]; generated_at: string }>(`/api/steam${query}`);
}

/**
 * The Steam list: read once over REST for every book, then changed in the cache by the socket's pushes. Not kept once
 * the list is left (pushes missed meanwhile would show ended alerts as live), so a later visit reads it afresh.
 */
export function steamFeedQuery(sportsKey: string) {
  return queryOptions({
    queryKey: steamKeys.feed(sportsKey),
    queryFn: async (): Promise<SteamItem[]> =>
      initialSteam((await fetchSteam(sportsKey ? sportsKey.split(',') : [])).alerts, Date.now()),
    gcTime: 0,
  });
}

export interface SteamRecordFilter {
  /** '' for every sport. */
  sport: string;
  /** '' for every market. */
  market: SteamMarket | '';
}

export function fetchSteamRecord(filter: SteamRecordFilter, before: string | null) {
  const params = new URLSearchParams();
  if (filter.sport) params.set('sport', filter.sport);
  if (filter.market) params.set('market', filter.market);
  if (before) params.set('before', before);
  const query = params.toString();
  return api.get<SteamRecord>(`/api/steam/record${query ? `?${query}` : ''}`);
}
