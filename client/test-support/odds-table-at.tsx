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

/**
 * jsdom made ready for rendering the odds table with React's act(): act's environment flag set, and a desktop
 * viewport's media queries (none matches), which jsdom does not answer and the table asks to choose rows or cards.
 */
export function standInDesktopBrowser(): void {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, addEventListener: noop, removeEventListener: noop }) as unknown as MediaQueryList;
}
