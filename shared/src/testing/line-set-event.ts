import type { BoardEvent } from '../domain/odds';
import { book, event } from './board-builder';

/**
 * One game for the LineSet specs: five books on the moneyline, a spread and a total (book e stale by 16 minutes
 * when `staleBook`, so its lines are made at scan time rather than taken as prepared), with an arbitrage on the
 * total between books a and b and a middle on the total between books c and d.
 */
export function lineSetEvent(staleBook = false): BoardEvent {
  const markets = (over: number, under: number, total = 44.5) => ({
    h2h: [
      ['Home', -120],
      ['Away', 100],
    ] as [string, number][],
    spreads: [
      ['Home', -110, -3.5],
      ['Away', -110, 3.5],
    ] as [string, number, number][],
    totals: [
      ['Over', over, total],
      ['Under', under, total],
    ] as [string, number, number][],
  });
  return event([
    book('a', markets(120, -140)),
    book('b', markets(-140, 125)),
    book('c', markets(-110, -110, 41)),
    book('d', markets(-110, -110, 46)),
    book('e', markets(-105, -115), staleBook ? 16 * 60_000 : 10_000),
  ]);
}
