import { memo } from 'react';
import { RowDetail, rowCells, rowInteraction, type RowViewProps } from './OddsRowCells';

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
        {open && now !== null && (
          <div className="odds-expanded">
            <RowDetail {...props} now={now} />
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
      {open && now !== null && (
        <tr className="odds-expanded">
          <td colSpan={7}>
            <RowDetail {...props} now={now} />
          </td>
        </tr>
      )}
    </>
  );
});
