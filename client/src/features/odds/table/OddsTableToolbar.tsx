import { plural } from '@oddspulse/shared';
import { useAtom } from 'jotai';
import { oddsFormatAtom } from '../../../state/display-settings';
import { PAGE_SIZE } from './pagination';

/** The table's page sizes: 15 (spec 001 §9), 50, or every row in a windowed list. */
export const PAGE_SIZES = [PAGE_SIZE, 50, 'all'] as const;
export type PageSizeOption = (typeof PAGE_SIZES)[number];

function FormatToggle() {
  const [format, setFormat] = useAtom(oddsFormatAtom);
  return (
    <div className="format-toggle" role="radiogroup" aria-label="Odds format">
      {(['american', 'decimal', 'fractional'] as const).map((f) => (
        <button
          key={f}
          type="button"
          role="radio"
          aria-checked={format === f}
          className={format === f ? 'active' : ''}
          onClick={() => setFormat(f)}
        >
          {f.charAt(0).toUpperCase() + f.slice(1)}
        </button>
      ))}
    </div>
  );
}

/** Above the rows: how many, whether their order is held, the page size and (unless the parent fixes it) the odds format. */
export function OddsTableToolbar({
  count,
  held,
  heldBack,
  onResort,
  pageSize,
  onPageSize,
  showFormat,
}: {
  count: number;
  held: boolean;
  /** What the held order keeps back ("3 new, 5 moved"), empty when nothing. */
  heldBack: string;
  onResort: () => void;
  pageSize: PageSizeOption;
  onPageSize: (size: PageSizeOption) => void;
  showFormat: boolean;
}) {
  return (
    <div className="table-toolbar">
      <span className="muted small" data-testid="row-count">
        {plural(count, 'bet')}
      </span>
      {held && (
        <span
          className="muted small"
          data-testid="order-held"
          title="Rows keep their places while you read or act on them; prices still update"
        >
          Order held
        </span>
      )}
      {held && heldBack && (
        <button
          type="button"
          className="link-button small"
          data-testid="order-changes"
          onClick={onResort}
          title="Sort by EV now"
        >
          {heldBack} — show
        </button>
      )}
      <label className="small">
        Rows{' '}
        <select
          value={String(pageSize)}
          onChange={(e) => onPageSize(e.target.value === 'all' ? 'all' : (Number(e.target.value) as PageSizeOption))}
        >
          {PAGE_SIZES.map((s) => (
            <option key={s} value={String(s)}>
              {s === 'all' ? 'All' : s}
            </option>
          ))}
        </select>
      </label>
      {showFormat && <FormatToggle />}
    </div>
  );
}
