import {
  formatPrice,
  isEventLive,
  isStaleUpdate,
  lockedOutcomes,
  sportsbookName,
  type BoardEvent,
} from '@oddspulse/shared';

/** Spec 001 §3 player-props response item (variant A). */
export interface PlayerPropItem {
  game_id: string;
  book: string;
  book_label: string;
  market: string;
  ou: string;
  player: string;
  price: number;
  line: number | null;
  url: string | null;
  link_available: boolean;
  is_latest: boolean;
  is_active: boolean;
  last_update: string;
}

/**
 * Each outcome of a game's props boards as a variant A item. `is_active` is spec 001 §5's locked-market rule as the
 * odds table reads a props market (lockedOutcomes): too old locks it whole, a price missing, 0 or beyond ±5000 locks
 * that player's outcomes at the book, as the engine reads it, so no item shows one side of a player open whose other
 * side is locked.
 */
export function propItems(now: number) {
  return (event: BoardEvent): PlayerPropItem[] =>
    event.bookmakers.flatMap((book) =>
      book.markets.flatMap((market) => {
        const isLocked = lockedOutcomes(
          market.outcomes,
          isStaleUpdate(market.last_update, now, isEventLive(event, now)),
        );
        return market.outcomes.map((outcome) => ({
          game_id: event.id,
          book: book.key,
          book_label: sportsbookName(book.key, book.title),
          market: market.key,
          ou: outcome.name,
          player: outcome.description ?? '',
          price: formatPrice(outcome.price, 'american'),
          line: outcome.point ?? null,
          url: outcome.link ?? market.link ?? book.link ?? null,
          link_available: Boolean(outcome.link ?? market.link ?? book.link),
          is_latest: true,
          is_active: !isLocked(outcome),
          last_update: market.last_update,
        }));
      }),
    );
}
