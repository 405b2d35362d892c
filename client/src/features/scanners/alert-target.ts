import type { FeedItem, Opportunity } from './opportunity-feed';
import { opportunityExpiresIn } from './opportunity-expiry';

/**
 * What became of the opportunity an alert links to (`opportunity=<id>`): shown in the list (it is
 * scrolled to and highlighted), held but hidden by the user's books or inputs, expired (its 30 minutes are up),
 * or gone (no longer held: its prices moved away).
 */
export type AlertTargetState = 'shown' | 'hidden' | 'expired' | 'gone';

export function alertTargetState(
  id: string,
  feed: readonly FeedItem<Opportunity>[],
  visible: readonly FeedItem<Opportunity>[],
  now: number,
): AlertTargetState {
  const held = feed.find((item) => item.opportunity.id === id);
  if (!held || held.status === 'gone') return 'gone';
  if (opportunityExpiresIn(held.opportunity, now) === 0) return 'expired';
  return visible.some((item) => item.opportunity.id === id) ? 'shown' : 'hidden';
}

/** What the scanner says about an alert's opportunity it cannot show (null when it is shown). */
export function alertTargetMessage(state: AlertTargetState): string | null {
  switch (state) {
    case 'shown':
      return null;
    case 'hidden':
      return 'The opportunity from your alert is still live, but your books or minimums hide it.';
    case 'expired':
      return 'The opportunity from your alert has expired: its prices are over 30 minutes old. Check the books before betting.';
    case 'gone':
      return 'The opportunity from your alert is gone: its prices have moved since the alert. Current opportunities are below.';
  }
}
