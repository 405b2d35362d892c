import { exchangeName, formatDollars, type OpportunityLeg } from '@oddspulse/shared';

/**
 * A back/lay arbitrage's lay leg is not a bet the user stakes at a book: it is a lay at the exchange, which holds
 * the liability (lay stake × (lay decimal − 1)) until the outcome is settled.
 */

/** "Liability $114.31 at Betfair" for a lay leg; null for a back bet. */
export function liabilityLabel(leg: Pick<OpportunityLeg, 'lay' | 'liability' | 'book' | 'bookTitle'>): string | null {
  if (!leg.lay || leg.liability === undefined) return null;
  return `Liability ${formatDollars(leg.liability)} at ${leg.bookTitle || exchangeName(leg.book)}`;
}
