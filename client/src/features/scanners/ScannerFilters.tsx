import { useMemo } from 'react';
import { CORE_SPORTS } from '@oddspulse/shared';
import { FilterPanelFrame, useFilterDraft, type FilterSheetProps } from '../../ui/FilterPanelFrame';
import { SportsbookSelect } from '../odds';
import { MultiSelect } from '../../ui/MultiSelect';
import { ALL_SCANNER_SPORTS } from './scanner-state';

interface Draft {
  sports: string[];
  books: string[];
}

/**
 * The filter panel of the arbitrage and middles sections (spec 001 §2, §5): sports and sportsbooks, applied on
 * Apply; Reset restores every sport and the starting books (the user's saved books, DECISIONS 36). The books are the
 * scanner's view only; the scanner's inputs (minimum profit, max stake, gap, probability) live once, in the scanner
 * panel.
 */
export function ScannerFiltersPanel({
  sports,
  onSports,
  books,
  startingBooks,
  onBooks,
  ...sheet
}: {
  /** The sports watched: the kept ones, with an alert link's for its view. */
  sports: readonly string[];
  onSports: (sports: string[]) => void;
  books: readonly string[];
  startingBooks: readonly string[];
  onBooks: (books: readonly string[]) => void;
} & FilterSheetProps) {
  const current = useMemo<Draft>(() => ({ sports: [...sports], books: [...books] }), [sports, books]);
  const { draft, setDraft, dirty } = useFilterDraft(current);

  const apply = () => {
    onSports(draft.sports);
    onBooks(draft.books);
  };
  const reset = () => setDraft({ sports: [...ALL_SCANNER_SPORTS], books: [...startingBooks] });

  return (
    <FilterPanelFrame dirty={dirty} onApply={apply} onReset={reset} {...sheet}>
      <div className="filter-fields">
        <MultiSelect
          label="Sports"
          options={CORE_SPORTS.map((s) => ({ value: s.key, label: s.title, group: s.group }))}
          selected={draft.sports}
          onChange={(next) => setDraft({ ...draft, sports: next })}
        />
        <SportsbookSelect selected={draft.books} onChange={(books) => setDraft({ ...draft, books })} />
      </div>
    </FilterPanelFrame>
  );
}
