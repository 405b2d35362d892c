import { useCallback } from 'react';
import { useIsMobile } from '../../../ui/hooks/useMediaQuery';
import { VirtualList } from '../../../ui/virtual-list/VirtualList';
import { ODDS_COLUMNS, type RowViewProps } from './OddsRowCells';
import { OddsCard, OddsTableRow } from './OddsRowViews';
import { miniTableBooks, miniTableLimit, type OddsRow, type TableMode } from '../rows/rows';

const ROW_HEIGHT = 52;
const BOOK_ROW_HEIGHT = 34;

/** The open row, its mini table's lines (and the 'more books' line), and the actions. */
function expandedHeight(row: OddsRow, mode: TableMode, allBooks: boolean): number {
  const lines = row.isCombinedProp
    ? Math.min(
        new Set([...(row.overBooks ?? []), ...(row.underBooks ?? [])].map((b) => b.book)).size,
        miniTableLimit(mode),
      )
    : miniTableBooks(row, mode, allBooks).length + (row.allBooks.length > miniTableLimit(mode) ? 1 : 0);
  return ROW_HEIGHT + 90 + BOOK_ROW_HEIGHT * (1 + lines);
}

const rowKey = (row: OddsRow) => row.key;

/** The column headings of the windowed grid (the paged table has its own thead). */
export function OddsGridHead() {
  return (
    <div className="odds-grid-head odds-grid-cells" aria-hidden="true">
      {ODDS_COLUMNS.map(({ cell, heading }) => (
        <div key={cell}>{heading}</div>
      ))}
    </div>
  );
}

/**
 * The table's rows: every row in a windowed list ('all'), cards on a phone, or a page of the table. `layout` is what
 * a row's height depends on, cheap to ask of every row of the list, unlike `view`, asked of the rows shown.
 */
export function OddsRowsBody({
  visible,
  all,
  mode,
  view,
  layout,
}: {
  visible: OddsRow[];
  all: boolean;
  mode: TableMode;
  view: (row: OddsRow) => RowViewProps;
  layout: (row: OddsRow) => { open: boolean; allBooks: boolean };
}) {
  const isMobile = useIsMobile();
  const itemHeight = useCallback(
    (row: OddsRow) => {
      const { open, allBooks } = layout(row);
      return open ? expandedHeight(row, mode, allBooks) : isMobile ? 150 : ROW_HEIGHT;
    },
    [layout, mode, isMobile],
  );
  if (all) {
    return (
      <VirtualList
        label="Odds"
        items={visible}
        itemKey={rowKey}
        height={Math.min(720, Math.max(300, window.innerHeight - 200))}
        itemHeight={itemHeight}
        render={(row) => (isMobile ? <OddsCard {...view(row)} /> : <OddsTableRow {...view(row)} asDiv />)}
      />
    );
  }
  if (isMobile) {
    return (
      <div className="odds-cards">
        {visible.map((row) => (
          <OddsCard key={row.key} {...view(row)} />
        ))}
      </div>
    );
  }
  return (
    // a treegrid (WAI-ARIA): rows that the keyboard moves between and that open in place, which a plain table's
    // rows may not say (aria-expanded)
    <table className="odds-table" role="treegrid" aria-label="Odds">
      <thead>
        <tr>
          {ODDS_COLUMNS.map(({ cell, heading, title }) => (
            <th key={cell} title={title}>
              {heading}
            </th>
          ))}
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
