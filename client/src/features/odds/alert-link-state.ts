import { useMemo } from 'react';
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
