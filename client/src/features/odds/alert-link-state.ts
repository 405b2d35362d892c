import { useCallback, useMemo, useState } from 'react';
import { linkSelection, type LinkSelection } from './alert-link';

/** The address's link selection, the same object while the address names the same sport, market and books. */
export function useLinkSelection(params: URLSearchParams): LinkSelection | null {
  const sport = params.get('sport');
  const market = params.get('market');
  const books = params.get('books');
  return useMemo(() => {
    const named = new URLSearchParams();
    if (sport) named.set('sport', sport);
    if (market) named.set('market', market);
    if (books) named.set('books', books);
    return linkSelection(named);
  }, [sport, market, books]);
}

/**
 * The link while it still widens the page's view. Following a link is not the user's Apply (spec 000 §9 keeps a filter
 * from the time of its Apply), so what it adds (its sport, its market, every date) is this view's and is not stored: the
 * filters the user kept come back as they were on the next visit. Once the user applies on the page, what they applied
 * is theirs, and the link adds nothing more to it.
 */
export function useLinkView(link: LinkSelection | null): { active: LinkSelection | null; applied: () => void } {
  const [appliedOn, setAppliedOn] = useState<LinkSelection | null>(null);
  const applied = useCallback(() => setAppliedOn(link), [link]);
  return { active: link === appliedOn ? null : link, applied };
}
