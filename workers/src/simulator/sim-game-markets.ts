import type { BoardMarket, BoardOutcome } from '@oddspulse/shared';
import type { BookProfile } from './sim-books';
import { bookPrices, keyLine, layPrices, probabilities, roundHalf, twoWay, type GameView } from './sim-pricing';
import { normalCdf, uniform } from './sim-random';
import type { SimGame } from './sim-schedule';
import type { PeriodMarket } from './sim-sports';

/**
 * A book's straight-bet markets for a game from its view of it: moneyline (three-way for soccer), spread and
 * total priced on its view at the numbers of `lineView` (a book slow to move its number holds the one of an
 * older view and moves the juice instead, which makes middles); before the game also alternates, team totals and
 * period markets, each offered by the book with its seeded coverage. Live, and at exchanges, only the main markets.
 */
export function gameMarkets(
  seed: number,
  game: SimGame,
  book: BookProfile,
  view: GameView,
  live: boolean,
  lineView: GameView = view,
): BoardMarket[] {
  const profile = game.sport;
  const offered = (key: string) => uniform(seed, book.key, game.id, key) < book.coverage;
  const exchange = book.rounding !== 'american';
  const markets: BoardMarket[] = [];
  const p = probabilities(game, view);
  const spreadLine = -keyLine(lineView.diff + lineView.marginLeft, profile.keyNumbers);
  const totalLine = roundHalf(lineView.scored + lineView.totalLeft);

  if (profile.threeWay) {
    const prices = bookPrices(book, p.result);
    markets.push({
      key: 'h2h',
      last_update: '',
      outcomes: [
        { name: game.home, price: prices[0] },
        { name: game.away, price: prices[2] },
        { name: 'Draw', price: prices[1] },
      ],
    });
  } else {
    markets.push(twoWay(book, 'h2h', [game.home, game.away], p.result[0]));
  }
  if (book.lays) {
    // the moneyline's lay prices beside its back prices, outcome by outcome, as The Odds API gives `h2h_lay`
    const fair = profile.threeWay ? [p.result[0], p.result[2], p.result[1]] : [p.result[0], 1 - p.result[0]];
    const names = profile.threeWay ? [game.home, game.away, 'Draw'] : [game.home, game.away];
    const lays = layPrices(book, fair);
    markets.push({ key: 'h2h_lay', last_update: '', outcomes: names.map((name, i) => ({ name, price: lays[i] })) });
  }
  if (!exchange || offered('spreads')) {
    markets.push(twoWay(book, 'spreads', [game.home, game.away], p.cover(spreadLine), [spreadLine, -spreadLine]));
  }
  if (!exchange || offered('totals'))
    markets.push(twoWay(book, 'totals', ['Over', 'Under'], p.over(totalLine), [totalLine, totalLine]));
  if (live || exchange) return markets;

  if (profile.threeWay && offered('draw_no_bet')) {
    const [win, , loss] = p.result;
    markets.push(twoWay(book, 'draw_no_bet', [game.home, game.away], win / Math.max(1e-9, win + loss)));
  }
  if (offered('alternate_spreads')) {
    const outcomes: BoardOutcome[] = [];
    for (const step of [-2, -1, 1, 2]) {
      const line = spreadLine + step * profile.altStep;
      outcomes.push(
        ...twoWay(book, 'alternate_spreads', [game.home, game.away], p.cover(line), [line, -line]).outcomes,
      );
    }
    markets.push({ key: 'alternate_spreads', last_update: '', outcomes });
  }
  if (offered('alternate_totals')) {
    const outcomes: BoardOutcome[] = [];
    for (const step of [-2, -1, 1, 2]) {
      const line = totalLine + step * profile.altStep;
      if (line > 0)
        outcomes.push(...twoWay(book, 'alternate_totals', ['Over', 'Under'], p.over(line), [line, line]).outcomes);
    }
    markets.push({ key: 'alternate_totals', last_update: '', outcomes });
  }
  if (offered('team_totals') && !profile.threeWay) {
    const outcomes: BoardOutcome[] = [];
    for (const [team, sign] of [
      [game.home, 1],
      [game.away, -1],
    ] as const) {
      const mean = (view.totalLeft + sign * view.marginLeft) / 2;
      const line = roundHalf(mean);
      const sd = profile.totalSd / Math.SQRT2;
      outcomes.push(
        ...twoWay(book, 'team_totals', ['Over', 'Under'], normalCdf((mean - line) / sd), [line, line], team).outcomes,
      );
    }
    markets.push({ key: 'team_totals', last_update: '', outcomes });
  }
  for (const period of profile.periodMarkets) markets.push(...periodMarkets(game, book, view, period, offered));
  return markets;
}

function periodMarkets(
  game: SimGame,
  book: BookProfile,
  view: GameView,
  period: PeriodMarket,
  offered: (key: string) => boolean,
): BoardMarket[] {
  const p = probabilities(game, view, period.share);
  const markets: BoardMarket[] = [];
  for (const key of period.keys) {
    if (!offered(key)) continue;
    if (key.startsWith('h2h')) {
      if (game.sport.threeWay) {
        const prices = bookPrices(book, p.result);
        markets.push({
          key,
          last_update: '',
          outcomes: [
            { name: game.home, price: prices[0] },
            { name: game.away, price: prices[2] },
            { name: 'Draw', price: prices[1] },
          ],
        });
      } else markets.push(twoWay(book, key, [game.home, game.away], p.result[0]));
    } else if (key.startsWith('spreads')) {
      const line = -roundHalf(view.marginLeft * period.share);
      markets.push(twoWay(book, key, [game.home, game.away], p.cover(line), [line, -line]));
    } else {
      const line = roundHalf(view.totalLeft * period.share);
      markets.push(twoWay(book, key, ['Over', 'Under'], p.over(line), [line, line]));
    }
  }
  return markets;
}
