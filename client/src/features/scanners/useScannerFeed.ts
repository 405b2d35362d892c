import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import type { OpportunityUpdate } from '@oddspulse/shared';
import { liveSocketAtom } from '../../realtime/socket';
import {
  applyUpdate,
  initialFeed,
  settleFeed,
  type FeedItem,
  type Opportunity,
  type ScannerUser,
} from './opportunity-feed';
import { scannerChannel, scannerFeedQuery, scannerKeys } from './scanner-api';
import { notificationsFor, type NotifySettings } from './scanner-notify';
import type { ScannerKind } from './scanner-settings';
import { notificationPermission } from './useScannerNotify';

/** One empty feed, so the panel's memos do not run again on every render before the first load. */
const NO_FEED: FeedItem<Opportunity>[] = [];

export type FeedState = { status: 'loading' | 'ready' } | { status: 'error'; message: string };

/** A live list's state from its first-load query: loading while it reads, its error, or ready. */
export function feedState(query: { isFetching: boolean; error: Error | null }): FeedState {
  if (query.isFetching) return { status: 'loading' };
  return query.error ? { status: 'error', message: query.error.message } : { status: 'ready' };
}

/** What a pushed batch is checked against for notifications: the latest settings, read without re-subscribing. */
export type NotifyContext = ScannerUser & { notify: NotifySettings };

/**
 * A scanner's feed (spec 001 §5, §9; DECISIONS 11–12): the first load over REST for every book, then new / updated /
 * gone over the socket for every selected sport, from where the load read each (scannerFeedQuery), settled each second
 * (highlights end, gone ones fade out). The pushes and the settling change the query's cached feed, so a read and a
 * push never hold two copies.
 */
export function useScannerFeed(kind: ScannerKind, sportsKey: string, notifyContext: RefObject<NotifyContext>) {
  const socket = useAtomValue(liveSocketAtom);
  const queryClient = useQueryClient();
  const query = useQuery(scannerFeedQuery(kind, sportsKey, socket));
  const [now, setNow] = useState(() => Date.now());
  const navigate = useNavigate();

  useEffect(() => {
    if (!sportsKey) return;
    const key = scannerKeys.feed(kind, sportsKey);
    const change = (update: (feed: FeedItem<Opportunity>[]) => FeedItem<Opportunity>[]) =>
      queryClient.setQueryData<FeedItem<Opportunity>[]>(key, (feed) => update(feed ?? []));
    const channel = scannerChannel(kind);
    const offs = sportsKey.split(',').map((sport) =>
      socket.subscribe({ channel, sport }, (envelope) => {
        if (envelope.type === 'snapshot') {
          // A snapshot is the room's current updates (new or updated), each with its opportunity.
          const list = envelope.data.flatMap((u): Opportunity[] =>
            u.action !== 'gone' && u.opportunity ? [u.opportunity] : [],
          );
          change((current) => [
            ...current.filter((i) => i.opportunity.sport !== sport),
            ...initialFeed(list, Date.now()),
          ]);
          return;
        }
        if (envelope.type !== 'opportunities') return;
        const updates: ReadonlyArray<OpportunityUpdate<Opportunity>> = envelope.data.updates;
        const at = Date.now();
        change((current) => updates.reduce((feedSoFar, update) => applyUpdate(feedSoFar, update, at), current));
        const context = notifyContext.current;
        if (!context?.notify.on || notificationPermission() !== 'granted') return;
        for (const n of notificationsFor(kind, updates, context.notify, context)) {
          const shown = new Notification(n.title, { body: n.body, tag: n.tag });
          // a click brings this tab forward on the opportunity, which the scanner scrolls to or says what became of
          shown.onclick = () => {
            window.focus();
            navigate(n.path);
            shown.close();
          };
        }
      }),
    );
    return () => offs.forEach((off) => off());
  }, [kind, sportsKey, socket, notifyContext, queryClient, navigate]);

  // A clock, not a poll: each second highlights end and gone ones finish fading out.
  useEffect(() => {
    const key = scannerKeys.feed(kind, sportsKey);
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      queryClient.setQueryData<FeedItem<Opportunity>[]>(key, (feed) => feed && settleFeed(feed, t));
    }, 1000);
    return () => window.clearInterval(timer);
  }, [kind, sportsKey, queryClient]);

  return { feed: query.data ?? NO_FEED, state: feedState(query), now, load: query.refetch };
}
