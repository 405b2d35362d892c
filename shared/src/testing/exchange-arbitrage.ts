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

/**
 * A book's Home at +120 (2.20) and Matchbook laying it at 2.06 (2 % commission): a back/lay arbitrage of 5.69 % on the
 * back stake either way, for the specs of how one is sized, re-priced and shown.
 */
export function bookAgainstLay(): BoardEvent {
  const board = event([
    book('draftkings', {
      h2h: [
        ['Home', 120],
        ['Away', -250],
      ],
    }),
    book('matchbook', {
      h2h: [
        ['Home', 104],
        ['Away', -110],
      ],
    }),
  ]);
  board.bookmakers[1].markets.push({
    key: 'h2h_lay',
    last_update: board.bookmakers[1].markets[0].last_update,
    outcomes: [
      { name: 'Home', price: 2.06 },
      { name: 'Away', price: 1.98 },
    ],
  });
  return board;
}

/**
 * A book's Home at −105 (1.952) against Betfair's Away at +110 (2.10): 1.18 % gross, −0.12 % net of Betfair's
 * published 5 % (not an arbitrage), +0.66 % at 2 %: found only for a user who pays less than the published rate.
 */
export function bookAgainstExchangeBelowDefault(id = 'evt1'): BoardEvent {
  return event(
    [
      book('draftkings', {
        h2h: [
          ['Home', -105],
          ['Away', -125],
        ],
      }),
      book('betfair_ex_uk', {
        h2h: [
          ['Home', -130],
          ['Away', 110],
        ],
      }),
    ],
    3_600_000,
    id,
  );
}
