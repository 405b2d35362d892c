import { DEFAULT_SPORTSBOOKS, diffBoards, type SportBoard } from '@oddspulse/shared';
import { DEFAULT_GAME_MARKETS } from '../src/features/odds/filters/filter-settings';
import { addFlashes } from '../src/features/odds/rows/live-table';
import { applyRowsDiff, buildLiveRows } from '../src/features/odds/rows/live-rows';
import type { BuildRowsOptions } from '../src/features/odds/rows/rows';
import { simBoard } from './sim-board';

/**
 * A table of the simulator's shape (sim-board.ts: NFL and NCAAF, 22 books) and one pushed diff that moves one price:
 * the best price of the table's first row, up by 0.1. For the tests and the benchmark of what such a diff re-renders.
 */
export function onePriceDiff({ events, seed, now }: { events: number; seed: number; now: number }) {
  const all = simBoard({ events, seed, now });
  const boards: Record<string, SportBoard> = {};
  for (const event of all)
    (boards[event.sport_key] ??= { sport_key: event.sport_key, fetched_at: '', events: [] }).events.push(event);
  const options: BuildRowsOptions = {
    mode: 'game',
    selectedBooks: [...DEFAULT_SPORTSBOOKS],
    markets: [...DEFAULT_GAME_MARKETS],
    now,
  };
  const table = buildLiveRows(boards, options);
  const target = table.rows[0];
  const best = target.best!;
  const next = JSON.parse(JSON.stringify(boards[target.sportKey])) as SportBoard;
  const outcome = next.events
    .find((e) => e.id === target.eventId)!
    .bookmakers.find((b) => b.key === best.book)!
    .markets.find((m) => m.key === target.market)!
    .outcomes.find(
      (o) => o.name === target.outcome && o.description === target.playerName && o.point === target.point,
    )!;
  outcome.price = Math.round((outcome.price + 0.1) * 100) / 100;
  const { diff } = diffBoards(boards[target.sportKey], next);
  const change = applyRowsDiff(table, diff!, options);
  return {
    before: table.rows,
    after: change.table.rows,
    flashes: addFlashes(new Map(), change.moved, now),
    eventId: target.eventId,
    key: target.key,
    /** What applyRowsDiff was given, for timing it. */
    applied: { table, diff: diff!, options },
  };
}
