import type { KeyboardEvent } from 'react';
import { OpenInBook } from '../components/OpenInBook';
import { isEventLive, sportsbookName } from '@oddspulse/shared';
import { formatOdds, type OddsDisplayFormat } from './filter-settings';
import { marketLabel, matchLabel, selectionLabel } from './labels';
import { flashOf, formatAge, type Flashes } from './live-table';
import { MiniTable } from './MiniTable';
import { BookLogo, evClass, evText, HOLD_TITLE, holdText, Price, priceOf } from './PriceCell';
import { RowActions } from './RowActions';
import type { OddsRow, TableMode } from './rows';

/** What a row is shown with, as a table row, a windowed grid row or a mobile card. */
export interface RowViewProps {
  row: OddsRow;
  open: boolean;
  onToggle: (key: string) => void;
  format: OddsDisplayFormat;
  flashes: Flashes;
  now: number;
  mode: TableMode;
  onAddToSlip: (row: OddsRow) => void;
  onEdge: (row: OddsRow) => void;
  /** The open row lists every book, past the mini table's limit (issue 22). */
  allBooks: boolean;
  onAllBooks: (key: string, all: boolean) => void;
  /** Keys on a focused row (row-keyboard.ts). */
  onRowKey: (event: KeyboardEvent<HTMLElement>, key: string) => void;
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
          {/* issue 22: an in-progress game is marked, as its prices move fast (the engine's own started rule) */}
          {isEventLive({ commence_time: row.commenceTime }, now) && (
            <span className="flag flag-live live-marker" data-testid="live-marker" title="In play: the game has started, prices move fast">
              LIVE
            </span>
          )}
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
        <OpenInBook book={best.book} title={best.title} link={best.link} compact />
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
    hold: (
      <span className="hold" data-testid="row-hold" title={HOLD_TITLE}>
        {holdText(best.hold)}
      </span>
    ),
  };
}

/** A row's name for a screen reader on the focusable card and grid row (a table row is read by its cells). */
const rowLabel = (row: OddsRow) => `${matchLabel(row)}: ${selectionLabel(row)}, ${marketLabel(row.market)}`;

/** An open row's mini table and actions. */
function RowDetail({ row, format, flashes, now, mode, onAddToSlip, onEdge, allBooks, onAllBooks }: RowViewProps) {
  return (
    <>
      <MiniTable row={row} format={format} flashes={flashes} now={now} mode={mode} allBooks={allBooks} onAllBooks={(all) => onAllBooks(row.key, all)} />
      <RowActions row={row} onAddToSlip={onAddToSlip} onEdge={onEdge} />
    </>
  );
}

/** A row on a phone: a card that opens in place. */
/** What every row view answers to alike: its test id and key, focus, click and keys to open it, and its label. */
function rowInteraction({ row, open, onToggle, onRowKey }: RowViewProps) {
  return {
    'data-testid': 'odds-row',
    'data-row-key': row.key,
    tabIndex: 0,
    onClick: () => onToggle(row.key),
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => onRowKey(e, row.key),
    'aria-expanded': open,
    'aria-label': rowLabel(row),
  };
}

export function OddsCard(props: RowViewProps) {
  const { row, open } = props;
  const cells = rowCells(row, props.format, props.flashes, props.now);
  return (
    <article className="odds-card" {...rowInteraction(props)}>
      <div className="odds-card-head">
        {cells.ev}
        <span className="odds-card-odds">{cells.odds}</span>
      </div>
      <div>{cells.match}</div>
      <div className="odds-card-line">{cells.line}</div>
      <div className="muted small">
        {cells.book} · De-Vig {cells.devig} · Hold {cells.hold}
      </div>
      {open && <RowDetail {...props} />}
    </article>
  );
}

/** A row of the paged table (`<tr>`), or of the windowed grid when every row is listed (`asDiv`). */
export function OddsTableRow(props: RowViewProps & { asDiv: boolean }) {
  const { row, open, onToggle, asDiv } = props;
  const cells = rowCells(row, props.format, props.flashes, props.now);
  if (asDiv) {
    return (
      <div className={`odds-grid-row${open ? ' open' : ''}`} {...rowInteraction(props)}>
        <div className="odds-grid-cells">
          <div>{cells.ev}</div>
          <div className="stack">{cells.match}</div>
          <div className="stack">{cells.line}</div>
          <div>{cells.book}</div>
          <div>{cells.odds}</div>
          <div>{cells.devig}</div>
          <div>{cells.hold}</div>
        </div>
        {open && (
          <div className="odds-expanded">
            <RowDetail {...props} />
          </div>
        )}
      </div>
    );
  }
  return (
    <>
      <tr
        className={`odds-row${open ? ' open' : ''}`}
        data-testid="odds-row"
        data-row-key={row.key}
        tabIndex={0}
        onClick={() => onToggle(row.key)}
        onKeyDown={(e) => props.onRowKey(e, row.key)}
        aria-expanded={open}
      >
        <td>{cells.ev}</td>
        <td className="stack">{cells.match}</td>
        <td className="stack">{cells.line}</td>
        <td>{cells.book}</td>
        <td>{cells.odds}</td>
        <td>{cells.devig}</td>
        <td>{cells.hold}</td>
      </tr>
      {open && (
        <tr className="odds-expanded">
          <td colSpan={7}>
            <RowDetail {...props} />
          </td>
        </tr>
      )}
    </>
  );
}
