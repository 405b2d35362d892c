import { memo } from 'react';
import { ODDS_COLUMNS, RowDetail, rowCells, rowInteraction, type RowViewProps } from './OddsRowCells';

/** A row on a phone: a card that opens in place (memoised: see RowViewProps). */
export const OddsCard = memo(function OddsCard(props: RowViewProps) {
  const { open, now } = props;
  const cells = rowCells(props);
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
      {open && now !== null && <RowDetail {...props} now={now} />}
    </article>
  );
});

/** A row of the paged table (`<tr>`), or of the windowed grid when every row is listed (`asDiv`); memoised: see RowViewProps. */
export const OddsTableRow = memo(function OddsTableRow(props: RowViewProps & { asDiv: boolean }) {
  const { row, open, now, onToggle, asDiv } = props;
  const cells = rowCells(props);
  if (asDiv) {
    // an article, as a card is: a generic div may not say that it is open (aria-expanded)
    return (
      <article className={`odds-grid-row${open ? ' open' : ''}`} {...rowInteraction(props)}>
        <div className="odds-grid-cells">
          <RowCells cells={cells} as="div" />
        </div>
        {open && now !== null && (
          <div className="odds-expanded">
            <RowDetail {...props} now={now} />
          </div>
        )}
      </article>
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
        <RowCells cells={cells} as="td" />
      </tr>
      {open && now !== null && (
        <tr className="odds-expanded">
          <td colSpan={ODDS_COLUMNS.length}>
            <RowDetail {...props} now={now} />
          </td>
        </tr>
      )}
    </>
  );
});

/** A row's cells in the columns' order, as grid cells or table cells. */
function RowCells({ cells, as: Cell }: { cells: ReturnType<typeof rowCells>; as: 'div' | 'td' }) {
  return ODDS_COLUMNS.map(({ cell, stack }) => (
    <Cell key={cell} className={stack ? 'stack' : undefined}>
      {cells[cell]}
    </Cell>
  ));
}
