import { useAtom } from 'jotai';
import { Fragment, useCallback, useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { DFS_FIXED_DECIMAL, edgeColor, sportsbookName } from '@oddspulse/shared';
import { useIsMobile } from '../components/useMediaQuery';
import { VirtualList } from '../components/VirtualList';
import { AddToPicksButton } from '../bet-slip/AddToPicksButton';
import { rowToPick } from '../bet-slip/slip-items';
import { formatOdds, type OddsDisplayFormat } from './filter-settings';
import { arrangeRows, flashOf, formatAge, type Flashes } from './live-table';
import { marketLabel, matchLabel, selectionLabel } from './labels';
import { oddsFormatAtom } from './odds-state';
import { nextPage, pageButtons, pageCount, pageSlice, PAGE_SIZE, type PagingContext } from './pagination';
import { miniTableBooks, miniTableLimit, type BookPrice, type OddsRow, type TableMode } from './rows';

/** The table's page sizes: 15 (spec 001 §9), 50, or every row in a windowed list. */
export const PAGE_SIZES = [PAGE_SIZE, 50, 'all'] as const;
export type PageSizeOption = (typeof PAGE_SIZES)[number];
const ROW_HEIGHT = 52;
const BOOK_ROW_HEIGHT = 34;

/** The event the empty state's Reset Filters button fires (spec 001 §2); the page resets its filters on it. */
export const RESET_FILTERS_EVENT = 'reset-filters';

const evText = (ev: number | null) => (ev === null ? '—' : `${ev > 0 ? '+' : ''}${ev.toFixed(2)}%`);
const evClass = (ev: number | null) => (ev === null ? 'ev-none' : `ev-${edgeColor(ev)}`);
const priceOf = (b: BookPrice) => (b.isDfs ? DFS_FIXED_DECIMAL : b.decimal);

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

function FormatToggle() {
  const [format, setFormat] = useAtom(oddsFormatAtom);
  return (
    <div className="format-toggle" role="radiogroup" aria-label="Odds format">
      {(['american', 'decimal', 'fractional'] as const).map((f) => (
        <button key={f} type="button" role="radio" aria-checked={format === f} className={format === f ? 'active' : ''} onClick={() => setFormat(f)}>
          {f.charAt(0).toUpperCase() + f.slice(1)}
        </button>
      ))}
    </div>
  );
}

function BookLogo({ book }: { book: string }) {
  const [broken, setBroken] = useState(false);
  // A broken logo image is hidden (spec 001 §2).
  if (broken) return null;
  return <img className="book-logo" src={`/logos/${book}.png`} alt="" width={18} height={18} onError={() => setBroken(true)} />;
}

function Price({ value, flash, format }: { value: number; flash: 'up' | 'down' | null; format: OddsDisplayFormat }) {
  return (
    <span className={`price${flash ? ` flash-${flash}` : ''}`} data-flash={flash ?? undefined}>
      {formatOdds(value, format)}
    </span>
  );
}

function MiniTable({ row, format, flashes, now, mode }: { row: OddsRow; format: OddsDisplayFormat; flashes: Flashes; now: number; mode: TableMode }) {
  if (row.isCombinedProp) {
    const limit = miniTableLimit(mode);
    const books = new Map<string, { title: string; over?: BookPrice; under?: BookPrice }>();
    for (const b of row.overBooks ?? []) books.set(b.book, { title: b.title, over: b });
    for (const b of row.underBooks ?? []) books.set(b.book, { ...(books.get(b.book) ?? { title: b.title }), under: b });
    return (
      <table className="mini-table" aria-label={`Books for ${selectionLabel(row)}`}>
        <thead>
          <tr>
            <th>Book</th>
            <th>Over {row.point}</th>
            <th>Under {row.point}</th>
            <th>Age</th>
          </tr>
        </thead>
        <tbody>
          {[...books.entries()].slice(0, limit).map(([book, v]) => (
            <tr key={book}>
              <td>{v.title}</td>
              {(['over', 'under'] as const).map((side) => {
                const b = v[side];
                return <td key={side}>{b ? b.locked ? <span className="locked">Locked</span> : <Price value={priceOf(b)} format={format} flash={flashOf(flashes, `${row.key}|${book}|${side === 'over' ? 'Over' : 'Under'}`, now)} /> : '—'}</td>;
              })}
              <td className="muted">{formatAge((v.over ?? v.under)!.lastUpdate, now)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  const shown = miniTableBooks(row, mode);
  const more = row.allBooks.length - shown.length;
  return (
    <>
      <table className="mini-table" aria-label={`Books for ${selectionLabel(row)}`}>
        <thead>
          <tr>
            <th>Book</th>
            <th>Odds</th>
            <th>EV %</th>
            <th>Age</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((b) => (
            <tr key={b.book} className={row.selectedBooks.includes(b) ? 'selected-book' : 'other-book'}>
              <td>
                <BookLogo book={b.book} />
                {b.title}
              </td>
              <td>{b.locked ? <span className="locked">Locked</span> : <Price value={priceOf(b)} format={format} flash={flashOf(flashes, `${row.key}|${b.book}`, now)} />}</td>
              <td className={evClass(b.evPct)}>{evText(b.evPct)}</td>
              <td className="muted">{formatAge(b.lastUpdate, now)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {more > 0 && (
        <p className="muted small" data-testid="mini-table-more">
          {more} more {more === 1 ? 'book quotes' : 'books quote'} this line
        </p>
      )}
    </>
  );
}

function RowActions({ row, onAddToSlip, onEdge }: { row: OddsRow; onAddToSlip: (row: OddsRow) => void; onEdge: (row: OddsRow) => void }) {
  const [added, setAdded] = useState(false);
  useEffect(() => {
    if (!added) return;
    const timer = window.setTimeout(() => setAdded(false), 1500);
    return () => window.clearTimeout(timer);
  }, [added]);
  const pick = rowToPick(row);
  return (
    <div className="row-actions" onClick={(e) => e.stopPropagation()}>
      <button
        type="button"
        className="button small primary"
        onClick={() => {
          onAddToSlip(row);
          setAdded(true);
        }}
      >
        {added ? 'Added!' : 'Add to Bet Slip'}
      </button>
      {pick && <AddToPicksButton pick={pick} />}
      <button type="button" className="button small" onClick={() => onEdge(row)}>
        Edge Calculator
      </button>
    </div>
  );
}

function rowCells(row: OddsRow, format: OddsDisplayFormat, flashes: Flashes, now: number) {
  const best = row.best!;
  return {
    ev: <span className={`ev ${evClass(row.evPct)}`}>{evText(row.evPct)}</span>,
    match: (
      <>
        <span className="match">{matchLabel(row)}</span>
        <span className="muted small">
          {row.sportTitle} · {new Date(row.commenceTime).toLocaleString('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' })}
        </span>
      </>
    ),
    line: (
      <>
        <span>{selectionLabel(row)}</span>
        <span className="muted small">{marketLabel(row.market)}</span>
      </>
    ),
    book: (
      <>
        <BookLogo book={best.book} />
        {sportsbookName(best.book, best.title)}
      </>
    ),
    odds: (
      <>
        <Price value={priceOf(best)} format={format} flash={flashOf(flashes, row.key, now)} />
        <span className="age muted small" title="How old this price is">
          {formatAge(best.lastUpdate, now)}
        </span>
      </>
    ),
    devig: row.fairProbability ? formatOdds(1 / row.fairProbability, format) : '—',
  };
}

/**
 * The order rows are shown in: best EV first, except while a row is open or the pointer (a mouse or pen, not a
 * finger) is over the table, when rows hold their places and prices change in place (issue 8), so a button
 * being reached for is not moved away between frames. Letting go re-sorts.
 */
function useHeldOrder(rows: OddsRow[], expanded: ReadonlySet<string>) {
  const [pointerOver, setPointerOver] = useState(false);
  const openShown = useMemo(() => rows.some((r) => expanded.has(r.key)), [rows, expanded]);
  // A table that empties is unmounted under the pointer, which then never leaves it.
  useEffect(() => {
    if (!rows.length) setPointerOver(false);
  }, [rows.length]);
  const held = pointerOver || openShown;
  const shownKeys = useRef<string[] | null>(null);
  const ordered = useMemo(() => arrangeRows(rows, held, shownKeys.current), [rows, held]);
  useEffect(() => {
    shownKeys.current = ordered.map((r) => r.key);
  }, [ordered]);
  const pointer = {
    onPointerEnter: (e: ReactPointerEvent) => e.pointerType !== 'touch' && setPointerOver(true),
    onPointerLeave: () => setPointerOver(false),
  };
  return { ordered: ordered as OddsRow[], held, pointer };
}

export function OddsTable(props: OddsTableProps) {
  const { flashes, now, mode, loading, onAddToSlip, onEdge } = props;
  const [storedFormat] = useAtom(oddsFormatAtom);
  const format = props.format ?? storedFormat;
  const isMobile = useIsMobile();
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const { ordered: rows, held, pointer } = useHeldOrder(props.rows, expanded);
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
  const toggle = useCallback((key: string) => setExpanded((s) => {
    const next = new Set(s);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    return next;
  }), []);

  // The caller decides how long the panel shows (spec 001 §4: until data, a maximum wait, the props minimum).
  if (loading) {
    return (
      <div className="table-loading card" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        {mode === 'props' ? 'Loading player props...' : 'Refreshing odds data...'}
      </div>
    );
  }

  if (rows.length === 0) {
    const dfsOnly = props.selectedBooks.length > 0 && props.selectedBooks.every((b) => ['prizepicks', 'underdog', 'pick6', 'dabble_au', 'sleeper'].includes(b));
    return (
      <div className="table-empty card" data-testid="odds-empty">
        <h3>{dfsOnly ? 'No DFS App Bets Found' : 'No Bets Available'}</h3>
        <p className="muted">
          Books: {props.selectedBooks.map((b) => sportsbookName(b)).join(', ') || 'all'} · Mode: {mode === 'props' ? 'Player Props' : 'Straight Bets'} · Games: {props.gamesCount} · Markets:{' '}
          {props.marketsCount}
        </p>
        <div className="actions">
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Refresh Data
          </button>
          <button type="button" className="button" onClick={() => window.dispatchEvent(new Event(RESET_FILTERS_EVENT))}>
            Reset Filters
          </button>
        </div>
      </div>
    );
  }

  const visible = pageSize === 'all' ? rows : pageSlice(rows, page, size);
  const header = (
    <div className="table-toolbar">
      <span className="muted small" data-testid="row-count">
        {rows.length.toLocaleString('en-US')} bets
      </span>
      {held && (
        <span className="muted small" data-testid="order-held" title="Rows keep their places while you read or act on them; prices still update">
          Order held
        </span>
      )}
      <label className="small">
        Rows{' '}
        <select value={String(pageSize)} onChange={(e) => setPageSize(e.target.value === 'all' ? 'all' : (Number(e.target.value) as PageSizeOption))}>
          {PAGE_SIZES.map((s) => (
            <option key={s} value={String(s)}>
              {s === 'all' ? 'All' : s}
            </option>
          ))}
        </select>
      </label>
      {props.format === undefined && <FormatToggle />}
    </div>
  );

  const card = (row: OddsRow) => {
    const cells = rowCells(row, format, flashes, now);
    const open = expanded.has(row.key);
    return (
      <article key={row.key} className="odds-card" data-testid="odds-row" data-row-key={row.key} onClick={() => toggle(row.key)} aria-expanded={open}>
        <div className="odds-card-head">
          {cells.ev}
          <span className="odds-card-odds">{cells.odds}</span>
        </div>
        <div>{cells.match}</div>
        <div className="odds-card-line">{cells.line}</div>
        <div className="muted small">
          {cells.book} · De-Vig {cells.devig}
        </div>
        {open && (
          <>
            <MiniTable row={row} format={format} flashes={flashes} now={now} mode={mode} />
            <RowActions row={row} onAddToSlip={onAddToSlip} onEdge={onEdge} />
          </>
        )}
      </article>
    );
  };

  const tableRow = (row: OddsRow, asDiv: boolean) => {
    const cells = rowCells(row, format, flashes, now);
    const open = expanded.has(row.key);
    if (asDiv) {
      return (
        <div className={`odds-grid-row${open ? ' open' : ''}`} data-testid="odds-row" data-row-key={row.key} onClick={() => toggle(row.key)} aria-expanded={open}>
          <div className="odds-grid-cells">
            <div>{cells.ev}</div>
            <div className="stack">{cells.match}</div>
            <div className="stack">{cells.line}</div>
            <div>{cells.book}</div>
            <div>{cells.odds}</div>
            <div>{cells.devig}</div>
          </div>
          {open && (
            <div className="odds-expanded">
              <MiniTable row={row} format={format} flashes={flashes} now={now} mode={mode} />
              <RowActions row={row} onAddToSlip={onAddToSlip} onEdge={onEdge} />
            </div>
          )}
        </div>
      );
    }
    return (
      <Fragment key={row.key}>
        <tr className={`odds-row${open ? ' open' : ''}`} data-testid="odds-row" data-row-key={row.key} onClick={() => toggle(row.key)} aria-expanded={open}>
          <td>{cells.ev}</td>
          <td className="stack">{cells.match}</td>
          <td className="stack">{cells.line}</td>
          <td>{cells.book}</td>
          <td>{cells.odds}</td>
          <td>{cells.devig}</td>
        </tr>
        {open && (
          <tr className="odds-expanded">
            <td colSpan={6}>
              <MiniTable row={row} format={format} flashes={flashes} now={now} mode={mode} />
              <RowActions row={row} onAddToSlip={onAddToSlip} onEdge={onEdge} />
            </td>
          </tr>
        )}
      </Fragment>
    );
  };

  // The open row, its mini table's lines (and the 'more books' line), and the actions.
  const expandedHeight = (row: OddsRow) => {
    const lines = row.isCombinedProp
      ? Math.min(new Set([...(row.overBooks ?? []), ...(row.underBooks ?? [])].map((b) => b.book)).size, miniTableLimit(mode))
      : miniTableBooks(row, mode).length + (row.allBooks.length > miniTableLimit(mode) ? 1 : 0);
    return ROW_HEIGHT + 90 + BOOK_ROW_HEIGHT * (1 + lines);
  };

  let body;
  if (pageSize === 'all') {
    body = (
      <VirtualList
        label="Odds"
        items={visible}
        height={Math.min(720, Math.max(300, window.innerHeight - 200))}
        itemHeight={(row) => (expanded.has(row.key) ? expandedHeight(row) : isMobile ? 150 : ROW_HEIGHT)}
        render={(row) => (isMobile ? card(row) : tableRow(row, true))}
      />
    );
  } else if (isMobile) {
    body = <div className="odds-cards">{visible.map(card)}</div>;
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
          </tr>
        </thead>
        <tbody>{visible.map((row) => tableRow(row, false))}</tbody>
      </table>
    );
  }

  const pages = pageCount(rows.length, size);
  return (
    <div className="odds-table-card card" {...pointer}>
      {header}
      {pageSize === 'all' && !isMobile && (
        <div className="odds-grid-head odds-grid-cells" aria-hidden="true">
          <div>EV %</div>
          <div>Match</div>
          <div>Team / Line</div>
          <div>Book</div>
          <div>Odds</div>
          <div>De-Vig</div>
        </div>
      )}
      {body}
      {pageSize !== 'all' && pages > 1 && (
        <nav className="pagination" aria-label="Pages">
          <button type="button" className="button small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Prev
          </button>
          {pageButtons(page, rows.length, size).map((n) => (
            <button key={n} type="button" className={`button small${n === page ? ' primary' : ''}`} aria-current={n === page ? 'page' : undefined} onClick={() => setPage(n)}>
              {n}
            </button>
          ))}
          <button type="button" className="button small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
