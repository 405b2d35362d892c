import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { RealtimeChannel, type OpportunityUpdate } from '@oddspulse/shared';
import { fetchArbitrage, fetchMiddles } from '../odds/odds-api';
import { liveSocketAtom } from '../realtime/socket';
import { applyUpdate, initialFeed, settleFeed, type FeedItem, type Opportunity, type ScannerUser } from './opportunity-feed';
import { notificationsFor, type NotifySettings } from './scanner-notify';
import type { ScannerKind } from './scanner-settings';
import { notificationPermission } from './useScannerNotify';

export type FeedState = { status: 'loading' | 'ready' } | { status: 'error'; message: string };

/** What a pushed batch is checked against for notifications: the latest settings, read without re-subscribing. */
export type NotifyContext = ScannerUser & { notify: NotifySettings };

/**
 * A scanner's feed (spec 001 §5, §9; DECISIONS 11–12): the first load over REST for every book, then new / updated /
 * gone over the socket for every selected sport, settled each second (highlights end, gone ones fade out).
 */
export function useScannerFeed(kind: ScannerKind, sportsKey: string, notifyContext: RefObject<NotifyContext>) {
  const socket = useAtomValue(liveSocketAtom);
  const [feed, setFeed] = useState<FeedItem<Opportunity>[]>([]);
  const [state, setState] = useState<FeedState>({ status: 'loading' });
  const [now, setNow] = useState(() => Date.now());

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    const list = sportsKey ? sportsKey.split(',') : [];
    try {
      // Detection publishes at the loosest thresholds; the user's inputs and books are applied on top, here.
      const loaded: Opportunity[] =
        kind === 'arbitrage'
          ? await fetchArbitrage({ sports: list, books: [], minProfit: 0.1, maxStake: 100, bankroll: 1000 })
          : await fetchMiddles({ sports: list, books: [], minGap: 0.5, minProbability: 5, maxStake: 1000, bankroll: 1000 });
      setFeed(initialFeed(loaded, Date.now()));
      setState({ status: 'ready' });
    } catch (error) {
      setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }, [kind, sportsKey]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (!sportsKey) return;
    const channel = kind === 'arbitrage' ? RealtimeChannel.Arbitrage : RealtimeChannel.Middles;
    const offs = sportsKey.split(',').map((sport) =>
      socket.subscribe({ channel, sport }, (envelope) => {
        if (envelope.type === 'snapshot') {
          // A snapshot is the room's current updates (new or updated), each with its opportunity.
          const list = envelope.data.flatMap((u): Opportunity[] => (u.action !== 'gone' && u.opportunity ? [u.opportunity] : []));
          setFeed((current) => [...current.filter((i) => i.opportunity.sport !== sport), ...initialFeed(list, Date.now())]);
          return;
        }
        if (envelope.type !== 'opportunities') return;
        const updates: ReadonlyArray<OpportunityUpdate<Opportunity>> = envelope.data.updates;
        const at = Date.now();
        setFeed((current) => updates.reduce((feedSoFar, update) => applyUpdate(feedSoFar, update, at), current));
        const context = notifyContext.current;
        if (!context?.notify.on || notificationPermission() !== 'granted') return;
        for (const n of notificationsFor(kind, updates, context.notify, context)) new Notification(n.title, { body: n.body, tag: n.tag });
      }),
    );
    return () => offs.forEach((off) => off());
  }, [kind, sportsKey, socket, notifyContext]);

  useEffect(() => {
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      setFeed((current) => settleFeed(current, t));
    }, 1000);
    return () => window.clearInterval(timer);
  }, []);

  return { feed, state, now, load };
}
