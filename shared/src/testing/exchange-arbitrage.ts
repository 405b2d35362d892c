import type { BoardEvent } from '../domain/odds';
import { book, event } from './board-builder';

/**
 * A book at +110 against Betfair at +110 on one game: an arbitrage of 5 % gross and 3.61 % net of the exchange's
 * default 5 % commission, for the specs of how an exchange's leg is priced, re-priced at a user's rate and shown.
 */
export function bookAgainstExchange(): BoardEvent {
  return event([
    book('draftkings', {
      h2h: [
        ['Home', 110],
        ['Away', -140],
      ],
    }),
    book('betfair_ex_uk', {
      h2h: [
        ['Home', -140],
        ['Away', 110],
      ],
    }),
  ]);
}
