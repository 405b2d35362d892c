import { useAtom, useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { isEventLive } from '@oddspulse/shared';
import { useIsMobile } from '../../../ui/hooks/useMediaQuery';
import type { OddsDisplayFormat } from '../../../format/odds-format';
import {
  flashesByRow,
  formatPriceAge,
  heldChanges,
  heldChangesText,
  NO_FLASHES,
  type Flashes,
} from '../rows/live-table';
import { oddsFormatAtom } from '../../../state/display-settings';
import { alertRowKeysAtom } from '../odds-state';
import { OddsPagination } from './OddsPagination';
import { OddsGridHead, OddsRowsBody } from './OddsRowsBody';
import type { RowViewProps } from './OddsRowCells';
import { TableEmpty, TableLoading } from './OddsTableNotices';
import { OddsTableToolbar } from './OddsTableToolbar';
import { pageSlice } from './pagination';
import type { OddsRow, TableMode } from '../rows/rows';
import { useHeldOrder } from './useHeldOrder';
import { useRowToggles } from './useRowToggles';
import { useTablePaging } from './useTablePaging';

export interface OddsTableProps {
  rows: OddsRow[];
  flashes: Flashes;
  now: number;
  mode: TableMode;
  loading: boolean;
  /** A parent-supplied format hides the toggle (spec 001 §2). */
  format?: OddsDisplayFormat;
  selectedBooks: readonly string[];
  gamesCount: number;
  marketsCount: number;
  onAddToSlip: (row: OddsRow) => void;
  onEdge: (row: OddsRow) => void;
}

/**
 * The odds table (spec 001 §2): rows best EV first (held in place while read, `useHeldOrder`), paged by 15 or 50, or
 * every row in a windowed list; a row opens in place to its mini table and actions. Cards on a phone.
 */
export function OddsTable(props: OddsTableProps) {
  const { flashes, now, mode, loading, onAddToSlip, onEdge } = props;
  const [storedFormat] = useAtom(oddsFormatAtom);
  const format = props.format ?? storedFormat;
  const isMobile = useIsMobile();
  const { expanded, toggle, allBooksShown, showAllBooks, onRowKey } = useRowToggles();
  const { ordered: rows, held, resort, holders } = useHeldOrder(props.rows, expanded);
  const alertRows = useAtomValue(alertRowKeysAtom);
  const { pageSize, setPageSize, page, setPage, size } = useTablePaging(rows, mode, alertRows);
  // Each row is given its own flashes, the same map while they stay the same (indexed once per change).
  const lastFlashes = useRef<ReadonlyMap<string, Flashes>>(new Map());
  const rowFlashes = useMemo(
    () => flashesByRow(flashes, new Set(rows.map((r) => r.key)), lastFlashes.current),
    [flashes, rows],
  );
  useEffect(() => {
    lastFlashes.current = rowFlashes;
  }, [rowFlashes]);
  const layout = useCallback(
    (row: OddsRow) => ({ open: expanded.has(row.key), allBooks: allBooksShown.has(row.key) }),
    [expanded, allBooksShown],
  );
  const view = useCallback(
    (row: OddsRow): RowViewProps => {
      const open = expanded.has(row.key);
      return {
        row,
        open,
        onToggle: toggle,
        format,
        flashes: rowFlashes.get(row.key) ?? NO_FLASHES,
        live: isEventLive({ commence_time: row.commenceTime }, now),
        age: formatPriceAge(row.best!.lastUpdate, now),
        now: open ? now : null,
        mode,
        onAddToSlip,
        onEdge,
        allBooks: allBooksShown.has(row.key),
        onAllBooks: showAllBooks,
        onRowKey,
      };
    },
    [expanded, toggle, format, rowFlashes, now, mode, onAddToSlip, onEdge, allBooksShown, showAllBooks, onRowKey],
  );

  // The caller decides how long the panel shows (spec 001 §4: until data, a maximum wait, the props minimum).
  if (loading) return <TableLoading mode={mode} />;
  if (rows.length === 0)
    return (
      <TableEmpty
        mode={mode}
        selectedBooks={props.selectedBooks}
        gamesCount={props.gamesCount}
        marketsCount={props.marketsCount}
      />
    );

  const visible = pageSize === 'all' ? rows : pageSlice(rows, page, size);
  const heldBack = held
    ? heldChangesText(
        heldChanges(
          visible.map((r) => r.key),
          (pageSize === 'all' ? props.rows : pageSlice(props.rows, page, size)).map((r) => r.key),
        ),
      )
    : '';
  return (
    <div className="odds-table-card card" {...holders}>
      <OddsTableToolbar
        count={rows.length}
        held={held}
        heldBack={heldBack}
        onResort={resort}
        pageSize={pageSize}
        onPageSize={setPageSize}
        showFormat={props.format === undefined}
      />
      {pageSize === 'all' && !isMobile && <OddsGridHead />}
      <OddsRowsBody visible={visible} all={pageSize === 'all'} mode={mode} view={view} layout={layout} />
      {pageSize !== 'all' && <OddsPagination page={page} rows={rows.length} size={size} onPage={setPage} />}
    </div>
  );
}
