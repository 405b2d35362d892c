import { queryOptions } from '@tanstack/react-query';
import { RealtimeChannel } from '@oddspulse/shared';
import type { LiveSocket } from '../../realtime/live-socket';
import { fetchArbitrage, fetchMiddles, type PositionedList } from '../odds';
import { initialFeed, type FeedItem, type Opportunity } from './opportunity-feed';
import type { ScannerKind } from './scanner-settings';

export const scannerKeys = {
  all: ['scanner'] as const,
  feed: (kind: ScannerKind, sportsKey: string) => [...scannerKeys.all, kind, sportsKey] as const,
};

/** The socket channel of a scanner's pushes. */
export const scannerChannel = (kind: ScannerKind) =>
  kind === 'arbitrage' ? RealtimeChannel.Arbitrage : RealtimeChannel.Middles;

/**
 * A scanner's feed (spec 001 §5): read once over REST for every book, then changed in the cache by the socket's
 * pushes. Each sport's room is caught up from where its channel stood as the answer was read (`socket.catchUpSports`),
 * so an update pushed while the read was under way (an arbitrage gone) is replayed on top of it and none it holds is
 * applied twice. It is not kept once the scanner is left: pushes missed meanwhile would make it pass closed
 * opportunities off as live, so a later visit reads it afresh.
 */
export function scannerFeedQuery(kind: ScannerKind, sportsKey: string, socket: LiveSocket) {
  return queryOptions({
    queryKey: scannerKeys.feed(kind, sportsKey),
    queryFn: async (): Promise<FeedItem<Opportunity>[]> => {
      const sports = sportsKey ? sportsKey.split(',') : [];
      // Detection publishes at the loosest thresholds; the user's inputs and books are applied on top, in the panel.
      const loaded: PositionedList<Opportunity> =
        kind === 'arbitrage'
          ? await fetchArbitrage({ sports, books: [], minProfit: 0.1, maxStake: 100, bankroll: 1000 })
          : await fetchMiddles({ sports, books: [], minGap: 0.5, minProbability: 5, maxStake: 1000, bankroll: 1000 });
      // the replay comes over the socket, after this answer is the query's data
      socket.catchUpSports(scannerChannel(kind), loaded.positions);
      return initialFeed(loaded.opportunities, Date.now());
    },
    gcTime: 0,
  });
}
