import { useAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useIsMobile } from '../components/useMediaQuery';
import { VirtualList } from '../components/VirtualList';
import type { OddsDisplayFormat } from './filter-settings';
import { heldChanges, heldChangesText, type Flashes } from './live-table';
import { oddsFormatAtom } from './odds-state';
import { OddsPagination } from './OddsPagination';
import { OddsCard, OddsTableRow, type RowViewProps } from './OddsRowViews';
import { HOLD_TITLE } from './PriceCell';
import { TableEmpty, TableLoading } from './OddsTableNotices';
import { OddsTableToolbar, type PageSizeOption } from './OddsTableToolbar';
import { nextPage, pageSlice, PAGE_SIZE, type PagingContext } from './pagination';
import { rowIndexAfter, rowKeyAction } from './row-keyboard';
import { miniTableBooks, miniTableLimit, type OddsRow, type TableMode } from './rows';
import { useHeldOrder } from './useHeldOrder';

const ROW_HEIGHT = 52;
const BOOK_ROW_HEIGHT = 34;

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

/** The open row, its mini table's lines (and the 'more books' line), and the actions. */
function expandedHeight(row: OddsRow, mode: TableMode, allBooks: boolean): number {
  const lines = row.isCombinedProp
    ? Math.min(new Set([...(row.overBooks ?? []), ...(row.underBooks ?? [])].map((b) => b.book)).size, miniTableLimit(mode))
    : miniTableBooks(row, mode, allBooks).length + (row.allBooks.length > miniTableLimit(mode) ? 1 : 0);
  return ROW_HEIGHT + 90 + BOOK_ROW_HEIGHT * (1 + lines);
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
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [allBooksShown, setAllBooksShown] = useState<ReadonlySet<string>>(new Set());
  const showAllBooks = useCallback(
    (key: string, all: boolean) =>
      setAllBooksShown((s) => {
        const next = new Set(s);
        if (all) next.add(key);
        else next.delete(key);
        return next;
      }),
    [],
  );
  const { ordered: rows, held, resort, holders } = useHeldOrder(props.rows, expanded);
  const [pageSize, setPageSize] = useState<PageSizeOption>(PAGE_SIZE);
  const [page, setPage] = useState(1);
  const size = pageSize === 'all' ? Math.max(rows.length, 1) : pageSize;
  const gamesKey = useMemo(() => [...new Set(rows.map((r) => r.eventId))].sort().join(','), [rows]);
  const context = useRef<PagingContext>({ gamesKey, mode, pageSize: size });
  useEffect(() => {
    const next = { gamesKey, mode, pageSize: size };
    setPage((p) => nextPage(p, context.current, next, rows.length));
    context.current = next;
  }, [gamesKey, mode, size, rows.length]);
  const toggle = useCallback(
    (key: string) =>
      setExpanded((s) => {
        const next = new Set(s);
        if (next.has(key)) next.delete(key);
        else next.add(key);
        return next;
      }),
    [],
  );

  // issue 22: a focused row opens on Enter or Space; the arrows, Home and End move the focus between rows
  const onRowKey = (event: KeyboardEvent<HTMLElement>, key: string) => {
    if (event.target !== event.currentTarget) return;
    const action = rowKeyAction(event);
    if (!action) return;
    event.preventDefault();
    if (action === 'toggle') {
      toggle(key);
      return;
    }
    const all = [...(event.currentTarget.closest('.odds-table-card')?.querySelectorAll<HTMLElement>('[data-testid=odds-row]') ?? [])];
    all[rowIndexAfter(action, all.indexOf(event.currentTarget), all.length)]?.focus();
  };

  // The caller decides how long the panel shows (spec 001 §4: until data, a maximum wait, the props minimum).
  if (loading) return <TableLoading mode={mode} />;
  if (rows.length === 0) return <TableEmpty mode={mode} selectedBooks={props.selectedBooks} gamesCount={props.gamesCount} marketsCount={props.marketsCount} />;

  const visible = pageSize === 'all' ? rows : pageSlice(rows, page, size);
  const heldBack = held
    ? heldChangesText(
        heldChanges(
          visible.map((r) => r.key),
          (pageSize === 'all' ? props.rows : pageSlice(props.rows, page, size)).map((r) => r.key),
        ),
      )
    : '';
  const view = (row: OddsRow): RowViewProps => ({
    row,
    open: expanded.has(row.key),
    onToggle: toggle,
    format,
    flashes,
    now,
    mode,
    onAddToSlip,
    onEdge,
    allBooks: allBooksShown.has(row.key),
    onAllBooks: showAllBooks,
    onRowKey,
  });

  let body;
  if (pageSize === 'all') {
    body = (
      <VirtualList
        label="Odds"
        items={visible}
        height={Math.min(720, Math.max(300, window.innerHeight - 200))}
        itemHeight={(row) => (expanded.has(row.key) ? expandedHeight(row, mode, allBooksShown.has(row.key)) : isMobile ? 150 : ROW_HEIGHT)}
        render={(row) => (isMobile ? <OddsCard key={row.key} {...view(row)} /> : <OddsTableRow {...view(row)} asDiv />)}
      />
    );
  } else if (isMobile) {
    body = (
      <div className="odds-cards">
        {visible.map((row) => (
          <OddsCard key={row.key} {...view(row)} />
        ))}
      </div>
    );
  } else {
    body = (
      <table className="odds-table">
        <thead>
          <tr>
            <th>EV %</th>
            <th>Match</th>
            <th>Team / Line</th>
            <th>Book</th>
            <th>Odds</th>
            <th>De-Vig</th>
            <th title={HOLD_TITLE}>Hold</th>
          </tr>
        </thead>
        <tbody>
          {visible.map((row) => (
            <OddsTableRow key={row.key} {...view(row)} asDiv={false} />
          ))}
        </tbody>
      </table>
    );
  }

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
      {pageSize === 'all' && !isMobile && (
        <div className="odds-grid-head odds-grid-cells" aria-hidden="true">
          <div>EV %</div>
          <div>Match</div>
          <div>Team / Line</div>
          <div>Book</div>
          <div>Odds</div>
          <div>De-Vig</div>
          <div>Hold</div>
        </div>
      )}
      {body}
      {pageSize !== 'all' && <OddsPagination page={page} rows={rows.length} size={size} onPage={setPage} />}
    </div>
  );
}
