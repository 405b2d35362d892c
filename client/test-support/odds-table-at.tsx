import type { Flashes } from '../src/features/odds/rows/live-table';
import type { OddsRow } from '../src/features/odds/rows/rows';
import { OddsTable } from '../src/features/odds/table/OddsTable';

const noop = () => undefined;

/**
 * The straight bets table of the given rows at `now`, with no books or filters of its own: what the render spec and
 * the rows benchmark render and re-render to count what a diff or the clock re-renders.
 */
export function oddsTableAt(rows: OddsRow[], flashes: Flashes, now: number) {
  return (
    <OddsTable
      rows={rows}
      flashes={flashes}
      now={now}
      mode="game"
      loading={false}
      selectedBooks={[]}
      gamesCount={0}
      marketsCount={0}
      onAddToSlip={noop}
      onEdge={noop}
    />
  );
}
